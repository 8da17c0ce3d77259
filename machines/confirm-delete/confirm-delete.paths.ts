import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { PathScenario } from '../../tests/support/chart-paths';
import {
  type ConfirmDeleteEvent,
  type ConfirmDeleteInput,
  confirmDeleteMachine,
} from './confirm-delete.machine';

/**
 * The confirm-delete chart's path model, replayed on two concrete screens: a customer's page (the
 * question asked in place on "Excluir", closed with "Cancelar") and a task's delete page (the
 * question is the page, asked from the start; its "Cancelar" is a link away, not the chart's).
 * Per step, what to do in the app and what the person must see (`planConfirmDeleteStep`).
 */

export type ConfirmDeleteSnapshot = SnapshotFrom<typeof confirmDeleteMachine>;

export const CUSTOMER_NAME = 'Ana Souza';
export const TASK_TITLE = 'Entregar bolo de aniversário';

/** One screen a delete is asked on, with its words. The plan's record id is `{id}` in addresses. */
export interface ConfirmDeleteScreen {
  /** Where the screen is (`{id}` is the record's id). */
  url: string;
  /** The button that asks (in place only). */
  askLabel: string | null;
  question: string;
  confirmLabel: string;
  /** Where the app goes once deleted. */
  doneTo: string;
  /** The toast once deleted. */
  deletedText: string;
  /** The delete call, as the browser sees it (`{id}` is the record's id). */
  call: string;
}

export interface ConfirmDeleteScenario extends PathScenario<ConfirmDeleteInput> {
  screen: ConfirmDeleteScreen;
}

export const customerScreen: ConfirmDeleteScreen = {
  url: '/customers/{id}',
  askLabel: 'Excluir',
  question: `Excluir ${CUSTOMER_NAME}?`,
  confirmLabel: 'Excluir cliente',
  doneTo: '/customers',
  deletedText: 'Cliente excluído.',
  call: '/api/customers/{id}',
};

export const taskScreen: ConfirmDeleteScreen = {
  url: '/tasks/{id}/delete',
  askLabel: null,
  question: 'Excluir tarefa?',
  confirmLabel: 'Excluir tarefa',
  doneTo: '/tasks',
  deletedText: 'Tarefa excluída.',
  call: '/api/tasks/{id}',
};

export const confirmDeleteScenarios: ConfirmDeleteScenario[] = [
  {
    name: 'in place',
    summary: `The owner opens ${CUSTOMER_NAME}'s page (the question opens on "Excluir")`,
    screen: customerScreen,
    input: { doneTo: customerScreen.doneTo },
  },
  {
    name: 'page',
    summary: `The owner opens the delete page of the task "${TASK_TITLE}" (the page asks)`,
    screen: taskScreen,
    input: { asked: true, doneTo: taskScreen.doneTo, replace: true },
  },
];

/** The server's answers, as the app's actors reject (ApiError's shape). */
export const DELETE_BROKEN_TEXT = 'Não foi possível excluir agora. Tente novamente.';
export const deleteBroken = Object.assign(new Error(DELETE_BROKEN_TEXT), { status: 500 });

const scenarioOf = (snapshot: ConfirmDeleteSnapshot) => (snapshot.context.asked ? 'page' : 'in place');

