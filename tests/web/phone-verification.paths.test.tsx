import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  type PhoneVerificationScreen,
  type PhoneVerificationUserAction,
  phoneVerificationPathModel,
  planPhoneVerificationStep,
  RIGHT_CODE,
} from '../../machines/phone-verification/phone-verification.paths';
import { api } from '../../src/api/client';
import { unwrapEnvelope } from '../../src/api/unwrap-envelope';
import { PhoneVerificationView } from '../../src/ui/phone-verification/PhoneVerificationView';
import { generatePaths, walkPath } from '../support/chart-paths';
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

/** An answer's instants moved from the paths' frozen clock to the moment it is given. */
function shiftedToNow(body: unknown): unknown {
  const data = (body as { data?: Record<string, unknown> }).data;
  if (!data || typeof data.resendAvailableAt !== 'string') return body;
  const shift = (iso: unknown) =>
    new Date(Date.parse(String(iso)) - PHONE_PATHS_NOW + Date.now()).toISOString();
  return {
    ...(body as object),
    data: { ...data, resendAvailableAt: shift(data.resendAvailableAt), expiresAt: shift(data.expiresAt) },
  };
}

const codeField = () => screen.getByLabelText('Código de verificação') as HTMLInputElement;

function expectScreen(seen: PhoneVerificationScreen) {
  if (seen.left) {
    expect(screen.getByTestId('outcome').textContent).toBe(seen.left);
    return;
  }
  expect(screen.getByText(seen.phone).tagName).toBe('STRONG');
  expect(screen.queryAllByRole('alert').map((el) => el.textContent)).toEqual(seen.alerts);
  if (seen.firstCode) {
    // Nothing was sent: no code to type, one way to send it.
    expect(screen.getByText(/^Ainda não enviamos um código para/)).toBeTruthy();
    expect(screen.queryByLabelText('Código de verificação')).toBeNull();
    const send = screen.getByRole('button', {
      name: seen.firstCode === 'sending' ? 'Enviando código...' : 'Enviar código',
    }) as HTMLButtonElement;
    expect(send.disabled).toBe(seen.firstCode === 'sending');
    expect(screen.getByRole('button', { name: 'Alterar número' })).toBeTruthy();
    return;
  }
  expect(screen.queryByText(/^Ainda não enviamos/)).toBeNull();
  expect(screen.getByText(/^Enviamos um código de 6 números por SMS para/)).toBeTruthy();
  expect(codeField().value).toBe(seen.code);
  expect(codeField().readOnly).toBe(seen.verifying);
  expect(screen.queryAllByRole('alert').map((el) => el.textContent)).toEqual(seen.alerts);
  expect(codeField().getAttribute('aria-invalid')).toBe(seen.codeInvalid ? 'true' : null);
  const resend = screen.getByRole('button', {
    name: /^Reenviar código|^Enviando código/,
  }) as HTMLButtonElement;
  if (seen.resend === 'countdown') {
    expect(resend.textContent).toMatch(/^Reenviar código em [0-9]:[0-5][0-9]$/);
    expect(resend.disabled).toBe(true);
  } else if (seen.resend === 'sending') {
    expect(resend.textContent).toBe('Enviando código...');
    expect(resend.disabled).toBe(true);
  } else {
    expect(resend.textContent).toBe('Reenviar código');
    expect(resend.disabled).toBe(false);
  }
  expect(!!screen.queryByText('Enviamos um novo código.')).toBe(seen.resentNotice);
  expect(screen.getByRole('button', { name: seen.verifying ? 'Validando...' : 'Validar' })).toBeTruthy();
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
      const server = fakeEndpoints();
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      const { now: _frozen, ...input } = path.scenario.input;
      render(<Embedding input={input} />);
      await settle();

      const perform = async (action: PhoneVerificationUserAction) => {
        switch (action.do) {
          case 'type-code':
            await user.clear(codeField());
            await user.type(codeField(), action.code);
            break;
          case 'click':
            await user.click(screen.getByRole('button', { name: action.button }));
            break;
          case 'answer-verify': {
            expect(await server.verify.requests.at(-1)!.clone().json()).toEqual({
              phoneNumber: PATHS_PHONE,
              code: RIGHT_CODE,
            });
            expect(
              server.verify.answer({ status: action.status, body: action.body }),
              'a verify call waited',
            ).toBe(1);
            break;
          }
          case 'answer-send': {
            expect(await server.send.requests.at(-1)!.clone().json()).toEqual({
              phoneNumber: PATHS_PHONE,
              isResend: action.isResend,
            });
            const body = shiftedToNow(action.body);
            expect(server.send.answer({ status: action.status, body }), 'a send call waited').toBe(1);
            break;
          }
          case 'wait':
            await act(() => vi.advanceTimersByTimeAsync(action.seconds * 1000));
            break;
        }
        await settle();
      };
      await walkPath(phoneVerificationPathModel, path, {
        act: async (index) => {
          for (const action of planPhoneVerificationStep(path, index).actions) await perform(action);
        },
        check: (index) => expectScreen(planPhoneVerificationStep(path, index).screen),
      });
    },
  );
});
