import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PhoneVerificationSent } from '../../contracts/onboarding';
import {
  phoneChangeMachine,
  type SendChangeCodeInput,
  typedDigits,
} from '../../machines/phone-change/phone-change.machine';
import {
  codeSentTo,
  NEW_PHONE,
  type PhoneChangeSnapshot,
  phoneChangePathModel,
} from '../../machines/phone-change/phone-change.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(phoneChangePathModel);

describe('phone change chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(phoneChangePathModel, paths);
    expect(coverage.states.total).toBe(4);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(phoneChangePathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const asked: unknown[] = [];
      const actor = await replayPath(phoneChangePathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          const child = (snapshot as PhoneChangeSnapshot).children.sendCode;
          if (child) asked.push(child.getSnapshot().input);
        },
      });
      const end = actor.getSnapshot() as PhoneChangeSnapshot;
      // Only a new, valid number is ever sent, with the country code, as a first send.
      for (const input of asked) expect(input).toEqual({ phoneNumber: NEW_PHONE, isResend: false });
      if (end.status === 'done') expect(end.output).toEqual(codeSentTo);
      actor.stop();
    },
  );

  it('once sent, hands the answer to the app, then emits the way to "Valide seu telefone" for that number', async () => {
    const happened: string[] = [];
    const actor = createActor(
      phoneChangeMachine.provide({
        actors: { sendCode: fromPromise<PhoneVerificationSent, SendChangeCodeInput>(async () => codeSentTo) },
        actions: { codeSent: (_, sent) => happened.push(`codeSent ${sent.phoneNumber}`) },
      }),
      { input: { currentPhone: '5511987654321' } },
    );
    actor.on('navigate', (event) => happened.push(`navigate ${event.to}`));
    actor.start();
    actor.send({ type: 'CHANGE', phone: '(21) 99876-5432' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(happened).toEqual([
      `codeSent ${NEW_PHONE}`,
      `navigate /settings/access-security/phone-change/validate?phone=${NEW_PHONE}`,
    ]);
  });

  it.each([
    ['(21) 99876-5432', '21998765432'],
    ['+55 21 99876-5432', '21998765432'],
    ['5521998765432', '21998765432'],
    ['21 9 9876 5432 0', '21998765432'],
    ['abc', ''],
  ])('keeps the national digits of %s', (text, digits) => {
    expect(typedDigits(text)).toBe(digits);
  });
});
