import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { AssigneeFilter, Person } from '../../contracts/activity';
import type { BoardColumn, Deal, DealCard, SalesBoard } from '../../contracts/sales';
import { type DealBoardEvent, dealBoardMachine, type MovingDeal } from './deal-board.machine';
import {
  type BoardLayout,
  type BoardPosition,
  type MoveDirection,
  placeInStage,
  samePosition,
} from './deal-board-layout';

/**
 * The deal-board chart's path model (moving a deal on /sales), and per step what to do in the
 * running app and what the person must see (`planDealBoardStep`), as data for the drivers.
 */

export type DealBoardSnapshot = SnapshotFrom<typeof dealBoardMachine>;

export interface DealBoardScenario {
  name: string;
  summary: string;
  input: undefined;
}

function card(
  id: string,
  title: string,
  valueCents: number,
  stageId: string,
  customer: string | null,
  assignee: Person | null = null,
): DealCard {
  return {
    id,
    title,
    valueCents,
    stageId,
    customer: customer ? { id: `c-${id}`, name: customer } : null,
    expectedCloseDate: '2030-03-10',
    stageEnteredAt: '2030-01-10T12:00:00.000Z',
    assignee,
  };
}

function column(stage: BoardColumn['stage'], deals: DealCard[]): BoardColumn {
  return {
    stage,
    deals,
    totalCount: deals.length,
    totalValueCents: deals.reduce((sum, deal) => sum + deal.valueCents, 0),
    pageInfo: { hasNextPage: false, endCursor: null },
  };
}

const novo = { id: 'st-novo', name: 'Novo contato', position: 0, kind: 'open' } as const;
const negociacao = { id: 'st-negociacao', name: 'Em negociação', position: 1, kind: 'open' } as const;

/** The owner, who made the wedding cake's deal (and so works it); the other two have nobody. */
const owner: Person = { userId: 'u-owner', name: 'Ana' };

/**
 * Two stages: "Novo contato" holds the wedding cake (the owner's) and the party sweets, "Em
 * negociação" the breakfast kit.
 */
export const pathsBoard: SalesBoard = {
  columns: [
    column(novo, [
      card('d-bolo', 'Bolo de casamento', 120_000, novo.id, 'Marina Alves', owner),
      card('d-doces', 'Doces para festa', 45_000, novo.id, null),
    ]),
    column(negociacao, [card('d-kit', 'Kit café da manhã', 8_900, negociacao.id, 'João Lima')]),
  ],
};

/** The board the server answers for `assignee`: "Minhas" holds only the owner's deals. */
export function boardFor(board: SalesBoard, assignee: AssigneeFilter): SalesBoard {
  if (assignee === 'all') return board;
  return {
    columns: board.columns.map((c) =>
      column(
        c.stage,
        c.deals.filter((d) => d.assignee !== null),
      ),
    ),
  };
}

export function layoutOfBoard(board: SalesBoard): BoardLayout {
  return board.columns.map((c) => ({
    stageId: c.stage.id,
    name: c.stage.name,
    dealIds: c.deals.map((d) => d.id),
    totalCount: c.totalCount,
  }));
}

const layout = layoutOfBoard(pathsBoard);
/** The deal every path moves. */
export const cake: MovingDeal = { id: 'd-bolo', title: 'Bolo de casamento' };

/** The server's own move: out of its stage, into `target` (past the end = last), totals with it. */
export function boardWithMove(board: SalesBoard, dealId: string, target: BoardPosition): SalesBoard {
  const moving = board.columns.flatMap((c) => c.deals).find((d) => d.id === dealId);
  if (!moving) return board;
  return {
    columns: board.columns.map((c) => {
      const deals = c.deals.filter((d) => d.id !== dealId);
      if (c.stage.id === target.stageId) deals.splice(target.index, 0, { ...moving, stageId: c.stage.id });
      return column(c.stage, deals);
    }),
  };
}

export const savedDeal: Deal = {
  ...pathsBoard.columns[0]!.deals[0]!,
  stageId: negociacao.id,
  status: 'open',
  notes: null,
  lostReason: null,
  services: [],
  createdBy: null,
  createdAt: '2030-01-02T12:00:00.000Z',
  updatedAt: '2030-01-15T12:00:00.000Z',
  closedAt: null,
};

export const MOVE_FAILED_MESSAGE = 'Não foi possível salvar a mudança agora. Tente de novo.';
const moveBroken = Object.assign(new Error(MOVE_FAILED_MESSAGE), { status: 500 });

