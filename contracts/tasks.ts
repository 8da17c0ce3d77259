import * as z from 'zod/mini';
import { activityEventSchema, assigneeFilterInput, assigneeInput, personSchema } from './activity';
import { dateTimeInput } from './date-range';
import { cursorInput, idParam, limitInput, pageInfoSchema } from './pagination';

/**
 * Tasks and their follow-up messages (spec §2 /tasks and /home/{taskId}, §3, §4, §5, §7, §9).
 * A task may carry a follow-up: a WhatsApp message to its customer at the task's time. A recurring
 * task, once completed, gets its next occurrence (with a copy of its follow-up).
 */

export const taskFilters = ['today', 'future', 'completed', 'overdue'] as const;
export type TaskFilter = (typeof taskFilters)[number];
export const TASKS_PAGE_SIZE = 20;

/** Spec §9: recurrence intervals in days. */
export const recurrenceDays = {
  daily: 1,
  weekly: 7,
  biweekly: 15,
  monthly: 30,
  quarterly: 90,
  semestral: 180,
  yearly: 365,
} as const;
export const recurrences = [
  'none',
  'daily',
  'weekly',
  'biweekly',
  'monthly',
  'quarterly',
  'semestral',
  'yearly',
] as const;
export type Recurrence = (typeof recurrences)[number];
export const recurrenceLabels: Record<Recurrence, string> = {
  none: 'Não se repete',
  daily: 'Todo dia',
  weekly: 'Toda semana',
  biweekly: 'A cada 15 dias',
  monthly: 'Todo mês (30 dias)',
  quarterly: 'A cada 3 meses (90 dias)',
  semestral: 'A cada 6 meses (180 dias)',
  yearly: 'Todo ano (365 dias)',
};

export const TASK_TITLE_MAX = 140;
export const TASK_DESCRIPTION_MAX = 2000;
/** WhatsApp allows 4096 characters in a text message. */
export const FOLLOW_UP_MESSAGE_MAX = 4096;

