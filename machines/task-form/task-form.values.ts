import type { FollowUpMessage, Recurrence, Task, TaskInput } from '../../contracts/tasks';

/**
 * What the task form holds, as the person typed it, and how it becomes the call's body. Dates are
 * the browser's local date and time (the date and time inputs), sent as an ISO instant.
 */

export interface TaskFormCustomer {
  id: string;
  name: string;
  /** Digits with the country code, or null: without one no follow-up can go to them. */
  phone: string | null;
}

export interface TaskFormValues {
  title: string;
  description: string;
  /** yyyy-mm-dd, local; '' when cleared. */
  date: string;
  /** HH:mm, local; '' when cleared. */
  time: string;
  customer: TaskFormCustomer | null;
  recurrence: Recurrence;
  /** "Enviar mensagem de follow-up no WhatsApp". */
  followUp: boolean;
  /** Kept while the switch is off, so turning it back on brings the text back. */
  message: string;
  /**
   * "Responsável" as picked: a member's user id or null ("Sem responsável"); absent until the
   * person picks one, so the body leaves it out (the caller on create, unchanged on edit).
   */
  assigneeUserId?: string | null;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function localDateOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function localTimeOf(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a local date and time stand for, as ISO 8601; null when either is missing or wrong. */
export function dueAtOf(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const instant = new Date(`${date}T${time}:00`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The next full hour after `now` (09:20 → 10:00; 23:30 → 00:00 the next day). */
export function nextFullHour(now: Date): Date {
  const next = new Date(now.getTime());
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

/** A blank "Nova tarefa": due at the next full hour, no customer, not repeating, no follow-up. */
export function newTaskValues(now: Date): TaskFormValues {
  const due = nextFullHour(now);
  return {
    title: '',
    description: '',
    date: localDateOf(due),
    time: localTimeOf(due),
    customer: null,
    recurrence: 'none',
    followUp: false,
    message: '',
  };
}

/** An existing task in the form; `followUp` is its message when it carries one. */
export function taskValues(task: Task, followUp: FollowUpMessage | null): TaskFormValues {
  const due = new Date(task.dueAt);
  return {
    title: task.title,
    description: task.description ?? '',
    date: localDateOf(due),
    time: localTimeOf(due),
    customer: task.customer ? { ...task.customer } : null,
    recurrence: task.recurrence,
    followUp: followUp !== null,
    message: followUp?.message ?? '',
  };
}

/** The body of POST /api/tasks and PUT /api/tasks/{id}; only call it with values that passed the checks. */
export function taskInputOf(values: TaskFormValues): TaskInput {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    description: description === '' ? null : description,
    dueAt: dueAtOf(values.date, values.time) ?? '',
    customerId: values.customer?.id ?? null,
    recurrence: values.recurrence,
    followUpMessage: values.followUp ? values.message.trim() : null,
    ...(values.assigneeUserId !== undefined ? { assigneeUserId: values.assigneeUserId } : {}),
  };
}

export function customerHasPhone(customer: TaskFormCustomer | null): boolean {
  return customer !== null && customer.phone !== null && customer.phone !== '';
}
