import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  customerExportPathModel,
  EXPORT_FILENAME,
} from '../../machines/customer-export/customer-export.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(customerExportPathModel);

describe('customer-export chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(customerExportPathModel, paths);
    expect(coverage.states.total).toBe(3);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(customerExportPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: a file is saved, or the failure said, once per export',
    async (_name, path) => {
      const saved: string[] = [];
      const failures: string[] = [];
      const actor = await replayPath(customerExportPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: {
          actions: {
            saveFile: (_: unknown, file: { filename: string }) => saved.push(file.filename),
            showFailure: (_: unknown, message: string) => failures.push(message),
          },
        },
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          // While the file is made, another press does nothing.
          if (snapshot.matches('exporting')) expect(snapshot.can({ type: 'EXPORT' })).toBe(false);
        },
      });
      const ended = (kind: string) =>
        path.steps.filter((step) => step.event.type === `xstate.${kind}.actor.exportCustomers`).length;
      expect(saved).toEqual(Array(ended('done')).fill(EXPORT_FILENAME));
      expect(failures).toHaveLength(ended('error'));
      actor.stop();
    },
  );
});