export const taskCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Digits with the country code, or null. */
  phone: z.nullable(z.string()),
});

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  /** ISO 8601. Filters read it in the company's time zone (America/Sao_Paulo by default). */
  dueAt: z.string(),
  status: z.enum(['pending', 'completed']),
  completedAt: z.nullable(z.string()),
  recurrence: z.enum(recurrences),
  customer: z.nullable(taskCustomerSchema),
  /** Spec §3: "follow_up_message" when the task carries one (then the id is the message's). */
  referenceEntityName: z.nullable(z.enum(['follow_up_message', 'customer', 'deal'])),
  referenceEntityId: z.nullable(z.string()),
  /** Pending and due before now. */
  overdue: z.boolean(),
  /** Who is to do it (default: whoever created it); null: "sem responsável". */
  assignee: z.nullable(personSchema),
  /** Null for tasks from before the team, or once their author is gone. */
  createdBy: z.nullable(personSchema),
  completedBy: z.nullable(personSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

/** GET /api/tasks (spec §7): query filter, limit 20, cursor. */
export const listTasksQuerySchema = z.object({
  filter: z._default(z.enum(taskFilters), 'today'),
  /** "minhas" (assigned to the caller) or everyone's. */
  assignee: assigneeFilterInput,
  limit: limitInput(1, 100, TASKS_PAGE_SIZE),
  cursor: cursorInput,
});

/**
 * today: pending, due today (company time zone), earliest first. overdue: pending, due before now,
 * oldest first. future: pending, due after today, earliest first. completed: newest completion first.
 */
export const tasksPageSchema = z.object({
  tasks: z.array(taskSchema),
  pageInfo: pageInfoSchema,
});
export type TasksPage = z.infer<typeof tasksPageSchema>;

export const listTasksContract = {
  method: 'GET',
  url: '/api/tasks',
  query: listTasksQuerySchema,
  response: tasksPageSchema,
} as const;

/** Counts per filter (the filter tabs' badges and the home page). */
export const taskSummarySchema = z.object({
  today: z.number(),
  future: z.number(),
  completed: z.number(),
  overdue: z.number(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const getTaskSummaryContract = {
  method: 'GET',
  url: '/api/tasks/summary',
  /** The same assignee filter as the lists, so the tabs' badges count what the list shows. */
  query: z.object({ assignee: assigneeFilterInput }),
  response: taskSummarySchema,
} as const;

export const taskParams = z.object({ taskId: idParam });

/** Spec §3, §7: the task and the company's showNubankWidget setting. */
export const taskDetailSchema = z.object({
  task: taskSchema,
  showNubankWidget: z.boolean(),
  /** Who did what to it, oldest first (none from a server before the team). */
  activity: z._default(z.array(activityEventSchema), []),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const getTaskContract = {
  method: 'GET',
  url: '/api/tasks/:taskId',
  params: taskParams,
  response: taskDetailSchema,
} as const;

export const followUpStatuses = [
  'scheduled',
  'waiting_connection',
  'paused',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'expired',
  'cancelled',
] as const;
export type FollowUpStatus = (typeof followUpStatuses)[number];

/**
 * What the owner can do about a follow-up held back or gone wrong (the task and the customer's
 * timeline offer it): connect / reconnect WhatsApp, choose the follow-up template, send it now,
 * reschedule it (edit the task's time), resume the customer's follow-ups, check the customer's number.
 */
export const followUpActions = [
  'connect',
  'reconnect',
  'choose_template',
  'send_now',
  'reschedule',
  'resume',
  'check_number',
] as const;
export type FollowUpAction = (typeof followUpActions)[number];

export const followUpProblemSchema = z.object({
  /** Meta's error code (131047, 131026, 190…) or ours (NO_TEMPLATE, EXPIRED, PAUSED, UNCERTAIN…). */
  code: z.string(),
  /** Why, in pt-BR, as the owner reads it. */
  text: z.string(),
  /** What to do about it, best first. */
  actions: z.array(z.enum(followUpActions)),
});
export type FollowUpProblem = z.infer<typeof followUpProblemSchema>;

export const followUpMessageSchema = z.object({
  id: z.string(),
  taskId: z.nullable(z.string()),
  customerId: z.string(),
  message: z.string(),
  /** ISO 8601: the task's due time. */
  scheduledFor: z.string(),
  /**
   * scheduled: waiting for its time; waiting_connection: its time came and no working WhatsApp
   * connection could send it (it goes out once one exists, unless it expires first); paused: the
   * owner answered this customer by hand from the phone, so automatic follow-ups wait until resumed;
   * sending: handed to WhatsApp, no answer yet; sent, delivered, read: as WhatsApp reports it;
   * failed (problem says why); expired: it waited longer than the cut-off and was not sent;
   * cancelled (its task was completed or no longer refers to it).
   */
  status: z.enum(followUpStatuses),
  /** True while it cannot go out because the company has no WhatsApp connection: "aguardando conexão". */
  awaitingConnection: z.boolean(),
  /** How it went out: free text inside the 24-hour window, or the follow-up template outside it. */
  sentAs: z.nullable(z.enum(['text', 'template'])),
  sentAt: z.nullable(z.string()),
  /** The conversation message it became (the customer's timeline shows its status). */
  conversationMessageId: z.nullable(z.string()),
  /** Why it is held back or failed, and what to do; null when all is well. */
  problem: z.nullable(followUpProblemSchema),
  /** problem.text, kept for older clients. */
  lastError: z.nullable(z.string()),
});
export type FollowUpMessage = z.infer<typeof followUpMessageSchema>;

/** GET /api/followup/{followUpMessageId} (spec §7), loaded apart from the task. */
export const getFollowUpContract = {
  method: 'GET',
  url: '/api/followup/:followUpMessageId',
  params: z.object({ followUpMessageId: idParam }),
  response: z.object({ followUpMessage: followUpMessageSchema }),
} as const;

export const TASK_TITLE_REQUIRED_TEXT = 'Informe o título da tarefa.';
export const TASK_DUE_REQUIRED_TEXT = 'Informe a data e o horário.';
export const FOLLOW_UP_NEEDS_CUSTOMER_TEXT =
  'Para enviar uma mensagem de follow-up, escolha um cliente com WhatsApp.';
export const FOLLOW_UP_EMPTY_TEXT = 'Escreva a mensagem de follow-up.';

/**
 * New task / edit (a full replacement). `followUpMessage`: the text to send to the customer on
 * WhatsApp at `dueAt`; null or absent removes it (on edit). Needs a customer with a phone.
 */
export const taskInputSchema = z.strictObject({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: TASK_TITLE_REQUIRED_TEXT }),
      z.maxLength(TASK_TITLE_MAX, { error: `Use no máximo ${TASK_TITLE_MAX} caracteres.` }),
    ),
  description: z.nullable(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(TASK_DESCRIPTION_MAX, { error: `Use no máximo ${TASK_DESCRIPTION_MAX} caracteres.` }),
        ),
    ),
  ),
  /** ISO 8601 with offset; its day as written within 01/01/1900–31/12/2099 (contracts/date-range.ts). */
  dueAt: dateTimeInput(TASK_DUE_REQUIRED_TEXT),
  customerId: z.nullable(z.optional(idParam)),
  recurrence: z._default(z.enum(recurrences), 'none'),
  /** A member's user id or null; absent: the caller on create, unchanged on edit. Not a member: 400. */
  assigneeUserId: assigneeInput,
  followUpMessage: z.nullable(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, { error: FOLLOW_UP_EMPTY_TEXT }),
          z.maxLength(FOLLOW_UP_MESSAGE_MAX, { error: `Use no máximo ${FOLLOW_UP_MESSAGE_MAX} caracteres.` }),
        ),
    ),
  ),
});
export type TaskInput = z.input<typeof taskInputSchema>;

