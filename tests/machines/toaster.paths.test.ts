import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToasterSnapshot, toasterPathModel } from '../../machines/toasts/toaster.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { describePath, generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(toasterPathModel);

describe('toaster chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(toasterPathModel, paths);
    expect(coverage.transitions.total).toBeGreaterThanOrEqual(6);
  });

  it('reaches a full screen with a toast waiting, and a hold on the toasts', () => {
    const kinds = new Set(paths.flatMap((p) => p.steps.map((s) => toasterPathModel.coverageKey(s.state))));
    expect(kinds).toContain('3 shown, 1 waiting');
    expect([...kinds].some((k) => k.endsWith('held'))).toBe(true);
  });

  it('numbers paths 1..n, each one a readable story, the same every time', () => {
    expectNumberedStories(toasterPathModel, paths, /undefined|\[object Object\]/);
    expect(generatePaths(toasterPathModel).map((p) => describePath(toasterPathModel, p))).toEqual(
      paths.map((p) => describePath(toasterPathModel, p)),
    );
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const actor = await replayPath(toasterPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          const expected = (step.state as ToasterSnapshot).context;
          const actual = (snapshot as ToasterSnapshot).context;
          expect(actual.toasts.map((t) => [t.id, t.key, t.revealed])).toEqual(
            expected.toasts.map((t) => [t.id, t.key, t.revealed]),
          );
          expect(actual.held).toBe(expected.held);
          // Every toast the toaster knows is alive, and held exactly when the toaster is.
          for (const entry of actual.toasts) {
            expect(entry.ref.getSnapshot().status).toBe('active');
            expect(entry.ref.getSnapshot().context.held).toBe(actual.held);
          }
        },
      });
      actor.stop();
    },
  );
});
