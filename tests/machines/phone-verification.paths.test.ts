import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  codeDigits,
  type PhoneVerificationSnapshot,
  phoneVerificationMachine,
  type VerifyCodeInput,
} from '../../machines/phone-verification/phone-verification.machine';
import {
  codeSent,
  PATHS_PHONE,
  PHONE_PATHS_NOW,
  phoneVerificationPathModel,
  RIGHT_CODE,
  verifiedAnswer,
} from '../../machines/phone-verification/phone-verification.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { describePath, generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(phoneVerificationPathModel);

describe('phone verification chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(phoneVerificationPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(17);
  });

  it('numbers paths 1..n, each one a readable story, the same every time', () => {
    expectNumberedStories(phoneVerificationPathModel, paths, /undefined|\[object Object\]/);
    expect(
      generatePaths(phoneVerificationPathModel).map((p) => describePath(phoneVerificationPathModel, p)),
    ).toEqual(paths.map((p) => describePath(phoneVerificationPathModel, p)));
  });

  it('ends both ways: verified with the answer, or back to change the number', () => {
    const ends = new Set(
      paths
        .map((p) => p.steps.at(-1)!.state as PhoneVerificationSnapshot)
        .filter((s) => s.status === 'done')
        .map((s) => JSON.stringify(s.output)),
    );
    expect(ends).toEqual(
      new Set([
        JSON.stringify({ kind: 'verified', answer: verifiedAnswer }),
        JSON.stringify({ kind: 'changeNumber' }),
      ]),
    );
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine, asking the server what the step says',
    async (_name, path) => {
      const actor = await replayPath(phoneVerificationPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          const expected = step.state as PhoneVerificationSnapshot;
          const actual = snapshot as PhoneVerificationSnapshot;
          expect(actual.value).toEqual(expected.value);
          const { now: _a, ...actualContext } = actual.context;
          const { now: _e, ...expectedContext } = expected.context;
          expect(actualContext).toEqual(expectedContext);
          const verify = actual.children.verifyCode;
          if (verify)
            expect(verify.getSnapshot().input).toEqual({ phoneNumber: PATHS_PHONE, code: RIGHT_CODE });
          const send = actual.children.sendCode;
          // The first code of a page opened with none pending is no resend.
          if (send)
            expect(send.getSnapshot().input).toEqual({
              phoneNumber: PATHS_PHONE,
              isResend: !actual.matches('unsent'),
            });
        },
      });
      const end = path.steps.at(-1)!.state as PhoneVerificationSnapshot;
      expect(actor.getSnapshot().status).toBe(end.status);
      actor.stop();
    },
  );
});

describe('phone verification chart: details a path does not show', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps only the digits of what is typed or pasted, at most 6', () => {
    expect(codeDigits('Seu código: 123-456')).toBe('123456');
    expect(codeDigits('1 2 3 4 5 6 7 8')).toBe('123456');
    expect(codeDigits('abc')).toBe('');
  });

  it('counts the cooldown down on the clock it is given, to the millisecond', async () => {
    let now = PHONE_PATHS_NOW;
    vi.setSystemTime(now);
    const actor = createActor(phoneVerificationMachine, {
      input: { phoneNumber: PATHS_PHONE, sent: codeSent, now: () => now },
    }).start();
    expect(actor.getSnapshot().matches({ active: { resend: 'coolingDown' } })).toBe(true);
    now += 59_999;
    await vi.advanceTimersByTimeAsync(59_999);
    expect(actor.getSnapshot().matches({ active: { resend: 'coolingDown' } })).toBe(true);
    now += 1;
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ active: { resend: 'available' } })).toBe(true);
    actor.stop();
  });

  it('a cooldown already over leaves the resend available at once', () => {
    const actor = createActor(phoneVerificationMachine, {
      input: { phoneNumber: PATHS_PHONE, sent: codeSent, now: () => PHONE_PATHS_NOW + 61_000 },
    }).start();
    expect(actor.getSnapshot().matches({ active: { resend: 'available' } })).toBe(true);
    actor.stop();
  });

  it('the default calls fail instead of pretending: the embedding flow must provide them', async () => {
    const actor = createActor(phoneVerificationMachine, { input: { phoneNumber: PATHS_PHONE } }).start();
    actor.send({ type: 'CHANGE_CODE', code: RIGHT_CODE });
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ active: { code: 'rejected' } })).toBe(true));
    actor.stop();
  });

  it('hands the verify answer out as the output', async () => {
    const machine = phoneVerificationMachine.provide({
      actors: { verifyCode: fromPromise<unknown, VerifyCodeInput>(async () => ({ ok: 'sim' })) },
    });
    const actor = createActor(machine, { input: { phoneNumber: PATHS_PHONE } }).start();
    actor.send({ type: 'CHANGE_CODE', code: RIGHT_CODE });
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ kind: 'verified', answer: { ok: 'sim' } });
  });
});