export const confirmDeletePathModel = {
  chart: 'confirm-delete',
  title: 'A delete asked first (customer, task, follow-up, deal, stage): confirm, cancel, and a failure',
  machine: confirmDeleteMachine,
  scenarios: confirmDeleteScenarios,

  events(snapshot: ConfirmDeleteSnapshot): ConfirmDeleteEvent[] {
    // On the page "Cancelar" is a link back to the task: it leaves the chart, so no path takes it.
    const inPlace = scenarioOf(snapshot) === 'in place';
    if (snapshot.matches('idle')) return [{ type: 'ASK' }];
    if (snapshot.matches('confirming'))
      return [{ type: 'CONFIRM' }, ...(inPlace ? [{ type: 'CANCEL' as const }] : [])];
    if (snapshot.matches('failed'))
      return [
        { type: 'CONFIRM' },
        ...(inPlace ? [{ type: 'CANCEL' as const }, { type: 'ASK' as const }] : []),
      ];
    return [];
  },

  actors: [{ id: 'remove', src: 'remove', outputs: [{ deleted: true }], errors: [deleteBroken] }],

  serializeState(snapshot: ConfirmDeleteSnapshot): string {
    const { error } = snapshot.context;
    return [scenarioOf(snapshot), String(snapshot.value), ...(error ? [`says "${error}"`] : [])].join(' · ');
  },

  describeState(snapshot: ConfirmDeleteSnapshot): string {
    const { error, doneTo } = snapshot.context;
    switch (String(snapshot.value)) {
      case 'idle':
        return 'the page, with its "Excluir" button';
      case 'confirming':
        return 'the question, its red button and "Cancelar"';
      case 'deleting':
        return 'deleting ("Excluindo...")';
      case 'failed':
        return `the question again, saying "${error}"`;
      default:
        return `deleted: the toast, and back to ${doneTo}`;
    }
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'ASK':
        return 'The owner presses "Excluir"';
      case 'CONFIRM':
        return 'The owner presses the red button';
      case 'CANCEL':
        return 'The owner presses "Cancelar"';
      case 'xstate.done.actor.remove':
        return 'The server deletes it';
      default:
        return `The server answers ${(event as { error?: { status?: number } }).error?.status}`;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type ConfirmDeleteUserAction =
  /** Opens the scenario's screen on a record made for the path. */
  | { do: 'open'; url: string }
  | { do: 'click'; button: string }
  /** The delete call's answer: the real server's (`200`), or a 500 served in its place. */
  | { do: 'answer'; call: string; status: 200 | 500; body?: unknown };

/** What the person must see after a step. */
export interface ConfirmDeleteStepScreen {
  /** The address (path), `{id}` standing for the record's id. */
  location: string;
  /** The question, or null when it is not asked. */
  question: string | null;
  /** The red button's label and whether it can be pressed (with the question). */
  confirm: { label: string; disabled: boolean } | null;
  /** The server's words beside the question. */
  error: string | null;
  /** A toast that must be on screen. */
  toast: string | null;
}

export interface ConfirmDeleteStepPlan {
  actions: ConfirmDeleteUserAction[];
  screen: ConfirmDeleteStepScreen;
}

type ConfirmDeletePath = {
  scenario: PathScenario<ConfirmDeleteInput>;
  steps: { event: AnyEventObject; state: ConfirmDeleteSnapshot }[];
};

/** Step `index` of `path`: the owner's (or the server's) part, and the screen after it. */
export function planConfirmDeleteStep(path: ConfirmDeletePath, index: number): ConfirmDeleteStepPlan {
  const { screen } = path.scenario as ConfirmDeleteScenario;
  const step = path.steps[index]!;
  const value = String(step.state.value);
  const actions: ConfirmDeleteUserAction[] = [];
  switch (step.event.type) {
    case 'xstate.init':
      actions.push({ do: 'open', url: screen.url });
      break;
    case 'ASK':
      actions.push({ do: 'click', button: screen.askLabel ?? 'Excluir' });
      break;
    case 'CONFIRM':
      actions.push({ do: 'click', button: screen.confirmLabel });
      break;
    case 'CANCEL':
      actions.push({ do: 'click', button: 'Cancelar' });
      break;
    case 'xstate.done.actor.remove':
      actions.push({ do: 'answer', call: screen.call, status: 200 });
      break;
    default:
      actions.push({
        do: 'answer',
        call: screen.call,
        status: 500,
        body: { success: false, error: DELETE_BROKEN_TEXT, code: 'INTERNAL_ERROR' },
      });
  }
  const deleted = value === 'deleted';
  const asking = value !== 'idle' && !deleted;
  return {
    actions,
    screen: {
      location: deleted ? screen.doneTo : screen.url,
      question: asking ? screen.question : null,
      confirm: asking
        ? value === 'deleting'
          ? { label: 'Excluindo...', disabled: true }
          : { label: screen.confirmLabel, disabled: false }
        : null,
      error: asking ? step.state.context.error : null,
      toast: deleted ? screen.deletedText : null,
    },
  };
}
