import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { buildToast } from './toast.build';
import { TOAST_REMOVAL_DELAY_MS } from './toast.defaults';
import { FRAMES_MS } from './toast.paths';
import { type ToasterEvent, toasterMachine } from './toaster.machine';

/**
 * The toaster chart's path model: several toasts arriving, waiting for a place on screen (at most 3
 * shown), updated in place and dismissed by id, held while the pointer is on them, forgotten when they end.
 *
 * Its paths use loading toasts (no timers of their own), so time passes only when a toast ends.
 * To keep every replay exact, only the oldest toast is ever dismissed and ends: "dismiss all" is
 * tried with one toast, and the pointer holds the toasts only while two or more are shown.
 * A toast ending is its actor's `xstate.done.actor.<key>`, what the toast sends after its exit
 * animation; the machine replay sends it as is, the views get it by dismissing and waiting.
 */

export type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>;

/** Toasts a path may show, one new id each (so the chart's state space stays finite). */
const MAX_SHOWN = 5;

export const toasterTitle = (id: string) => `Tarefa ${id.slice(1)} em andamento…`;
export const toasterUpdatedTitle = (id: string) => `Tarefa ${id.slice(1)}: quase lá…`;

const nextId = (snapshot: ToasterSnapshot) => `t${snapshot.context.created + 1}`;
const oldest = (snapshot: ToasterSnapshot) => snapshot.context.toasts[0];
const shownCount = (snapshot: ToasterSnapshot) => snapshot.context.toasts.filter((t) => t.revealed).length;

const endedType = 'xstate.done.actor.';

export const toasterPathModel = {
  chart: 'toaster',
  title: 'All toasts: at most 3 on screen, the others wait; by id updates and dismissals; hover holds',
  machine: toasterMachine,
  scenarios: [{ name: 'empty', summary: 'The app starts with no toasts', input: {} }],

  events(snapshot: ToasterSnapshot): AnyEventObject[] {
    const { toasts, held, created } = snapshot.context;
    if (held) return [{ type: 'RESUME' }];
    const first = oldest(snapshot);
    const newest = toasts.at(-1);
    const events: AnyEventObject[] = [];
    if (created < MAX_SHOWN && toasts.length < 4) {
      const id = nextId(snapshot);
      events.push({ type: 'SHOW', toast: buildToast('loading', toasterTitle(id), {}, id) });
    }
    // The same id again updates the toast in place (never the oldest: it may be leaving).
    if (newest && toasts.length >= 2)
      events.push({
        type: 'SHOW',
        toast: buildToast('loading', toasterUpdatedTitle(newest.id), {}, newest.id),
      });
    if (first) {
      events.push(
        { type: 'DISMISS', id: first.id, reason: 'programmatic' },
        { type: `${endedType}${first.key}`, output: { id: first.id, reason: 'programmatic' } },
      );
    }
    if (toasts.length === 1) events.push({ type: 'DISMISS_ALL' });
    if (shownCount(snapshot) >= 2) events.push({ type: 'PAUSE' });
    return events;
  },

  actors: [],

  /** The toasts in arrival order, each shown or waiting, and whether the pointer holds them. */
  serializeState(snapshot: ToasterSnapshot): string {
    const { toasts, held, created } = snapshot.context;
    const list = toasts.map((t) => `${t.id}(${t.key}):${t.revealed ? 'shown' : 'waiting'}`).join(' ');
    return `[${list}] ${held ? 'held' : 'free'} #${created}`;
  },

  /** Kinds of states to cover: how many toasts are shown and waiting, held or not. */
  coverageKey(snapshot: ToasterSnapshot): string {
    const waiting = snapshot.context.toasts.length - shownCount(snapshot);
    return `${shownCount(snapshot)} shown, ${waiting} waiting${snapshot.context.held ? ', held' : ''}`;
  },

  describeState(snapshot: ToasterSnapshot): string {
    const { toasts, held } = snapshot.context;
    if (toasts.length === 0) return 'no toasts';
    const shown = toasts.filter((t) => t.revealed).map((t) => t.id);
    const waiting = toasts.filter((t) => !t.revealed).map((t) => t.id);
    return [
      `shows ${shown.join(', ')}`,
      waiting.length ? `${waiting.join(', ')} waiting` : '',
      held ? 'held by the pointer' : '',
    ]
      .filter(Boolean)
      .join('; ');
  },

  describeEvent(event: AnyEventObject, before: ToasterSnapshot): string {
    const e = event as ToasterEvent;
    switch (e.type) {
      case 'SHOW':
        return before.context.toasts.some((t) => t.id === e.toast.id)
          ? `The app updates ${e.toast.id}: "${e.toast.title}"`
          : `The app shows ${e.toast.id}: "${e.toast.title}"`;
      case 'DISMISS':
        return `The app dismisses ${e.id}`;
      case 'DISMISS_ALL':
        return 'The app dismisses every toast';
      case 'PAUSE':
        return 'The pointer moves onto the toasts';
      case 'RESUME':
        return 'The pointer leaves the toasts';
      default:
        return `${(event as { output?: { id: string } }).output?.id} ends: its exit animation is over`;
    }
  },
};

