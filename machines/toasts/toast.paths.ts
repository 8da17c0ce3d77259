import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { buildPromise, buildToast } from './toast.build';
import { TOAST_REMOVAL_DELAY_MS } from './toast.defaults';
import { type ToastEvent, toastMachine } from './toast.machine';
import type { DismissReason, ToastInput, ToastType } from './toast.types';

/**
 * The toast chart's path model: which events a person or the app can cause in each state, which
 * context fields tell states apart, and how to say it all in plain words. Every consumer shares it:
 * machine tests, view tests, the `npm run paths` CLI and the Playwright replay.
 *
 * It also says, step by step, what to DO in a running app and what the user must SEE, as plain data
 * (`planToastStep`), so the jsdom and browser drivers only interpret it.
 */

export type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

/** The toast every path follows; fillers only occupy the screen so it has to wait. */
export const SUBJECT_ID = 'paths-subject';

/**
 * sonner renders, animates and removes on timers and animation frames: after each step the jsdom
 * and browser drivers let this much time pass so the screen settles.
 */
export const FRAMES_MS = 50;
const fillerIds = ['paths-filler-1', 'paths-filler-2', 'paths-filler-3'] as const;

/** A call of the app's facade (`toast.success(...)`, `toast.promise(...)`), as data. */
export type ToastCall =
  | {
      method: 'success' | 'info' | 'warning' | 'error' | 'loading' | 'message';
      id: string;
      title: string;
      description?: string;
    }
  | { method: 'promise'; id: string; loading: string; success: string; error: string };

export interface ToastScenario {
  name: string;
  summary: string;
  call: ToastCall;
  input: ToastInput;
}

// A clock that never moves: in paths no time passes except at `after` steps, so timers are exact.
const frozen = () => 0;

const successCall = {
  method: 'success',
  id: SUBJECT_ID,
  title: 'Cliente salvo',
  description: 'Maria Souza agora está na sua lista de clientes.',
} as const satisfies ToastCall;
const loadingCall = {
  method: 'loading',
  id: SUBJECT_ID,
  title: 'Enviando mensagem…',
} as const satisfies ToastCall;
const promiseCall = {
  method: 'promise',
  id: SUBJECT_ID,
  loading: 'Salvando negócio…',
  success: 'Negócio salvo',
  error: 'Não foi possível salvar o negócio',
} as const satisfies ToastCall;

export const toastScenarios: ToastScenario[] = [
  {
    name: 'timed',
    summary: `The app shows a success toast "${successCall.title}"`,
    call: successCall,
    input: {
      toast: buildToast('success', successCall.title, { description: successCall.description }, SUBJECT_ID),
      now: frozen,
    },
  },
  {
    name: 'loading',
    summary: `The app shows a loading toast "${loadingCall.title}"`,
    call: loadingCall,
    input: { toast: buildToast('loading', loadingCall.title, {}, SUBJECT_ID), now: frozen },
  },
  {
    name: 'promise',
    summary: `The app shows a promise toast "${promiseCall.loading}"`,
    call: promiseCall,
    input: {
      toast: buildToast('loading', promiseCall.loading, {}, SUBJECT_ID),
      promise: buildPromise(() => new Promise<never>(() => {}), {
        success: promiseCall.success,
        error: promiseCall.error,
      }),
      now: frozen,
    },
  },
];

const progress = { type: 'UPDATE', toast: { title: 'Enviando 2 de 2…' } } as const satisfies ToastEvent;
const done = {
  type: 'UPDATE',
  toast: { type: 'success', title: 'Mensagem enviada', description: 'O cliente vai receber em instantes.' },
} as const satisfies ToastEvent;
const dismissals = (['close', 'swipe', 'programmatic'] as const).map(
  (reason): ToastEvent => ({ type: 'DISMISS', reason }),
);

/** Results the promise can settle with; each is its own path. */
const promiseOutcomes = {
  resolved: { id: 42 },
  failedResponse: { ok: false, status: 500 },
  rejected: new Error('Sem conexão'),
};

/**
 * A state value as one string: `nest` between a state and its child, `sibling` between parallel
 * regions. {shown: {timed: 'running'}} → "shown.timed.running" with the defaults.
 */
export function flattenStateValue(value: unknown, nest = '.', sibling = ','): string {
  if (typeof value === 'string') return value;
  return Object.entries(value as Record<string, unknown>)
    .map(([key, child]) => `${key}${nest}${flattenStateValue(child, nest, sibling)}`)
    .join(sibling);
}

