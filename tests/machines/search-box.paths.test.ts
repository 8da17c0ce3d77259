import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SEARCH_DEBOUNCE_MS, searchBoxMachine } from '../../machines/search-box/search-box.machine';
import { type SearchBoxSnapshot, searchBoxPathModel } from '../../machines/search-box/search-box.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(searchBoxPathModel);

describe('search-box chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(searchBoxPathModel, paths);
    expect(coverage.states.total).toBe(3);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(searchBoxPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine, telling each new search once',
    async (_name, path) => {
      const told: string[] = [];
      const actor = await replayPath(searchBoxPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ index, step, snapshot, actor }) => {
          if (index === 0) actor.on('applied', (event: { search: string }) => told.push(event.search));
          expectStepState(snapshot, step);
        },
      });
      // Every search put in effect by typing is told; a search set from elsewhere is not.
      const expected: string[] = [];
      path.steps.forEach((step, i) => {
        const before = i > 0 ? (path.steps[i - 1]!.state as SearchBoxSnapshot) : null;
        const after = step.state as SearchBoxSnapshot;
        if (before && step.event.type !== 'SHOW' && after.context.applied !== before.context.applied)
          expected.push(after.context.applied);
      });
      expect(told).toEqual(expected);
      actor.stop();
    },
  );
});

describe('search box', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the search once typing pauses for SEARCH_DEBOUNCE_MS, not at each keystroke', () => {
    const box = createActor(searchBoxMachine, { input: { search: '' } }).start();
    const told: string[] = [];
    box.on('applied', (event) => told.push(event.search));
    box.send({ type: 'TYPE', text: 'an' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    box.send({ type: 'TYPE', text: 'ana' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(told).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told).toEqual(['ana']);
    expect(box.getSnapshot().context).toMatchObject({ text: 'ana', applied: 'ana' });
  });

  it('a search set from elsewhere drops the one pending and shows in the box', () => {
    const box = createActor(searchBoxMachine, { input: { search: 'ana' } }).start();
    const told: string[] = [];
    box.on('applied', (event) => told.push(event.search));
    box.send({ type: 'TYPE', text: 'maria' });
    box.send({ type: 'SHOW', search: 'jo' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(told).toEqual([]);
    expect(box.getSnapshot().context).toMatchObject({ text: 'jo', applied: 'jo' });
    // The address coming back with what the box applied is no news: what is typed stays.
    box.send({ type: 'TYPE', text: ' jo ' });
    box.send({ type: 'SHOW', search: 'jo' });
    expect(box.getSnapshot().context.text).toBe(' jo ');
  });
});
