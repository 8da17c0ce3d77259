import { render, screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { phoneVerificationSentSchema } from '../../contracts/onboarding';
import { sendPhoneChangeCodeContract, verifyPhoneChangeContract } from '../../contracts/settings';
import {
  type CodeSent,
  type PhoneVerificationInput,
  phoneVerificationMachine,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/phone-verification/phone-verification.machine';
import {
  PATHS_PHONE,
  PHONE_PATHS_NOW,
  phoneVerificationPathModel,
  RIGHT_CODE,
} from '../../machines/phone-verification/phone-verification.paths';
import { api } from '../../src/api/client';
import { unwrapEnvelope } from '../../src/api/unwrap-envelope';
import { PhoneVerificationView } from '../../src/ui/phone-verification/PhoneVerificationView';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actPhoneVerificationStep,
  checkPhoneVerificationStep,
  type PhoneVerificationServer,
} from '../support/drivers/phone-verification.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { FAKE_CLOCK, HeldCalls, settle } from './support/fake-api';
import { interceptFetch, json } from './support/network';

const paths = generatePaths(phoneVerificationPathModel);

/** The chart embedded as a flow does it: its own calls (here the settings phone change's endpoints). */
function Embedding({ input }: { input: PhoneVerificationInput }) {
  const [machine] = useState(() =>
    phoneVerificationMachine.provide({
      actors: {
        sendCode: fromPromise<CodeSent, SendCodeInput>(async ({ input: call, signal }) =>
          unwrapEnvelope(
            await api.post(sendPhoneChangeCodeContract.url, {
              body: { phoneNumber: call.phoneNumber, isResend: call.isResend },
              schema: phoneVerificationSentSchema,
              signal,
            }),
          ),
        ),
        verifyCode: fromPromise<unknown, VerifyCodeInput>(async ({ input: call, signal }) =>
          unwrapEnvelope(
            await api.post(verifyPhoneChangeContract.url, {
              body: call,
              schema: verifyPhoneChangeContract.response,
              signal,
            }),
          ),
        ),
      },
    }),
  );
  const verification = useActorRef(machine, { input });
  const outcome = useSelector(verification, (s) => (s.status === 'done' ? s.output : null));
  if (outcome) return <p data-testid="outcome">{outcome.kind}</p>;
  return <PhoneVerificationView verification={verification} />;
}

function fakeEndpoints() {
  const send = new HeldCalls();
  const verify = new HeldCalls();
  interceptFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === sendPhoneChangeCodeContract.url) return send.receive(request);
    if (pathname === verifyPhoneChangeContract.url) return verify.receive(request);
    return json({ success: false, error: 'Recurso não encontrado.', code: 'NOT_FOUND' }, 404);
  });
  return { send, verify };
}

describe('phone verification chart paths, as the user sees them', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    vi.setSystemTime(PHONE_PATHS_NOW);
    // Testing Library drains each user-event call with a setTimeout(0) it only advances when it
    // sees Jest's fake timers; this lets it advance vitest's.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const endpoints = fakeEndpoints();
      const ui = jsdomSurface({ url: () => undefined });
      const server: PhoneVerificationServer = {
        async open() {
          const { now: _frozen, ...input } = path.scenario.input;
          render(<Embedding input={input} />);
          await settle();
        },
        async answerVerify(reply) {
          expect(await endpoints.verify.requests.at(-1)!.clone().json()).toEqual({
            phoneNumber: PATHS_PHONE,
            code: RIGHT_CODE,
          });
          expect(endpoints.verify.answer(reply), 'a verify call waited').toBe(1);
          await settle();
        },
        async answerSend(isResend, reply) {
          expect(await endpoints.send.requests.at(-1)!.clone().json()).toEqual({
            phoneNumber: PATHS_PHONE,
            isResend,
          });
          expect(endpoints.send.answer(reply), 'a send call waited').toBe(1);
          await settle();
        },
        left: async () =>
          (screen.queryByTestId('outcome')?.textContent as 'verified' | 'changeNumber' | undefined) ?? null,
      };
      await walkPath(phoneVerificationPathModel, path, {
        act: (index) => actPhoneVerificationStep(ui, server, path, index),
        check: (index) => checkPhoneVerificationStep(ui, server, path, index),
      });
    },
  );
});
