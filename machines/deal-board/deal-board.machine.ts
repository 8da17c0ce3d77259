import { assign, emit, fromPromise, setup } from 'xstate';
import type { AssigneeFilter } from '../../contracts/activity';
import type { Deal } from '../../contracts/sales';
import { failureMessage } from '../failure-message';
import {
  type BoardLayout,
  type BoardPosition,
  isPlace,
  type MoveDirection,
  positionOf,
  samePosition,
  stepFrom,
} from './deal-board-layout';

export interface MovingDeal {
  id: string;
  title: string;
}

/** How the deal is being moved: lifted with the keyboard, dragged with a pointer, or picked in "Mover para…". */
export type MoveMode = 'keyboard' | 'pointer' | 'menu';

/** How the last move ended, for what the view says. */
export type MoveOutcome = 'saved' | 'cancelled' | 'unchanged' | 'failed';

export interface DealBoardContext {
  /** Whose deals the board shows: the caller's ("Minhas") or everyone's ("De todos"). */
  assignee: AssigneeFilter;
  /** The board when the move began. */
  layout: BoardLayout;
  deal: MovingDeal | null;
  mode: MoveMode | null;
  origin: BoardPosition | null;
  /** Where the deal would land; null while a pointer is outside every column. */
  target: BoardPosition | null;
  /** The target changed at least once since the deal was lifted. */
  hasMoved: boolean;
  outcome: MoveOutcome | null;
  /** Why the last save failed (the server's text). */
  failure: string | null;
}

type Start = { deal: MovingDeal; layout: BoardLayout };

export type DealBoardEvent =
  /** Space or Enter on a focused card. */
  | ({ type: 'LIFT' } & Start)
  /** A pointer (mouse, pen, finger) picked the card up. */
  | ({ type: 'DRAG_START' } & Start)
  /** "Mover para…": straight to a place. */
  | ({ type: 'MOVE_TO'; target: BoardPosition } & Start)
  /** An arrow key while lifted. */
  | { type: 'MOVE'; direction: MoveDirection }
  /** The pointer is over a place (or over no column: null). */
  | { type: 'HOVER'; target: BoardPosition | null }
  | { type: 'DROP' }
  | { type: 'CANCEL' }
  /** "Minhas" / "De todos" (the address changed): another board, loaded by the app. */
  | { type: 'FILTER'; assignee: AssigneeFilter };

export interface MoveDealInput {
  dealId: string;
  stageId: string;
  index: number;
}

export interface AppliedMove {
  deal: MovingDeal;
  origin: BoardPosition;
  target: BoardPosition;
}

/** No move yet, or none on the board shown (another filter's board). */
const noMove: Omit<DealBoardContext, 'assignee'> = {
  layout: [],
  deal: null,
  mode: null,
  origin: null,
  target: null,
  hasMoved: false,
  outcome: null,
  failure: null,
};

/** The context of a move that starts now, in `mode`, from the deal's place. */
function started(start: Start, mode: MoveMode, target?: BoardPosition): Omit<DealBoardContext, 'assignee'> {
  const origin = positionOf(start.layout, start.deal.id);
  return {
    layout: start.layout,
    deal: start.deal,
    mode,
    origin,
    target: target ?? origin,
    hasMoved: target !== undefined,
    outcome: null,
    failure: null,
  };
}

/**
 * Moving a deal on the sales board (spec §2 /sales): lift it with the keyboard and walk it with
 * the arrows, drag it with a pointer, or pick a stage in "Mover para…". Dropping it elsewhere
 * saves at once: the app shows the move before the server answers (`applyMove`), and puts the
 * board back (`rollBack`) and says why (emits `moveFailed`) if the save fails. Escape, or a drop
 * outside every column, cancels. "Minhas" / "De todos" (FILTER, at rest) switches the board the app
 * loads and moves on (`assignee`).
 */
/** What the board tells the app: a move did not stick, and why (the app shows it as a toast). */
export type DealBoardEmitted = { type: 'moveFailed'; deal: MovingDeal; message: string };

