import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastSnapshot, toastPathModel } from '../../machines/toasts/toast.paths';
import { expectFullCoverage } from '../support/chart-path-checks';
import { describePath, generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(toastPathModel);

describe('toasts chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(toastPathModel, paths);
    expect(coverage.states.total).toBeGreaterThan(0);
    expect(coverage.transitions.total).toBeGreaterThan(0);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expect(paths.map((p) => p.number)).toEqual(paths.map((_, i) => i + 1));
    for (const path of paths) {
      const text = describePath(toastPathModel, path);
      expect(text.split('\n')).toHaveLength(path.steps.length + 1);
      expect(text).not.toMatch(/undefined|\[object Object\]/);
    }
  });

  it('generates the same paths every time (testers refer to them by number)', () => {
    const again = generatePaths(toastPathModel);
    expect(again.map((p) => describePath(toastPathModel, p))).toEqual(
      paths.map((p) => describePath(toastPathModel, p)),
    );
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const actor = await replayPath(toastPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          const expected = step.state as ToastSnapshot;
          const actual = snapshot as ToastSnapshot;
          expect(actual.value).toEqual(expected.value);
          expect(actual.context.toast).toMatchObject({
            type: expected.context.toast.type,
            title: expected.context.toast.title,
            description: expected.context.toast.description,
          });
          expect(actual.context.reason).toBe(expected.context.reason);
          expect(actual.context.held).toBe(expected.context.held);
          if (actual.matches({ shown: 'timed' }))
            expect(actual.context.remaining).toBe(expected.context.remaining);
        },
      });
      const end = path.steps[path.steps.length - 1]!.state as ToastSnapshot;
      if (end.matches('gone')) {
        expect(actor.getSnapshot().status).toBe('done');
        expect(actor.getSnapshot().output).toEqual({ id: end.context.toast.id, reason: end.context.reason });
      } else {
        expect(actor.getSnapshot().status).toBe('active');
      }
      actor.stop();
    },
  );
});
