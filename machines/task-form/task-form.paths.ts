import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { Issue } from '../../contracts/envelope';
import {
  FOLLOW_UP_EMPTY_TEXT,
  FOLLOW_UP_NEEDS_CUSTOMER_TEXT,
  type FollowUpMessage,
  TASK_DUE_REQUIRED_TEXT,
  TASK_TITLE_REQUIRED_TEXT,
  type Task,
} from '../../contracts/tasks';
import { type TaskFormEvent, type TaskFormInput, taskFormMachine } from './task-form.machine';
import {
  customerHasPhone,
  localDateOf,
  localTimeOf,
  newTaskValues,
  type TaskFormCustomer,
  taskInputOf,
  taskValues,
} from './task-form.values';

/**
 * The task form ("Nova tarefa", editing a task): its path model, the fixtures the view tests share,
 * and per step what to do in the running app and what the person must see (`planTaskFormStep`).
 */

export type TaskFormSnapshot = SnapshotFrom<typeof taskFormMachine>;

/** The app's clock when "Nova tarefa" opens: 09:20 local, so the form proposes 10:00 that day. */
export const FORM_NOW = new Date(2030, 0, 15, 9, 20);
/** Every scenario's task is due then (local time, so the inputs read 2030-01-15 and 10:00). */
export const DUE = new Date(2030, 0, 15, 10, 0);
export const DUE_DATE = localDateOf(DUE);
export const DUE_TIME = localTimeOf(DUE);

export const maria: TaskFormCustomer = { id: 'c-maria', name: 'Maria Silva', phone: '5511987654321' };
export const joao: TaskFormCustomer = { id: 'c-joao', name: 'João Pereira', phone: null };
export const pickerCustomers = [maria, joao] as const;

export const TITLE = 'Ligar para confirmar a encomenda';
export const MESSAGE = 'Oi! Tudo certo para a entrega do bolo amanhã?';

export function formTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 't-ana',
    title: 'Confirmar encomenda',
    description: 'Bolo de cenoura para 20 pessoas.',
    dueAt: DUE.toISOString(),
    status: 'pending',
    completedAt: null,
    recurrence: 'weekly',
    customer: { ...maria },
    referenceEntityName: 'follow_up_message',
    referenceEntityId: 'f-ana',
    overdue: false,
    assignee: null,
    createdBy: null,
    completedBy: null,
    createdAt: '2030-01-10T12:00:00.000Z',
    updatedAt: '2030-01-10T12:00:00.000Z',
    ...overrides,
  };
}

export function formFollowUp(overrides: Partial<FollowUpMessage> = {}): FollowUpMessage {
  return {
    id: 'f-ana',
    taskId: 't-ana',
    customerId: maria.id,
    message: MESSAGE,
    scheduledFor: DUE.toISOString(),
    status: 'scheduled',
    awaitingConnection: false,
    sentAs: null,
    sentAt: null,
    conversationMessageId: null,
    problem: null,
    lastError: null,
    ...overrides,
  };
}

/** A task whose customer's number was removed after its follow-up was written. */
export const joaoTask = formTask({
  id: 't-joao',
  title: 'Cobrar o sinal',
  description: null,
  recurrence: 'none',
  customer: { ...joao },
  referenceEntityId: 'f-joao',
});
export const joaoFollowUp = formFollowUp({ id: 'f-joao', taskId: 't-joao', customerId: joao.id });

export interface TaskFormScenario {
  name: string;
  summary: string;
  input: TaskFormInput;
  /** Where the form is opened: both prefixes of spec §2 serve it. */
  url: string;
  /** Where the page goes once saved. */
  backTo: string;
  /** The task and follow-up the edit page loads first. */
  loads: { task: Task; followUp: FollowUpMessage | null } | null;
}

const anaTask = formTask();
const anaFollowUp = formFollowUp();

/** The form's id in the paths: its submissions are keyed task-form-1, task-form-2… */
export const TASK_FORM_ID = 'task-form';