/** Answers 201. An unknown customerId is a 400 on customerId ("Cliente não encontrado."). */
export const createTaskContract = {
  method: 'POST',
  url: '/api/tasks',
  body: taskInputSchema,
  response: z.object({ task: taskSchema }),
  idempotent: true,
} as const;

export const updateTaskContract = {
  method: 'PUT',
  url: '/api/tasks/:taskId',
  params: taskParams,
  body: taskInputSchema,
  response: z.object({ task: taskSchema }),
} as const;

/** The task and its follow-up (a scheduled message is cancelled with it). */
export const deleteTaskContract = {
  method: 'DELETE',
  url: '/api/tasks/:taskId',
  params: taskParams,
  response: z.object({ deleted: z.literal(true) }),
} as const;

/** deleteFollowUp (spec §2): removes only the message; the task stays. */
export const deleteFollowUpContract = {
  method: 'DELETE',
  url: '/api/tasks/:taskId/follow-up',
  params: taskParams,
  response: z.object({ task: taskSchema }),
} as const;

/**
 * Marks it done. A recurring task gets its next occurrence, due `recurrenceDays` after this one's
 * due time (later than now: missed periods are skipped), with a copy of its follow-up; none when that
 * day would be past 31/12/2099 (the series ends, nextTask null). Completing a completed task changes
 * nothing and answers nextTask null.
 */
export const completeTaskContract = {
  method: 'POST',
  url: '/api/tasks/:taskId/complete',
  params: taskParams,
  response: z.object({ task: taskSchema, nextTask: z.nullable(taskSchema) }),
} as const;

/** Back to pending (an occurrence already created by completing it stays). */
export const reopenTaskContract = {
  method: 'POST',
  url: '/api/tasks/:taskId/reopen',
  params: taskParams,
  response: z.object({ task: taskSchema }),
} as const;