export const dealBoardScenarios: DealBoardScenario[] = [
  {
    name: 'board',
    summary: `The owner opens /sales: ${layout.map((c) => `${c.name} (${c.dealIds.length})`).join(', ')}`,
    input: undefined,
  },
];

const directions: MoveDirection[] = ['up', 'down', 'left', 'right'];
/** Where the paths drag the deal: the other stage's top, below its neighbour, back home, off the board. */
const hoverTargets: (BoardPosition | null)[] = [
  { stageId: negociacao.id, index: 0 },
  { stageId: novo.id, index: 1 },
  { stageId: novo.id, index: 0 },
  null,
];

export function stateName(snapshot: DealBoardSnapshot): string {
  const value = snapshot.value;
  return typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${v}`)[0]!;
}

function positionName(position: BoardPosition | null): string {
  if (!position) return 'off the board';
  const stage = layout.find((c) => c.stageId === position.stageId)?.name;
  return `${stage} #${position.index + 1}`;
}

function whereKind(snapshot: DealBoardSnapshot): string | undefined {
  const { origin, target } = snapshot.context;
  if (!snapshot.matches('lifted') && !snapshot.matches('dragging')) return undefined;
  if (target === null) return 'off the board';
  if (samePosition(origin, target)) return 'at home';
  return target.stageId === origin?.stageId ? 'within its stage' : 'in another stage';
}