export const taskFormScenarios: TaskFormScenario[] = [
  {
    name: 'new',
    summary: 'The owner opens "Nova tarefa" under /tasks at 09:20',
    input: { taskId: null, values: newTaskValues(FORM_NOW), formId: TASK_FORM_ID, backTo: '/tasks' },
    url: '/tasks/new',
    backTo: '/tasks',
    loads: null,
  },
  {
    name: 'edit',
    summary: `The owner edits "${anaTask.title}" (Maria Silva, weekly, with a follow-up) from the home page`,
    input: {
      taskId: anaTask.id,
      values: taskValues(anaTask, anaFollowUp),
      formId: TASK_FORM_ID,
      backTo: '/home',
    },
    url: `/home/${anaTask.id}/edit`,
    backTo: '/home',
    loads: { task: anaTask, followUp: anaFollowUp },
  },
  {
    name: 'edit-no-phone',
    summary: `The owner edits "${joaoTask.title}", whose customer João Pereira no longer has a WhatsApp number`,
    input: {
      taskId: joaoTask.id,
      values: taskValues(joaoTask, joaoFollowUp),
      formId: TASK_FORM_ID,
      backTo: '/tasks',
    },
    url: `/tasks/${joaoTask.id}/edit`,
    backTo: '/tasks',
    loads: { task: joaoTask, followUp: joaoFollowUp },
  },
];

/** The saved task, as the server answers. */
export const savedTask = formTask({ id: 't-saved', title: TITLE });

/** Server refusals, as the app's actor rejects (ApiError's shape). */
export const saveRefused = Object.assign(new Error('Confira os campos destacados.'), {
  status: 400,
  issues: [{ path: 'customerId', message: 'Cliente não encontrado.' }] as Issue[],
});
export const saveBroken = Object.assign(new Error('Não foi possível salvar agora. Tente novamente.'), {
  status: 500,
});

export const SAVED_TEXT = { created: 'Tarefa criada.', updated: 'Alterações salvas.' } as const;
export const SUBMIT_LABEL = { created: 'Criar tarefa', updated: 'Salvar alterações' } as const;
export const SAVING_LABEL = 'Salvando...';
export const NO_CUSTOMER_LABEL = 'Sem cliente';

function customerName(customer: TaskFormCustomer | null): string {
  return customer ? customer.name : 'no customer';
}

function problemWords(snapshot: TaskFormSnapshot): string[] {
  const { problems, serverIssues, failure } = snapshot.context;
  return [
    problems.title && 'title missing',
    problems.due && 'date missing',
    problems.followUp === 'needsCustomer' && 'follow-up needs a customer with WhatsApp',
    problems.followUp === 'empty' && 'message missing',
    ...Object.keys(serverIssues).map((field) => `server issue on ${field}`),
    failure && `save refused (${failure.status ?? 'no answer'})`,
  ].filter((word): word is string => typeof word === 'string');
}

function toggled(current: string, filled: string): string {
  return current.trim() === '' ? filled : '';
}