export const toastPathModel = {
  chart: 'toasts',
  title: 'One toast: waits, shows, times out or is dismissed, leaves',
  machine: toastMachine,
  scenarios: toastScenarios,

  /** What can happen in each state (guards filter further: no close button on a loading toast). */
  events(snapshot: ToastSnapshot): ToastEvent[] {
    if (snapshot.matches('queued')) {
      return [{ type: 'REVEAL' }, done, { type: 'DISMISS', reason: 'programmatic' }];
    }
    if (!snapshot.matches('shown')) return [];
    const pointer: ToastEvent[] = [{ type: snapshot.context.held ? 'RESUME' : 'PAUSE' }];
    if (snapshot.matches({ shown: { loading: 'manual' } }))
      return [progress, done, ...dismissals, ...pointer];
    return [...dismissals, ...pointer];
  },

  actors: [
    {
      id: 'promise',
      src: 'settle',
      outputs: [promiseOutcomes.resolved, promiseOutcomes.failedResponse],
      errors: [promiseOutcomes.rejected],
    },
  ],

  /**
   * Everything the user can tell apart: state, type, texts, why it left, whether held. Snapshots
   * with equal serializations are merged by the traversal, so texts must be in here.
   */
  serializeState(snapshot: ToastSnapshot): string {
    const { toast } = snapshot.context;
    return [toastPathModel.coverageKey(snapshot), toast.type, toast.title, toast.description ?? '']
      .filter(Boolean)
      .join(' · ');
  },

  /** The kinds of states every set of paths must visit: texts and the type of a leaving toast aside. */
  coverageKey(snapshot: ToastSnapshot): string {
    const { toast, held, reason } = snapshot.context;
    const value = flattenStateValue(snapshot.value);
    if (snapshot.matches('leaving') || snapshot.matches('gone'))
      return [value, reason].filter(Boolean).join(' · ');
    if (snapshot.matches('shown')) return [value, toast.type, held ? 'held' : 'free'].join(' · ');
    return value;
  },

  describeState(snapshot: ToastSnapshot): string {
    const { toast, held, reason, remaining } = snapshot.context;
    const pointer = held ? ' (pointer on the toasts)' : '';
    if (snapshot.matches('queued')) return 'waits for a place on screen (not shown)';
    if (snapshot.matches({ shown: { loading: 'manual' } }))
      return `shows "${toast.title}" as loading, no timer${pointer}`;
    if (snapshot.matches({ shown: { loading: 'promised' } }))
      return `shows "${toast.title}" as loading until the promise settles${pointer}`;
    if (snapshot.matches({ shown: { timed: 'running' } }))
      return `shows "${toast.title}" as ${toast.type}, timer running (${remaining} ms)`;
    if (snapshot.matches({ shown: { timed: 'paused' } }))
      return `shows "${toast.title}" as ${toast.type}, timer paused (${remaining} ms left)`;
    if (snapshot.matches('leaving')) return `leaves (${reason}), exit animation`;
    return `is gone (${reason})`;
  },

  describeEvent(event: AnyEventObject, before: ToastSnapshot): string {
    switch (event.type) {
      case 'REVEAL':
        return 'Its turn comes: it gets a place on screen';
      case 'UPDATE': {
        const patch = (event as Extract<ToastEvent, { type: 'UPDATE' }>).toast;
        return `The app updates it${patch.type ? ` to ${patch.type}` : ''}: "${patch.title}"`;
      }
      case 'DISMISS': {
        const reason = (event as Extract<ToastEvent, { type: 'DISMISS' }>).reason;
        return reason === 'close'
          ? 'The user clicks its close button'
          : reason === 'swipe'
            ? 'The user swipes it down'
            : 'The app dismisses it';
      }
      case 'PAUSE':
        return 'The pointer moves onto the toasts';
      case 'RESUME':
        return 'The pointer leaves the toasts';
      case 'xstate.done.actor.promise': {
        const output = (event as { output?: unknown }).output;
        return output === promiseOutcomes.failedResponse
          ? 'The promise resolves with a response that is not ok (status 500)'
          : `The promise resolves with ${JSON.stringify(output)}`;
      }
      case 'xstate.error.actor.promise':
        return `The promise rejects (${(event as { error?: Error }).error?.message})`;
      default:
        if (event.type.startsWith('xstate.after.timeLeft.'))
          return `${before.context.remaining} ms pass: time is up`;
        if (event.type.startsWith('xstate.after.removalDelay.'))
          return `${TOAST_REMOVAL_DELAY_MS} ms pass: the exit animation ends`;
        return event.type;
    }
  },
};