export const dealBoardMachine = setup({
  types: {
    context: {} as DealBoardContext,
    events: {} as DealBoardEvent,
    input: {} as { assignee: AssigneeFilter } | undefined,
    emitted: {} as DealBoardEmitted,
  },
  actors: {
    moveDeal: fromPromise<Deal, MoveDealInput>(async () => {
      throw new Error('No way to move a deal was provided');
    }),
  },
  guards: {
    onBoard: ({ event }) => {
      const start = event as Start;
      return positionOf(start.layout, start.deal.id) !== null;
    },
    elsewhere: ({ event }) => {
      if (event.type !== 'MOVE_TO') return false;
      const origin = positionOf(event.layout, event.deal.id);
      return (
        origin !== null &&
        isPlace(event.layout, event.deal.id, event.target) &&
        !samePosition(origin, event.target)
      );
    },
    canStep: ({ context, event }) =>
      event.type === 'MOVE' &&
      context.deal !== null &&
      context.target !== null &&
      stepFrom(context.layout, context.deal.id, context.target, event.direction) !== null,
    newPlace: ({ context, event }) =>
      event.type === 'HOVER' &&
      context.deal !== null &&
      !samePosition(context.target, event.target) &&
      (event.target === null || isPlace(context.layout, context.deal.id, event.target)),
    nowhere: ({ context }) => context.target === null,
    otherFilter: ({ context, event }) => event.type === 'FILTER' && event.assignee !== context.assignee,
    unchanged: ({ context }) => samePosition(context.origin, context.target),
  },
  actions: {
    /** Shows the deal at its new place before the server answers. */
    applyMove: (_, _params: AppliedMove) => {},
    /** Puts the board back as it was before `applyMove`. */
    rollBack: () => {},
    /** The save went through: the server's deal (caches refresh). */
    moved: (_, _params: Deal) => {},
  },
}).createMachine({
  id: 'dealBoard',
  context: ({ input }) => ({ assignee: input?.assignee ?? 'all', ...noMove }),
  initial: 'resting',
  states: {
    resting: {
      description: 'The board; what the last move came to, if any.',
      initial: 'idle',
      on: {
        LIFT: {
          guard: 'onBoard',
          target: 'lifted',
          actions: assign(({ event }) => started(event, 'keyboard')),
        },
        DRAG_START: {
          guard: 'onBoard',
          target: 'dragging',
          actions: assign(({ event }) => started(event, 'pointer')),
        },
        MOVE_TO: {
          guard: 'elsewhere',
          target: 'saving',
          actions: assign(({ event }) => started(event, 'menu', event.target)),
        },
        // Only at rest: a move under way belongs to the board it started on. The last move's outcome
        // is of the other board, so it is forgotten.
        FILTER: {
          guard: 'otherFilter',
          target: '.idle',
          actions: assign(({ event }) => ({ assignee: event.assignee, ...noMove })),
        },
      },
      states: {
        idle: { description: 'Nothing is moving.' },
        failed: {
          description: 'The last save failed: the deal is back where it was, and the person was told why.',
        },
      },
    },
    lifted: {
      description:
        'Lifted with the keyboard: the arrows choose the place, Space/Enter drops, Escape cancels.',
      on: {
        MOVE: {
          guard: 'canStep',
          actions: assign(({ context, event }) => ({
            target: stepFrom(context.layout, context.deal!.id, context.target!, event.direction),
            hasMoved: true,
          })),
        },
        DROP: [
          { guard: 'unchanged', target: 'resting.idle', actions: assign({ outcome: 'unchanged' }) },
          { target: 'saving' },
        ],
        CANCEL: { target: 'resting.idle', actions: assign({ outcome: 'cancelled' }) },
      },
    },
    dragging: {
      description: 'Dragged with a pointer: the place under it is the target; Escape cancels.',
      on: {
        HOVER: {
          guard: 'newPlace',
          actions: assign(({ event }) => ({ target: event.target, hasMoved: true })),
        },
        DROP: [
          { guard: 'nowhere', target: 'resting.idle', actions: assign({ outcome: 'cancelled' }) },
          { guard: 'unchanged', target: 'resting.idle', actions: assign({ outcome: 'unchanged' }) },
          { target: 'saving' },
        ],
        CANCEL: { target: 'resting.idle', actions: assign({ outcome: 'cancelled' }) },
      },
    },
    saving: {
      description: 'The deal shows at its new place while the server saves the move.',
      entry: {
        type: 'applyMove',
        params: ({ context }) => ({ deal: context.deal!, origin: context.origin!, target: context.target! }),
      },
      invoke: {
        id: 'moveDeal',
        src: 'moveDeal',
        input: ({ context }) => ({
          dealId: context.deal!.id,
          stageId: context.target!.stageId,
          index: context.target!.index,
        }),
        onDone: {
          target: 'resting.idle',
          actions: [assign({ outcome: 'saved' }), { type: 'moved', params: ({ event }) => event.output }],
        },
        onError: {
          target: 'resting.failed',
          actions: [
            assign({ outcome: 'failed', failure: ({ event }) => failureMessage(event.error) }),
            'rollBack',
            // Emitted after the step, so the app may drive other actors (the toaster) from its handler.
            emit(({ context, event }) => ({
              type: 'moveFailed' as const,
              deal: context.deal!,
              message: failureMessage(event.error),
            })),
          ],
        },
      },
    },
  },
});