export const taskFormPathModel = {
  chart: 'task-form',
  title: '"Nova tarefa" and editing a task: the form, its follow-up rules, the save',
  machine: taskFormMachine,
  scenarios: taskFormScenarios,

  events(snapshot: TaskFormSnapshot): TaskFormEvent[] {
    if (!snapshot.matches('editing') && !snapshot.matches('failed')) return [];
    const { values } = snapshot.context;
    const events: TaskFormEvent[] = [
      { type: 'EDIT', values: { title: toggled(values.title, TITLE) } },
      { type: 'EDIT', values: { date: values.date === '' ? DUE_DATE : '' } },
      ...[maria, joao, null]
        .filter((customer) => customer?.id !== values.customer?.id)
        .map((customer): TaskFormEvent => ({ type: 'PICK_CUSTOMER', customer })),
      { type: 'SET_FOLLOW_UP', on: !values.followUp },
    ];
    // The message field shows only while the switch is on.
    if (values.followUp) events.push({ type: 'EDIT', values: { message: toggled(values.message, MESSAGE) } });
    events.push({ type: 'SUBMIT' });
    return events;
  },

  actors: [{ id: 'saveTask', src: 'saveTask', outputs: [savedTask], errors: [saveRefused, saveBroken] }],

  serializeState(snapshot: TaskFormSnapshot): string {
    const { values } = snapshot.context;
    return [
      String(snapshot.value),
      values.title.trim() === '' ? 'no title' : `"${values.title}"`,
      values.date === '' ? 'no date' : 'dated',
      customerName(values.customer),
      values.followUp ? 'follow-up on' : 'follow-up off',
      // Kept while the switch is off: it shows again when it is turned back on.
      values.message.trim() === '' ? 'no message' : 'message written',
      ...problemWords(snapshot),
      snapshot.context.submission ? `key ${snapshot.context.submission.key}` : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /** Every state, with every reason a save is stopped or refused, for a new task and for an edit. */
  coverageKey(snapshot: TaskFormSnapshot): string {
    const kind = snapshot.context.taskId === null ? 'new' : 'edit';
    return [kind, String(snapshot.value), ...problemWords(snapshot)].join(' · ');
  },

  describeState(snapshot: TaskFormSnapshot): string {
    if (snapshot.matches('saving')) return 'saves the task';
    if (snapshot.matches('saved')) return 'the task is saved: back to the list';
    const { values } = snapshot.context;
    const problems = problemWords(snapshot);
    const followUp = values.followUp ? 'follow-up on' : 'follow-up off';
    const says = problems.length > 0 ? `, says: ${problems.join(', ')}` : '';
    return `the form (${customerName(values.customer)}, ${followUp})${says}`;
  },

  describeEvent(event: AnyEventObject): string {
    const e = event as TaskFormEvent & { output?: unknown; error?: { status?: number } };
    switch (e.type) {
      case 'EDIT': {
        const [field, value] = Object.entries(e.values)[0] ?? ['?', ''];
        return value === '' ? `The owner clears the ${field}` : `The owner fills in the ${field}`;
      }
      case 'PICK_CUSTOMER':
        return `The owner picks ${e.customer ? e.customer.name : `"${NO_CUSTOMER_LABEL}"`}`;
      case 'SET_FOLLOW_UP':
        return `The owner turns the follow-up switch ${e.on ? 'on' : 'off'}`;
      case 'SUBMIT':
        return 'The owner submits the form';
      default:
        if (event.type === 'xstate.done.actor.saveTask') return 'The server saves the task';
        if (event.type === 'xstate.error.actor.saveTask')
          return `The save fails (${(event as { error?: { status?: number } }).error?.status})`;
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type TaskFormUserAction =
  /** Open `url`; an edit page first loads `loads` (the task, then its follow-up). */
  | { do: 'open'; url: string; loads: TaskFormScenario['loads'] }
  /** Clear the field labelled `label` and type `text` ('' leaves it empty). */
  | { do: 'type'; label: string; text: string }
  | { do: 'set-date'; value: string }
  /** Open the customer picker and choose `option` ("Sem cliente" or a customer's name). */
  | { do: 'pick-customer'; option: string }
  | { do: 'toggle-follow-up' }
  | { do: 'click'; button: string }
  /** Answer the pending save, which must be `method` on `url` with `body`. */
  | { do: 'answer-save'; method: 'POST' | 'PUT'; url: string; body: unknown; status: number; reply: unknown };

export type TaskFormScreen =
  | {
      shows: 'form';
      title: string;
      date: string;
      /** What the picker shows: the customer's name, or '' for none. */
      customer: string;
      followUp: boolean;
      /** Can the switch be flipped? Off, it needs a customer with WhatsApp. */
      switchEnabled: boolean;
      /** The message field's text, or null when it is hidden (switch off). */
      message: string | null;
      errors: {
        title: string | null;
        due: string | null;
        customer: string | null;
        followUp: string | null;
        message: string | null;
      };
      /** The server's text after a failed save. */
      banner: string | null;
      submitLabel: string;
    }
  | { shows: 'saving'; label: string }
  | { shows: 'saved'; path: string; toast: string };

export interface TaskFormStepPlan {
  actions: TaskFormUserAction[];
  screen: TaskFormScreen;
}

interface PlannablePath {
  scenario: { name: string; input: TaskFormInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: TaskFormSnapshot }>;
}

/** A path's scenario with what the drivers need (the paths keep only name, summary and input). */
export function taskFormScenarioOf(scenario: { name: string }): TaskFormScenario {
  const found = taskFormScenarios.find((candidate) => candidate.name === scenario.name);
  if (!found) throw new Error(`No task-form scenario named "${scenario.name}"`);
  return found;
}

function kind(scenario: TaskFormScenario): 'created' | 'updated' {
  return scenario.input.taskId === null ? 'created' : 'updated';
}

function actionsFor(path: PlannablePath, index: number): TaskFormUserAction[] {
  const scenario = taskFormScenarioOf(path.scenario);
  const { event } = path.steps[index]!;
  if (index === 0) return [{ do: 'open', url: scenario.url, loads: scenario.loads }];
  const before = path.steps[index - 1]!.state;
  const e = event as TaskFormEvent;
  switch (e.type) {
    case 'EDIT': {
      if (e.values.title !== undefined) return [{ do: 'type', label: 'Título', text: e.values.title }];
      if (e.values.date !== undefined) return [{ do: 'set-date', value: e.values.date }];
      if (e.values.message !== undefined) return [{ do: 'type', label: 'Mensagem', text: e.values.message }];
      throw new Error(`No way to act out the edit ${JSON.stringify(e.values)}`);
    }
    case 'PICK_CUSTOMER':
      return [{ do: 'pick-customer', option: e.customer ? e.customer.name : NO_CUSTOMER_LABEL }];
    case 'SET_FOLLOW_UP':
      return [{ do: 'toggle-follow-up' }];
    case 'SUBMIT':
      return [{ do: 'click', button: SUBMIT_LABEL[kind(scenario)] }];
    default:
      break;
  }
  const taskId = scenario.input.taskId;
  const call = {
    method: taskId === null ? ('POST' as const) : ('PUT' as const),
    url: taskId === null ? '/api/tasks' : `/api/tasks/${taskId}`,
    body: taskInputOf(before.context.values),
  };
  if (event.type === 'xstate.done.actor.saveTask') {
    const output = (event as { output?: unknown }).output;
    return [
      {
        do: 'answer-save',
        ...call,
        status: taskId === null ? 201 : 200,
        reply: { success: true, data: { task: output } },
      },
    ];
  }
  if (event.type === 'xstate.error.actor.saveTask') {
    const error = (event as { error?: Error & { status: number; issues?: Issue[] } }).error!;
    const reply = {
      success: false,
      error: error.message,
      code: error.status === 400 ? 'VALIDATION_ERROR' : 'INTERNAL_ERROR',
      ...(error.issues ? { issues: error.issues } : {}),
    };
    return [{ do: 'answer-save', ...call, status: error.status, reply }];
  }
  throw new Error(`No way to act out "${event.type}" in the app`);
}

function screenOf(scenario: TaskFormScenario, snapshot: TaskFormSnapshot): TaskFormScreen {
  if (snapshot.matches('saving')) return { shows: 'saving', label: SAVING_LABEL };
  if (snapshot.matches('saved'))
    return { shows: 'saved', path: scenario.backTo, toast: SAVED_TEXT[kind(scenario)] };
  const { values, problems, serverIssues, failure } = snapshot.context;
  return {
    shows: 'form',
    title: values.title,
    date: values.date,
    customer: values.customer?.name ?? '',
    followUp: values.followUp,
    switchEnabled: values.followUp || customerHasPhone(values.customer),
    message: values.followUp ? values.message : null,
    errors: {
      title: problems.title ? TASK_TITLE_REQUIRED_TEXT : (serverIssues.title ?? null),
      due: problems.due ? TASK_DUE_REQUIRED_TEXT : (serverIssues.due ?? null),
      customer: serverIssues.customer ?? null,
      followUp: problems.followUp === 'needsCustomer' ? FOLLOW_UP_NEEDS_CUSTOMER_TEXT : null,
      message: problems.followUp === 'empty' ? FOLLOW_UP_EMPTY_TEXT : (serverIssues.message ?? null),
    },
    banner: snapshot.matches('failed') ? (failure?.message ?? null) : null,
    submitLabel: SUBMIT_LABEL[kind(scenario)],
  };
}

/** What to do at step `index` of a task-form path, and what the person must then see. */
export function planTaskFormStep(path: PlannablePath, index: number): TaskFormStepPlan {
  return {
    actions: actionsFor(path, index),
    screen: screenOf(taskFormScenarioOf(path.scenario), path.steps[index]!.state),
  };
}