/** What the drivers do in a running app, as data (so Playwright can pass it into the page). */
export type ToastUserAction =
  | { do: 'call'; call: ToastCall }
  | { do: 'dismiss'; id: string }
  | { do: 'click-close'; id: string }
  | { do: 'swipe'; id: string }
  | { do: 'hover'; id: string }
  | { do: 'unhover' }
  | { do: 'advance'; ms: number }
  | { do: 'resolve'; value: unknown }
  | { do: 'reject'; message: string };

/** What the user must see of the path's toast after a step. */
export type ToastScreen =
  | { shows: 'nothing' }
  | { shows: 'leaving'; title: string }
  | {
      shows: 'toast';
      title: string;
      description: string | undefined;
      /** sonner's data-type; a plain toast has none. */
      dataType: Exclude<ToastType, 'default'> | undefined;
      spinner: boolean;
      closeButton: boolean;
    };

export interface ToastStepPlan {
  actions: ToastUserAction[];
  screen: ToastScreen;
}

interface PlannablePath {
  scenario: { name: string };
  steps: ReadonlyArray<{ event: AnyEventObject; state: ToastSnapshot }>;
}

/** A path acts on the toast before it is shown only if its second step is not REVEAL. */
export function usesWaitingRoom(path: PlannablePath): boolean {
  return path.steps.length > 1 && path.steps[1]!.event.type !== 'REVEAL';
}

function scenarioOf(path: PlannablePath): ToastScenario {
  const scenario = toastScenarios.find((s) => s.name === path.scenario.name);
  if (!scenario) throw new Error(`Unknown toast scenario "${path.scenario.name}"`);
  return scenario;
}

function screenOf(snapshot: ToastSnapshot): ToastScreen {
  const { toast } = snapshot.context;
  if (snapshot.matches('queued') || snapshot.matches('gone')) return { shows: 'nothing' };
  if (snapshot.matches('leaving')) return { shows: 'leaving', title: toast.title };
  return {
    shows: 'toast',
    title: toast.title,
    description: toast.description,
    dataType: toast.type === 'default' ? undefined : toast.type,
    spinner: toast.type === 'loading',
    closeButton: toast.type !== 'loading' && toast.dismissible,
  };
}

function actionsFor(path: PlannablePath, index: number): ToastUserAction[] {
  const { event } = path.steps[index]!;
  const before = path.steps[Math.max(0, index - 1)]!.state;
  const { call } = scenarioOf(path);
  if (index === 0) {
    // Fill every place on screen first, so the path's toast has to wait for its turn.
    if (!usesWaitingRoom(path)) return [];
    return [
      ...fillerIds.map(
        (id, n): ToastUserAction => ({
          do: 'call',
          call: { method: 'loading', id, title: `Tarefa ${n + 1} em andamento…` },
        }),
      ),
      { do: 'call', call },
    ];
  }
  switch (event.type) {
    case 'REVEAL':
      return usesWaitingRoom(path)
        ? [
            { do: 'dismiss', id: fillerIds[0] },
            { do: 'advance', ms: TOAST_REMOVAL_DELAY_MS },
          ]
        : [{ do: 'call', call }];
    case 'UPDATE': {
      const patch = (event as Extract<ToastEvent, { type: 'UPDATE' }>).toast;
      const type = patch.type ?? before.context.toast.type;
      return [
        {
          do: 'call',
          call: {
            method: type === 'default' ? 'message' : type,
            id: SUBJECT_ID,
            title: patch.title ?? before.context.toast.title,
            description: patch.description,
          },
        },
      ];
    }
    case 'DISMISS': {
      const reason: DismissReason = (event as Extract<ToastEvent, { type: 'DISMISS' }>).reason;
      if (reason === 'close') return [{ do: 'click-close', id: SUBJECT_ID }];
      if (reason === 'swipe') return [{ do: 'swipe', id: SUBJECT_ID }];
      return [{ do: 'dismiss', id: SUBJECT_ID }];
    }
    case 'PAUSE':
      return [{ do: 'hover', id: SUBJECT_ID }];
    case 'RESUME':
      return [{ do: 'unhover' }];
    case 'xstate.done.actor.promise':
      return [{ do: 'resolve', value: (event as { output?: unknown }).output }];
    case 'xstate.error.actor.promise':
      return [{ do: 'reject', message: (event as { error?: Error }).error?.message ?? 'erro' }];
    default:
      if (event.type.startsWith('xstate.after.timeLeft.'))
        return [{ do: 'advance', ms: before.context.remaining }];
      if (event.type.startsWith('xstate.after.removalDelay.'))
        return [{ do: 'advance', ms: TOAST_REMOVAL_DELAY_MS }];
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

/** What to do at step `index` of a toasts path, and what the user must then see. */
export function planToastStep(path: PlannablePath, index: number): ToastStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path.steps[index]!.state) };
}
