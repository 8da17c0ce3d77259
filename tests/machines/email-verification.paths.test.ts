import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type EmailVerificationSnapshot,
  emailVerificationPathModel,
  VERIFICATION_TOKEN,
} from '../../machines/email-verification/email-verification.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(emailVerificationPathModel);

describe('email verification chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(emailVerificationPathModel, paths);
    expect(coverage.states.total).toBe(6);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(emailVerificationPathModel, paths, /undefined|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const asked: unknown[] = [];
      const actor = await replayPath(emailVerificationPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          const child = (snapshot as EmailVerificationSnapshot).children.validateEmail;
          if (child) asked.push(child.getSnapshot().input);
        },
      });
      // Only a verified e-mail says so; the token asked for is the one of the link.
      const end = actor.getSnapshot() as EmailVerificationSnapshot;
      expect(end.context.emailVerified).toBe(end.value === 'verified');
      for (const input of asked) expect(input).toEqual({ verificationToken: VERIFICATION_TOKEN });
      actor.stop();
    },
  );
});
