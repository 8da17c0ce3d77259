import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { Task, TaskInput } from '../../contracts/tasks';
import type { CallFailure } from '../phone-verification/call-failure';
import {
  type QuickTaskCustomer,
  type QuickTaskDay,
  type QuickTaskEvent,
  type QuickTaskInput,
  quickTaskMachine,
} from './quick-task.machine';
import { defaultTime, dueAtIso, localDate } from './quick-task-due';

/**
 * The quick-add task sheet on /home: its path model, and per step what to do in the running app
 * and what the person must see (`planQuickTaskStep`), for the drivers.
 */

export type QuickTaskSnapshot = SnapshotFrom<typeof quickTaskMachine>;

export interface QuickTaskScenario {
  name: string;
  summary: string;
  input: Required<QuickTaskInput>;
}

/** Tuesday 15 January 2030, 13:20 on the person's clock. */
export const NOW = new Date(2030, 0, 15, 13, 20).getTime();
export const TODAY = localDate(new Date(NOW));
export const TOMORROW = '2030-01-16';
export const PICKED_DATE = '2030-01-20';
export const OTHER_DATE = '2030-01-22';
export const DEFAULT_TIME = defaultTime(NOW);
export const OTHER_TIME = '16:30';
export const TITLE = 'Ligar para a Maria';
export const MARIA: QuickTaskCustomer = { id: '7d1c2f4e-8a51-4c59-9d57-1f0a2b3c4d5e', name: 'Maria Souza' };

/** The sheet's id in the paths: its submissions are keyed quick-task-1, quick-task-2… */
export const QUICK_TASK_FORM_ID = 'quick-task';

export const quickTaskScenarios: QuickTaskScenario[] = [
  {
    name: 'home',
    summary: 'The owner is on /home on a Tuesday at 13:20',
    input: { now: () => NOW, formId: QUICK_TASK_FORM_ID },
  },
];

/** The task POST /api/tasks answers with, for whatever was sent. */
export function createdTask(input: Partial<TaskInput> = {}): Task {
  return {
    id: '0b8e9a52-3f0e-4f8e-9c11-5b6a7c8d9e0f',
    title: input.title ?? TITLE,
    description: null,
    dueAt: input.dueAt ?? dueAtIso(TODAY, DEFAULT_TIME),
    status: 'pending',
    completedAt: null,
    recurrence: 'none',
    customer: input.customerId ? { id: MARIA.id, name: MARIA.name, phone: '5511987654321' } : null,
    referenceEntityName: null,
    referenceEntityId: null,
    overdue: false,
    assignee: null,
    createdBy: null,
    completedBy: null,
    createdAt: new Date(NOW).toISOString(),
    updatedAt: new Date(NOW).toISOString(),
  };
}

/** Server refusals, as the app's actors reject (ApiError's shape). */
export const customerGone = Object.assign(new Error('Cliente não encontrado.'), {
  status: 400,
  issues: [{ path: 'customerId', message: 'Cliente não encontrado.' }],
});
export const serverDown = Object.assign(new Error('Falha interna. Tente de novo em instantes.'), {
  status: 500,
});

/** What the view says, word for word. */
export const texts = {
  add: 'Adicionar tarefa',
  save: 'Salvar',
  saving: 'Salvando...',
  titleLabel: 'Título',
  dateLabel: 'Data',
  timeLabel: 'Horário',
  customerLabel: 'Cliente',
  noCustomer: 'Sem cliente',
  close: 'Fechar',
  created: 'Tarefa criada.',
  titleMissing: 'Informe o título da tarefa.',
  dateMissing: 'Escolha a data.',
  timeMissing: 'Informe o horário.',
} as const;

export const dayLabels: Record<QuickTaskDay, string> = {
  today: 'Hoje',
  tomorrow: 'Amanhã',
  pick: 'Escolher data',
};

function timeName(time: string): string {
  if (time === DEFAULT_TIME) return 'the suggested time';
  if (time === '') return 'no time';
  return time;
}

function failureName(failure: CallFailure | null): string | undefined {
  if (!failure) return undefined;
  return failure.kind === 'failed' ? `save refused (${failure.status ?? 'no answer'})` : 'save refused';
}

function draftName(snapshot: QuickTaskSnapshot): string {
  const { title, day, date, time, customer } = snapshot.context.draft;
  return [
    title === '' ? 'no title' : `"${title}"`,
    day === 'pick' ? (date === '' ? 'date to choose' : date) : date === '' ? day : `${day} (${date} kept)`,
    timeName(time),
    customer ? customer.name : 'no customer',
  ].join(', ');
}

