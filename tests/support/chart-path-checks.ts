/**
 * The checks every chart's path tests make, in vitest terms (chart-paths.ts itself stays free of any
 * test framework, since Playwright and `npm run paths` share it).
 */

import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  type ChartPath,
  type Coverage,
  checkCoverage,
  describePath,
  type PathModel,
  type PathStep,
} from './chart-paths';

/** No state and no transition of the chart is left off the paths; the coverage is returned for totals. */
export function expectFullCoverage<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  paths: ReadonlyArray<ChartPath<S, I>>,
): Coverage {
  const coverage = checkCoverage(model, paths);
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing).toEqual([]);
  return coverage;
}

/** Paths are numbered 1..n and each one reads as a story, with nothing `unreadable` in it. */
export function expectNumberedStories<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  paths: ReadonlyArray<ChartPath<S, I>>,
  unreadable: RegExp,
): void {
  expect(paths.map((p) => p.number)).toEqual(paths.map((_, i) => i + 1));
  for (const path of paths) expect(describePath(model, path)).not.toMatch(unreadable);
}

/** The replayed machine is in the state the path step says, context and all. */
export function expectStepState(snapshot: AnyMachineSnapshot, step: PathStep): void {
  expect(snapshot.value).toEqual(step.state.value);
  expect(snapshot.context).toEqual(step.state.context);
}
