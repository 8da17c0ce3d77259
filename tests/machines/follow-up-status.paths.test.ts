import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FollowUpStatusEmitted,
  type FollowUpStatusSnapshot,
  sendableNow,
  stateOfStatus,
} from '../../machines/follow-up-status/follow-up-status.machine';
import { followUpStatusPathModel } from '../../machines/follow-up-status/follow-up-status.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(followUpStatusPathModel);

describe('follow-up-status chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(followUpStatusPathModel, paths);
    expect(coverage.states.total).toBe(15);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(followUpStatusPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: commands only as the server takes them, one outcome each',
    async (_name, path) => {
      const actor = await replayPath(followUpStatusPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          const { followUp } = (snapshot as FollowUpStatusSnapshot).context;
          // Resting, the chart stands where the follow-up does.
          if (snapshot.matches('standing'))
            expect(snapshot.value).toEqual({ standing: stateOfStatus[followUp.status] });
          // No command the server would refuse, none the problem does not list, none twice at once.
          const offered = followUp.problem?.actions ?? [];
          if (snapshot.can({ type: 'SEND_NOW' })) {
            expect(offered).toContain('send_now');
            expect(sendableNow(followUp)).toBe(true);
          }
          if (snapshot.can({ type: 'RESUME' })) {
            expect(offered).toContain('resume');
            expect(followUp.status).toBe('paused');
          }
          if (snapshot.matches('requesting')) {
            expect(snapshot.can({ type: 'SEND_NOW' })).toBe(false);
            expect(snapshot.can({ type: 'RESUME' })).toBe(false);
          }
        },
      });
      actor.stop();
    },
  );

  it("says each outcome once: taken, or refused with the server's words", async () => {
    for (const path of paths) {
      const emitted: FollowUpStatusEmitted[] = [];
      await replayPath(followUpStatusPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ index, actor }) => {
          if (index === 0) actor.on('*', (event: FollowUpStatusEmitted) => emitted.push(event));
        },
      }).then((actor) => actor.stop());
      const outcomes = path.steps
        .map((step) => step.event)
        .filter((event) => /^xstate\.(done|error)\.actor\./.test(event.type))
        .map((event) => {
          const command = event.type.endsWith('sendNow') ? 'send_now' : 'resume';
          return event.type.startsWith('xstate.done')
            ? { type: 'commandDone', command }
            : { type: 'commandFailed', command, message: (event.error as Error).message };
        });
      expect(emitted.map(({ followUp: _, ...rest }) => rest)).toEqual(outcomes);
    }
  });
});