/** What the drivers do in a running app, as data. */
export type ToasterUserAction =
  | { do: 'show'; id: string; title: string }
  | { do: 'dismiss'; id: string }
  | { do: 'dismiss-all' }
  | { do: 'hover'; id: string }
  | { do: 'unhover' }
  | { do: 'advance'; ms: number };

/** One toast on screen: its id, title, and whether it is playing its exit animation. */
export interface ToasterScreenToast {
  id: string;
  title: string;
  leaving: boolean;
}

export interface ToasterStepPlan {
  actions: ToasterUserAction[];
  /** The toasts the user sees, by id (waiting ones are not on screen). */
  screen: ToasterScreenToast[];
  /** The pointer holds them: sonner spreads the stack out. */
  expanded: boolean;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: ToasterSnapshot }>;
}

/** Titles and who is leaving after steps 0..index: what the toasts themselves hold. */
function toastsAfter(path: PlannablePath, index: number) {
  const titles = new Map<string, string>();
  const leaving = new Set<string>();
  for (const { event } of path.steps.slice(1, index + 1)) {
    const e = event as ToasterEvent;
    if (e.type === 'SHOW') titles.set(e.toast.id, e.toast.title);
    else if (e.type === 'DISMISS') leaving.add(e.id);
    else if (e.type === 'DISMISS_ALL') for (const id of titles.keys()) leaving.add(id);
    else if (e.type.startsWith(endedType)) leaving.delete((e as { output: { id: string } }).output.id);
  }
  return { titles, leaving };
}

function actionsFor(path: PlannablePath, index: number): ToasterUserAction[] {
  if (index === 0) return [];
  const e = path.steps[index]!.event as ToasterEvent;
  const before = path.steps[index - 1]!.state;
  switch (e.type) {
    case 'SHOW':
      return [{ do: 'show', id: e.toast.id, title: e.toast.title }];
    case 'DISMISS':
      return [{ do: 'dismiss', id: e.id }];
    case 'DISMISS_ALL':
      return [{ do: 'dismiss-all' }];
    case 'PAUSE': {
      // The newest toast on screen: never the oldest, the only one that may be leaving.
      const shown = before.context.toasts.filter((t) => t.revealed);
      return [{ do: 'hover', id: shown.at(-1)!.id }];
    }
    case 'RESUME':
      return [{ do: 'unhover' }];
    default: {
      // Each step lets FRAMES_MS pass (sonner renders on timers): the exit animation of a toast
      // dismissed k steps ago has only the rest of its delay left.
      const { id } = (e as { output: { id: string } }).output;
      const since = dismissedAt(path, index - 1, id);
      const left = TOAST_REMOVAL_DELAY_MS - (since === undefined ? 0 : (index - since) * FRAMES_MS);
      if (left < 0) throw new Error(`${id} ended on screen before step ${index + 1} says so`);
      return [...(since === undefined ? [{ do: 'dismiss', id } as const] : []), { do: 'advance', ms: left }];
    }
  }
}

/** The step (up to `last`) where toast `id` was dismissed, if it is still leaving then. */
function dismissedAt(path: PlannablePath, last: number, id: string): number | undefined {
  let at: number | undefined;
  path.steps.slice(1, last + 1).forEach(({ event }, i) => {
    const e = event as ToasterEvent;
    if ((e.type === 'DISMISS' && e.id === id) || e.type === 'DISMISS_ALL') at ??= i + 1;
  });
  return at;
}

/** What to do at step `index` of a toaster path, and the toasts the user must then see. */
export function planToasterStep(path: PlannablePath, index: number): ToasterStepPlan {
  const { titles, leaving } = toastsAfter(path, index);
  const screen = path.steps[index]!.state.context.toasts.filter((t) => t.revealed).map((t) => ({
    id: t.id,
    title: titles.get(t.id)!,
    leaving: leaving.has(t.id),
  }));
  return { actions: actionsFor(path, index), screen, expanded: path.steps[index]!.state.context.held };
}