export const dealBoardPathModel = {
  chart: 'deal-board',
  title: '/sales: a deal moves across the board (keyboard, pointer, "Mover para…")',
  machine: dealBoardMachine,
  scenarios: dealBoardScenarios,

  events(snapshot: DealBoardSnapshot): DealBoardEvent[] {
    if (snapshot.matches('resting')) {
      // After a save the board is another one; the paths end there (moving again is the same story).
      if (snapshot.context.outcome === 'saved') return [];
      // "Minhas" is another board: the paths only go back to everyone's (moving there is the same story).
      if (snapshot.context.assignee === 'me') return [{ type: 'FILTER', assignee: 'all' }];
      return [
        { type: 'FILTER', assignee: 'me' },
        { type: 'LIFT', deal: cake, layout },
        { type: 'DRAG_START', deal: cake, layout },
        { type: 'MOVE_TO', deal: cake, layout, target: { stageId: negociacao.id, index: 0 } },
      ];
    }
    if (snapshot.matches('lifted'))
      return [
        ...directions.map((direction): DealBoardEvent => ({ type: 'MOVE', direction })),
        { type: 'DROP' },
        { type: 'CANCEL' },
      ];
    if (snapshot.matches('dragging'))
      return [
        ...hoverTargets.map((target): DealBoardEvent => ({ type: 'HOVER', target })),
        { type: 'DROP' },
        { type: 'CANCEL' },
      ];
    return [];
  },

  actors: [{ id: 'moveDeal', src: 'moveDeal', outputs: [savedDeal], errors: [moveBroken] }],

  serializeState(snapshot: DealBoardSnapshot): string {
    const { deal, mode, target, hasMoved, outcome, failure, assignee } = snapshot.context;
    // The last move stays in the context after it ends (the announcement reads it): all of it counts.
    return [
      stateName(snapshot),
      assignee === 'me' && 'minhas',
      deal && `${mode} to ${positionName(target)}`,
      hasMoved && 'moved',
      outcome,
      failure && 'failure',
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /**
   * Every state, with the deal at home, elsewhere in its stage, in another stage and off the board,
   * and every way a move ends (saved, failed, cancelled, dropped where it was) for each way to move.
   */
  coverageKey(snapshot: DealBoardSnapshot): string {
    const { outcome, mode, assignee } = snapshot.context;
    return [stateName(snapshot), assignee === 'me' && 'minhas', whereKind(snapshot), mode, outcome]
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: DealBoardSnapshot): string {
    const { target, outcome } = snapshot.context;
    if (snapshot.matches('lifted')) return `"${cake.title}" is lifted, its place: ${positionName(target)}`;
    if (snapshot.matches('dragging')) return `"${cake.title}" is dragged over ${positionName(target)}`;
    if (snapshot.matches('saving'))
      return `"${cake.title}" shows at ${positionName(target)} while it is saved`;
    if (snapshot.matches({ resting: 'failed' })) return 'the save failed: the board is back as it was';
    if (snapshot.context.assignee === 'me') return 'the board of the owner\'s deals ("Minhas")';
    switch (outcome) {
      case 'saved':
        return `the board, "${cake.title}" saved at ${positionName(target)}`;
      case 'cancelled':
        return 'the board as it was: the move was cancelled';
      case 'unchanged':
        return `the board as it was: "${cake.title}" dropped where it was`;
      default:
        return 'the board';
    }
  },

  describeEvent(event: AnyEventObject): string {
    const e = event as DealBoardEvent;
    switch (e.type) {
      case 'LIFT':
        return `The owner focuses the handle of "${e.deal.title}" and presses Space`;
      case 'DRAG_START':
        return `The owner picks "${e.deal.title}" up with the mouse`;
      case 'MOVE_TO':
        return `The owner picks ${positionName(e.target)} in "Mover para…"`;
      case 'MOVE':
        return `The owner presses the ${e.direction} arrow`;
      case 'HOVER':
        return `The owner drags it over ${positionName(e.target)}`;
      case 'DROP':
        return 'The owner drops it';
      case 'CANCEL':
        return 'The owner presses Escape';
      case 'FILTER':
        return e.assignee === 'me'
          ? 'The owner opens /sales?assignee=me (a link to "Minhas")'
          : 'The owner picks "De todos"';
    }
    if (event.type === 'xstate.done.actor.moveDeal') return 'The server saves the move';
    if (event.type === 'xstate.error.actor.moveDeal')
      return `The save fails (${(event as { error?: { status?: number } }).error?.status})`;
    return event.type;
  },
};

/** What the drivers do in the running app, as data. */
export type DealBoardUserAction =
  /** Open /sales, the server's board being `board`. */
  | { do: 'open'; board: SalesBoard }
  /** Type `path` in the address bar. */
  | { do: 'address'; path: string }
  /** Click the tab (a link) `label`. */
  | { do: 'tab'; label: string }
  /** Focus the handle of `dealId`'s card (when given), then press `key` (user-event's notation). */
  | { do: 'key'; key: string; focus?: string }
  /** Press the mouse on the card of `dealId` and move it a little, so the drag begins. */
  | { do: 'pointer-down'; dealId: string }
  /** Move the pointer over `to` (null: outside every column). */
  | { do: 'pointer-move'; to: BoardPosition | null }
  | { do: 'pointer-up' }
  /** "Mover para…" on the card of `dealTitle`, then the stage `stageName`. */
  | { do: 'menu'; dealTitle: string; stageName: string }
  /**
   * Answer the pending move, which must ask for `expect`; the server's board becomes `boardAfter`
   * (what a reload then reads).
   */
  | {
      do: 'answer-move';
      expect: { dealId: string; body: { stageId: string; index: number } };
      status: number;
      body: unknown;
      boardAfter: SalesBoard;
    };

export interface DealBoardScreen {
  /** Each column's card titles, top to bottom (the board shows them so, optimistic or not). */
  columns: string[][];
  /** The drop indicator's place, or null. */
  indicator: BoardPosition | null;
  /** The card shown as lifted or dragged. */
  lifted: string | null;
  /** The aria-live text. */
  announcement: string;
  /** The error toast's title and text, or null. */
  toast: { title: string; description: string } | null;
}

export interface DealBoardStepPlan {
  actions: DealBoardUserAction[];
  screen: DealBoardScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: DealBoardSnapshot }>;
}

const keyOf: Record<MoveDirection, string> = {
  up: '{ArrowUp}',
  down: '{ArrowDown}',
  left: '{ArrowLeft}',
  right: '{ArrowRight}',
};

/** The server's board after the steps up to `index` (a move counts once the server saved it). */
function serverBoardAt(path: PlannablePath, index: number): SalesBoard {
  let board = pathsBoard;
  for (let i = 1; i <= index; i++) {
    if (path.steps[i]!.event.type !== 'xstate.done.actor.moveDeal') continue;
    const { deal, target } = path.steps[i - 1]!.state.context;
    board = boardWithMove(board, deal!.id, target!);
  }
  return board;
}

function actionsFor(path: PlannablePath, index: number): DealBoardUserAction[] {
  if (index === 0) return [{ do: 'open', board: pathsBoard }];
  const event = path.steps[index]!.event as DealBoardEvent | AnyEventObject;
  const before = path.steps[index - 1]!.state;
  const e = event as DealBoardEvent;
  switch (e.type) {
    case 'LIFT':
      return [{ do: 'key', key: ' ', focus: e.deal.id }];
    case 'DRAG_START':
      return [{ do: 'pointer-down', dealId: e.deal.id }];
    case 'MOVE_TO':
      return [
        {
          do: 'menu',
          dealTitle: e.deal.title,
          stageName: layout.find((c) => c.stageId === e.target.stageId)!.name,
        },
      ];
    case 'MOVE':
      return [{ do: 'key', key: keyOf[e.direction] }];
    case 'HOVER':
      return [{ do: 'pointer-move', to: e.target }];
    case 'DROP':
      return before.matches('dragging') ? [{ do: 'pointer-up' }] : [{ do: 'key', key: ' ' }];
    case 'CANCEL':
      return [{ do: 'key', key: '{Escape}' }];
    case 'FILTER':
      return e.assignee === 'me'
        ? [{ do: 'address', path: '/sales?assignee=me' }]
        : [{ do: 'tab', label: 'De todos' }];
  }
  const { deal, target } = before.context;
  const expect = { dealId: deal!.id, body: { stageId: target!.stageId, index: target!.index } };
  if (event.type === 'xstate.done.actor.moveDeal')
    return [
      {
        do: 'answer-move',
        expect,
        status: 200,
        body: { success: true, data: { deal: (event as { output?: unknown }).output } },
        boardAfter: serverBoardAt(path, index),
      },
    ];
  if (event.type === 'xstate.error.actor.moveDeal') {
    const error = (event as { error?: Error & { status: number } }).error!;
    return [
      {
        do: 'answer-move',
        expect,
        status: error.status,
        body: { success: false, error: error.message, code: 'INTERNAL_ERROR' },
        boardAfter: serverBoardAt(path, index),
      },
    ];
  }
  throw new Error(`No way to act out "${event.type}" in the app`);
}

/** Spec-level wording of what the board announces (aria-live), per state. */
export function expectedAnnouncement(snapshot: DealBoardSnapshot): string {
  const { deal, origin, target, hasMoved, outcome, layout: at } = snapshot.context;
  if (!deal || !origin) return '';
  const t = deal.title;
  const home = placeInStage(at, origin, origin);
  const there = target ? placeInStage(at, origin, target) : null;
  const where = (p: { stageName: string; place: number; of: number }) =>
    `${p.stageName}, posição ${p.place} de ${p.of}`;
  if (snapshot.matches('lifted') && !hasMoved)
    return `Venda ${t} levantada em ${where(home)}. Use as setas para mover, Espaço ou Enter para soltar e Esc para cancelar.`;
  if (snapshot.matches('lifted') || snapshot.matches('dragging')) {
    if (!there) return `Venda ${t} fora das etapas. Solte para cancelar.`;
    return hasMoved ? `Venda ${t} movida para ${where(there)}.` : `Arrastando a venda ${t}.`;
  }
  if (snapshot.matches('saving')) return `Salvando a venda ${t} em ${where(there!)}.`;
  switch (outcome) {
    case 'saved':
      return `Venda ${t} salva em ${where(there!)}.`;
    case 'cancelled':
      return `Movimento cancelado. Venda ${t} continua em ${where(home)}.`;
    case 'unchanged':
      return `Venda ${t} continua em ${where(home)}.`;
    case 'failed':
      return `Não foi possível mover a venda ${t}. Ela voltou para ${where(home)}.`;
    default:
      return '';
  }
}

function screenOf(path: PlannablePath, index: number): DealBoardScreen {
  const snapshot = path.steps[index]!.state;
  const { deal, target, failure } = snapshot.context;
  const server = boardFor(serverBoardAt(path, index), snapshot.context.assignee);
  const shown = snapshot.matches('saving') ? boardWithMove(server, deal!.id, target!) : server;
  const moving = snapshot.matches('lifted') || snapshot.matches('dragging');
  return {
    columns: shown.columns.map((c) => c.deals.map((d) => d.title)),
    indicator: moving ? target : null,
    lifted: moving ? deal!.title : null,
    announcement: expectedAnnouncement(snapshot),
    toast: snapshot.matches({ resting: 'failed' })
      ? { title: `Não foi possível mover a venda ${deal!.title}.`, description: failure! }
      : null,
  };
}

/** What to do at step `index` of a deal-board path, and what the person must then see. */
export function planDealBoardStep(path: PlannablePath, index: number): DealBoardStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path, index) };
}
