import { describe, expect, it, vi } from 'vitest';
import { fromCallback } from 'xstate';
import {
  backoffDelay,
  REALTIME_BACKOFF_CAP_MS,
  type RealtimeSocketInput,
} from '../../machines/realtime/realtime-connection.machine';
import { realtimeConnectionPathModel } from '../../machines/realtime/realtime-connection.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(realtimeConnectionPathModel);

describe('realtime chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(realtimeConnectionPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(6);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(realtimeConnectionPathModel, paths, /undefined|\[object Object\]/);
  });

  it('waits longer after each failed try, up to the cap, with jitter', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(backoffDelay(1, () => 0.99)).toBe(995);
    expect(backoffDelay(20, () => 1)).toBe(REALTIME_BACKOFF_CAP_MS);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: one socket per try, with the token, and the side effects',
    async (_name, path) => {
      vi.useFakeTimers();
      const sockets: string[] = [];
      const pings: string[] = [];
      const effects = { invalidate: 0, invalidateAll: 0, requestRefresh: 0 };
      const expected = { invalidate: 0, invalidateAll: 0, requestRefresh: 0 };
      try {
        const actor = await replayPath(realtimeConnectionPathModel, path, {
          advance: (ms) => vi.advanceTimersByTimeAsync(ms),
          provide: {
            actors: {
              socket: fromCallback<{ type: 'PING' }, RealtimeSocketInput>(({ input, receive }) => {
                sockets.push(input.token);
                receive(() => pings.push(input.token));
              }),
            },
            actions: {
              invalidate: () => void effects.invalidate++,
              invalidateAll: () => void effects.invalidateAll++,
              requestRefresh: () => void effects.requestRefresh++,
            },
          },
          onStep: ({ index, step, snapshot }) => {
            expectStepState(snapshot, step);
            const before = index > 0 ? path.steps[index - 1]!.state : null;
            const { type } = step.event;
            if (type === 'EVENT') expected.invalidate++;
            if (type === 'READY' && before?.context.wasReady) expected.invalidateAll++;
            if (type === 'CLOSED' && (step.event as unknown as { code: number }).code === 4401)
              expected.requestRefresh++;
            expect(effects).toEqual(expected);
            // The socket of the moment was dialled with the token of the moment.
            if (snapshot.matches('live')) expect(sockets.at(-1)).toBe(snapshot.context.token);
            if (snapshot.matches({ live: { open: 'awaitingPong' } }))
              expect(pings.at(-1)).toBe(snapshot.context.token);
          },
        });
        actor.stop();
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
