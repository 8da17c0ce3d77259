import { describe, expect, it } from 'vitest';
import { jsdomReplays, pathModels } from '../../scripts/path-models';
import { type CoverageLayer, coverageSummary, readCoverage } from '../support/path-coverage';

// Runs after the machines and web projects (sequence.groupOrder): what their replays walked in this
// run, and before it for files not run this time, is in test-results/coverage/<layer>/<chart>/.
const expected: Record<Exclude<CoverageLayer, 'browser'>, Record<string, string>> = {
  machine: Object.fromEntries(
    Object.keys(pathModels).map((chart) => [chart, 'its paths test in tests/machines']),
  ),
  jsdom: jsdomReplays,
};

for (const [layer, charts] of Object.entries(expected) as Array<[CoverageLayer, Record<string, string>]>) {
  describe(`chart paths replayed on the ${layer === 'machine' ? 'machine' : 'views in jsdom'}`, () => {
    it.each(Object.keys(charts))('%s: every state and transition reached', (chart) => {
      const model = pathModels[chart]!;
      const measured = readCoverage(layer, model);
      expect(
        measured,
        `no replay of ${chart} was recorded on the ${layer} layer (${charts[chart]})`,
      ).toBeDefined();
      const { coverage } = measured!;
      expect(
        { states: coverage.states.missing, transitions: coverage.transitions.missing },
        `${chart} on the ${layer} layer: ${coverageSummary(coverage)}`,
      ).toEqual({ states: [], transitions: [] });
    });
  });
}