export const quickTaskPathModel = {
  chart: 'quick-task',
  title: 'The quick-add task sheet on /home: open, fill in, save (or close and come back)',
  machine: quickTaskMachine,
  scenarios: quickTaskScenarios,

  events(snapshot: QuickTaskSnapshot): QuickTaskEvent[] {
    if (snapshot.matches('closed')) return [{ type: 'OPEN' }];
    // A second task after a saved one is worth a path (it gets a new key); a third adds nothing.
    if (snapshot.matches('saved')) return snapshot.context.saves < 2 ? [{ type: 'OPEN' }] : [];
    if (!snapshot.matches('open') && !snapshot.matches('failed')) return [];
    const { title, day, date, time, customer } = snapshot.context.draft;
    const events: QuickTaskEvent[] = [
      { type: 'CHANGE_TITLE', title: title === '' ? TITLE : '' },
      ...(['today', 'tomorrow', 'pick'] as const)
        .filter((other) => other !== day)
        .map((other): QuickTaskEvent => ({ type: 'CHOOSE_DAY', day: other })),
      { type: 'CHOOSE_CUSTOMER', customer: customer ? null : MARIA },
      { type: 'SUBMIT' },
      { type: 'CLOSE' },
    ];
    if (day === 'pick' && date === '') events.push({ type: 'CHANGE_DATE', date: PICKED_DATE });
    if (day === 'pick' && date === PICKED_DATE) events.push({ type: 'CHANGE_DATE', date: OTHER_DATE });
    if (time === DEFAULT_TIME) events.push({ type: 'CHANGE_TIME', time: '' });
    if (time === '') events.push({ type: 'CHANGE_TIME', time: OTHER_TIME });
    return events;
  },

  actors: [
    {
      id: 'createTask',
      src: 'createTask',
      outputs: [createdTask()],
      errors: [customerGone, serverDown],
    },
  ],

  serializeState(snapshot: QuickTaskSnapshot): string {
    const { missing, failure, saves, submission } = snapshot.context;
    return [
      String(snapshot.value),
      draftName(snapshot),
      missing.length ? `missing ${missing.join('+')}` : undefined,
      failureName(failure),
      saves > 0 ? `${saves} saved` : undefined,
      submission ? `key ${submission.key}${submission.settled ? ' (saved)' : ''}` : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /** Every state, with every set of missing fields and every reason a save fails. */
  coverageKey(snapshot: QuickTaskSnapshot): string {
    const { missing, failure } = snapshot.context;
    return [String(snapshot.value), missing.join('+') || undefined, failureName(failure)]
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: QuickTaskSnapshot): string {
    const { missing, failure } = snapshot.context;
    if (snapshot.matches('closed')) return 'only the "+" button shows';
    if (snapshot.matches('saved')) return 'the sheet closed, "Tarefa criada." shows';
    if (snapshot.matches('saving')) return `the sheet saves ${draftName(snapshot)}`;
    const why = missing.length
      ? `, says ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`
      : failure
        ? ', says why the task was not saved'
        : '';
    return `the sheet with ${draftName(snapshot)}${why}`;
  },

  describeEvent(event: AnyEventObject): string {
    if (event.type === 'xstate.done.actor.createTask') return 'The server creates the task';
    if (event.type === 'xstate.error.actor.createTask') {
      return `The server refuses it (${(event as { error?: { status?: number } }).error?.status})`;
    }
    const e = event as QuickTaskEvent;
    switch (e.type) {
      case 'OPEN':
        return 'The owner taps "+" (Adicionar tarefa)';
      case 'CLOSE':
        return 'The owner closes the sheet';
      case 'CHANGE_TITLE':
        return e.title === '' ? 'The owner clears the title' : `The owner types "${e.title}"`;
      case 'CHOOSE_DAY':
        return `The owner taps "${dayLabels[e.day]}"`;
      case 'CHANGE_DATE':
        return `The owner picks ${e.date}`;
      case 'CHANGE_TIME':
        return e.time === '' ? 'The owner clears the time' : `The owner sets the time to ${e.time}`;
      case 'CHOOSE_CUSTOMER':
        return e.customer
          ? `The owner picks the customer ${e.customer.name}`
          : 'The owner removes the customer';
      case 'SUBMIT':
        return 'The owner taps "Salvar"';
    }
  },
};

/** What the drivers do in the running app, as data. */
export type QuickTaskUserAction =
  | { do: 'open-home' }
  | { do: 'click'; button: string }
  /** Pick one of the chips "Hoje", "Amanhã", "Escolher data". */
  | { do: 'choose-day'; option: string }
  /** Clear the field labelled `label` and type `text` (nothing, for an empty field). */
  | { do: 'type'; label: string; text: string }
  /** Set a date or time input labelled `label`. */
  | { do: 'fill'; label: string; value: string }
  /** Open the "Cliente" combobox and pick the option of that name ("Sem cliente" clears it). */
  | { do: 'choose-customer'; name: string }
  | { do: 'press-escape' }
  | { do: 'tap-backdrop' }
  /** Answer the pending POST /api/tasks, which must carry `body`. */
  | { do: 'answer-create'; body: TaskInput; status: number; reply: unknown };

export interface QuickTaskSheetScreen {
  shows: 'sheet';
  title: string;
  day: QuickTaskDay;
  /** The date input's value; null when it is not shown (Hoje, Amanhã). */
  date: string | null;
  time: string;
  customer: string | null;
  /** Errors beside the fields, and the one for the whole form. */
  errors: {
    title: string | null;
    date: string | null;
    time: string | null;
    customer: string | null;
    form: string | null;
  };
  saving: boolean;
}

export type QuickTaskScreen = { shows: 'closed'; toast: string | null } | QuickTaskSheetScreen;

export interface QuickTaskStepPlan {
  actions: QuickTaskUserAction[];
  screen: QuickTaskScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: QuickTaskSnapshot }>;
}

function requestOf(snapshot: QuickTaskSnapshot): TaskInput {
  const { title, day, date, time, customer } = snapshot.context.draft;
  const on = day === 'today' ? TODAY : day === 'tomorrow' ? TOMORROW : date;
  return {
    title: title.trim(),
    dueAt: dueAtIso(on, time),
    customerId: customer?.id ?? null,
    recurrence: 'none',
  };
}

function actionsFor(path: PlannablePath, index: number): QuickTaskUserAction[] {
  if (index === 0) return [{ do: 'open-home' }];
  const { event } = path.steps[index]!;
  const before = path.steps[index - 1]!.state;
  if (event.type === 'xstate.done.actor.createTask') {
    const reply = { success: true, data: { task: (event as { output?: unknown }).output } };
    return [{ do: 'answer-create', body: requestOf(before), status: 201, reply }];
  }
  if (event.type === 'xstate.error.actor.createTask') {
    const error = (event as { error?: typeof serverDown & { issues?: unknown } }).error!;
    const reply = {
      success: false,
      error: error.message,
      code: error.status === 400 ? 'VALIDATION_ERROR' : 'INTERNAL_ERROR',
      ...(error.issues ? { issues: error.issues } : {}),
    };
    return [{ do: 'answer-create', body: requestOf(before), status: error.status, reply }];
  }
  const e = event as QuickTaskEvent;
  switch (e.type) {
    case 'OPEN':
      return [{ do: 'click', button: texts.add }];
    case 'CLOSE':
      // Both ways out: Esc from the form, the backdrop after a failed save.
      return before.matches('failed') ? [{ do: 'tap-backdrop' }] : [{ do: 'press-escape' }];
    case 'CHANGE_TITLE':
      return [{ do: 'type', label: texts.titleLabel, text: e.title }];
    case 'CHOOSE_DAY':
      return [{ do: 'choose-day', option: dayLabels[e.day] }];
    case 'CHANGE_DATE':
      return [{ do: 'fill', label: texts.dateLabel, value: e.date }];
    case 'CHANGE_TIME':
      return [{ do: 'fill', label: texts.timeLabel, value: e.time }];
    case 'CHOOSE_CUSTOMER':
      return [{ do: 'choose-customer', name: e.customer ? e.customer.name : texts.noCustomer }];
    case 'SUBMIT':
      return [{ do: 'click', button: texts.save }];
  }
}

function fieldErrors(snapshot: QuickTaskSnapshot): QuickTaskSheetScreen['errors'] {
  const { missing, failure } = snapshot.context;
  const errors: QuickTaskSheetScreen['errors'] = {
    title: missing.includes('title') ? texts.titleMissing : null,
    date: missing.includes('date') ? texts.dateMissing : null,
    time: missing.includes('time') ? texts.timeMissing : null,
    customer: null,
    form: null,
  };
  if (failure?.kind === 'failed') {
    const onCustomer = failure.issues?.find((issue) => issue.path === 'customerId');
    if (onCustomer) errors.customer = onCustomer.message;
    else errors.form = failure.message;
  }
  return errors;
}

function screenOf(snapshot: QuickTaskSnapshot, before: QuickTaskSnapshot | undefined): QuickTaskScreen {
  if (snapshot.matches('closed')) return { shows: 'closed', toast: null };
  if (snapshot.matches('saved'))
    return { shows: 'closed', toast: before?.matches('saving') ? texts.created : null };
  const { title, day, date, time, customer } = snapshot.context.draft;
  return {
    shows: 'sheet',
    title,
    day,
    date: day === 'pick' ? date : null,
    time,
    customer: customer?.name ?? null,
    errors: fieldErrors(snapshot),
    saving: snapshot.matches('saving'),
  };
}

/** What to do at step `index` of a quick-task path, and what the owner must then see. */
export function planQuickTaskStep(path: PlannablePath, index: number): QuickTaskStepPlan {
  return {
    actions: actionsFor(path, index),
    screen: screenOf(path.steps[index]!.state, index > 0 ? path.steps[index - 1]!.state : undefined),
  };
}
