import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type AppliedMove, dealBoardMachine } from '../../machines/deal-board/deal-board.machine';
import {
  cake,
  type DealBoardSnapshot,
  dealBoardPathModel,
  layoutOfBoard,
  pathsBoard,
  savedDeal,
} from '../../machines/deal-board/deal-board.paths';
import {
  type BoardLayout,
  placeInStage,
  positionOf,
  stepFrom,
} from '../../machines/deal-board/deal-board-layout';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(dealBoardPathModel);
const layout = layoutOfBoard(pathsBoard);

describe('deal board chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(dealBoardPathModel, paths);
    // root, resting, idle, failed, lifted, dragging, saving
    expect(coverage.states.total).toBe(7);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(dealBoardPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const applied: AppliedMove[] = [];
      const asked: unknown[] = [];
      const calls: string[] = [];
      const actor = await replayPath(dealBoardPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: {
          actions: {
            applyMove: (_: unknown, params: AppliedMove) => {
              applied.push(params);
              calls.push('applyMove');
            },
            rollBack: () => {
              calls.push('rollBack');
            },
            moved: () => {
              calls.push('moved');
            },
          },
        },
        onStep: ({ index, step, snapshot, actor }) => {
          if (index === 0) actor.on('moveFailed', () => calls.push('moveFailed'));
          expectStepState(snapshot, step);
          const child = (snapshot as DealBoardSnapshot).children.moveDeal;
          if (child && step.event.type !== 'xstate.init') asked.push(child.getSnapshot().input);
        },
      });
      const end = actor.getSnapshot() as DealBoardSnapshot;
      // Every save asks for the place shown, and is shown before it is asked.
      for (const [i, move] of applied.entries()) {
        expect(asked[i]).toEqual({
          dealId: move.deal.id,
          stageId: move.target.stageId,
          index: move.target.index,
        });
        expect(move.origin).toEqual(positionOf(layout, move.deal.id));
      }
      // A failed save is rolled back and reported (emitted); a saved one is not.
      const failures = path.steps.filter((s) => s.event.type === 'xstate.error.actor.moveDeal').length;
      expect(calls.filter((c) => c === 'rollBack')).toHaveLength(failures);
      expect(calls.filter((c) => c === 'moveFailed')).toHaveLength(failures);
      expect(calls.filter((c) => c === 'applyMove')).toHaveLength(
        path.steps.filter((s) => (s.state as DealBoardSnapshot).matches('saving')).length,
      );
      if (end.context.outcome === 'saved') expect(calls.at(-1)).toBe('moved');
      actor.stop();
    },
  );
});

describe('deal board chart: guards', () => {
  const start = { deal: cake, layout };
  const everyones = { assignee: 'all' } as const;

  it('"Minhas" / "De todos" at rest: another board, the last move forgotten; the same one changes nothing', () => {
    const actor = createActor(dealBoardMachine, { input: everyones }).start();
    actor.send({ type: 'LIFT', ...start });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
    actor.send({ type: 'FILTER', assignee: 'all' });
    expect(actor.getSnapshot().context.outcome).toBe('cancelled');
    actor.send({ type: 'FILTER', assignee: 'me' });
    expect(actor.getSnapshot().value).toEqual({ resting: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ assignee: 'me', deal: null, outcome: null });
    actor.stop();
  });

  it('a move under way keeps its board: the filter waits until it ends', () => {
    const actor = createActor(dealBoardMachine, { input: { assignee: 'me' } }).start();
    actor.send({ type: 'DRAG_START', ...start });
    actor.send({ type: 'FILTER', assignee: 'all' });
    expect(actor.getSnapshot().value).toBe('dragging');
    expect(actor.getSnapshot().context.assignee).toBe('me');
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'FILTER', assignee: 'all' });
    expect(actor.getSnapshot().context.assignee).toBe('all');
    actor.stop();
  });

  it('a deal the board does not hold cannot be lifted or moved', () => {
    const actor = createActor(dealBoardMachine, { input: everyones }).start();
    actor.send({ type: 'LIFT', deal: { id: 'd-outro', title: 'Outro' }, layout });
    expect(actor.getSnapshot().value).toEqual({ resting: 'idle' });
    actor.send({ type: 'MOVE_TO', deal: cake, layout, target: { stageId: 'st-novo', index: 0 } });
    expect(actor.getSnapshot().value).toEqual({ resting: 'idle' });
    actor.send({ type: 'MOVE_TO', deal: cake, layout, target: { stageId: 'st-nenhuma', index: 0 } });
    expect(actor.getSnapshot().value).toEqual({ resting: 'idle' });
    actor.stop();
  });

  it('nothing else starts while a move is saved', () => {
    const actor = createActor(
      dealBoardMachine.provide({ actors: { moveDeal: fromPromise(() => new Promise(() => {})) } }),
      { input: everyones },
    ).start();
    actor.send({ type: 'MOVE_TO', ...start, target: { stageId: 'st-negociacao', index: 1 } });
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'LIFT', ...start });
    actor.send({ type: 'DRAG_START', ...start });
    expect(actor.getSnapshot().value).toBe('saving');
    actor.stop();
  });

  it('a place past a column’s end is refused while dragging', () => {
    const actor = createActor(dealBoardMachine, { input: everyones }).start();
    actor.send({ type: 'DRAG_START', ...start });
    actor.send({ type: 'HOVER', target: { stageId: 'st-negociacao', index: 2 } });
    expect(actor.getSnapshot().context.target).toEqual({ stageId: 'st-novo', index: 0 });
    actor.send({ type: 'HOVER', target: { stageId: 'st-negociacao', index: 1 } });
    expect(actor.getSnapshot().context.target).toEqual({ stageId: 'st-negociacao', index: 1 });
    actor.stop();
  });
});

describe('deal board layout', () => {
  const three: BoardLayout = [
    { stageId: 'a', name: 'A', dealIds: ['x', 'y', 'z'], totalCount: 7 },
    { stageId: 'b', name: 'B', dealIds: [], totalCount: 0 },
    { stageId: 'c', name: 'C', dealIds: ['w'], totalCount: 1 },
  ];

  it.each([
    [{ stageId: 'a', index: 0 }, 'up', null],
    [{ stageId: 'a', index: 0 }, 'down', { stageId: 'a', index: 1 }],
    // x is one of the three: it can go below the other two, no further.
    [{ stageId: 'a', index: 2 }, 'down', null],
    [{ stageId: 'a', index: 2 }, 'right', { stageId: 'b', index: 0 }],
    [{ stageId: 'b', index: 0 }, 'right', { stageId: 'c', index: 0 }],
    [{ stageId: 'c', index: 1 }, 'left', { stageId: 'b', index: 0 }],
    [{ stageId: 'c', index: 1 }, 'right', null],
    [{ stageId: 'a', index: 0 }, 'left', null],
  ] as const)('from %o, %s gives %o', (from, direction, to) => {
    expect(stepFrom(three, 'x', from, direction)).toEqual(to);
  });

  it('counts the whole stage, and the deal itself when it comes from another one', () => {
    const origin = { stageId: 'a', index: 0 };
    expect(placeInStage(three, origin, { stageId: 'a', index: 1 })).toEqual({
      stageName: 'A',
      place: 2,
      of: 7,
    });
    expect(placeInStage(three, origin, { stageId: 'c', index: 1 })).toEqual({
      stageName: 'C',
      place: 2,
      of: 2,
    });
  });

  it('the saved deal is the one the paths move', () => {
    expect(savedDeal.id).toBe(cake.id);
  });
});
