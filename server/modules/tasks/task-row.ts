import type { Recurrence, Task } from '../../../contracts/tasks';
import { isoTimestamp, type Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { personNameSql, toPerson } from '../activity/person';

/**
 * The name of the user a column of `t` points at (a removed member's name stays on what they did),
 * null when it points nowhere. A scalar subquery rather than a join: the planner then has one join
 * (the customer) to order instead of four, which halves the planning of a page of tasks.
 */
function personOf(column: string, alias: string): string {
  return `(SELECT ${personNameSql(alias)} FROM users ${alias} WHERE ${alias}.id = t.${column})`;
}

/** A task as the API answers it, with its customer; `t` is tasks, `c` its customer (TASK_FROM). */
export const TASK_COLUMNS = `t.id, t.title, t.description, t.due_at, t.status, t.completed_at, t.recurrence,
  t.reference_entity_name, t.reference_entity_id, t.created_at, t.updated_at,
  (t.status = 'pending' AND t.due_at < now()) AS overdue,
  c.id AS customer_id, c.name AS customer_name, c.phone AS customer_phone,
  t.assignee_user_id, ${personOf('assignee_user_id', 'au')} AS assignee_name,
  t.created_by_user_id, ${personOf('created_by_user_id', 'cu')} AS created_by_name,
  t.completed_by_user_id, ${personOf('completed_by_user_id', 'du')} AS completed_by_name`;

export const TASK_FROM = `tasks t
  LEFT JOIN customers c ON c.company_id = t.company_id AND c.id = t.customer_id`;

export interface TaskRow extends Record<string, unknown> {
  id: string;
  title: string;
  description: string | null;
  due_at: Timestamp;
  status: Task['status'];
  completed_at: Timestamp | null;
  recurrence: Recurrence;
  reference_entity_name: Task['referenceEntityName'];
  reference_entity_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  overdue: boolean;
  customer_id: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  assignee_user_id: string | null;
  assignee_name: string | null;
  created_by_user_id: string | null;
  created_by_name: string | null;
  completed_by_user_id: string | null;
  completed_by_name: string | null;
}

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueAt: row.due_at,
    status: row.status,
    completedAt: row.completed_at,
    recurrence: row.recurrence,
    customer:
      row.customer_id === null
        ? null
        : { id: row.customer_id, name: row.customer_name ?? '', phone: row.customer_phone },
    referenceEntityName: row.reference_entity_name,
    referenceEntityId: row.reference_entity_id,
    overdue: row.overdue,
    assignee: toPerson(row.assignee_user_id, row.assignee_name),
    createdBy: toPerson(row.created_by_user_id, row.created_by_name),
    completedBy: toPerson(row.completed_by_user_id, row.completed_by_name),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * A task read from a JSON column (the dashboard's lists): its times are PostgreSQL's JSON text
 * ("2026-11-25T12:00:00.123456+00:00"), written in the API's form as the driver writes columns.
 */
export function toTaskFromJson(row: TaskRow): Task {
  return toTask({
    ...row,
    due_at: isoTimestamp(row.due_at),
    completed_at: row.completed_at === null ? null : isoTimestamp(row.completed_at),
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  });
}

/** One of the company's tasks as the API answers it, or null (unknown, malformed or another company's id). */
export async function loadTask(q: Queryable, companyId: string, taskId: string): Promise<Task | null> {
  if (!isUuid(taskId)) return null;
  const { rows } = await q.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM ${TASK_FROM} WHERE t.company_id = $1 AND t.id = $2`,
    [companyId, taskId],
  );
  return rows[0] ? toTask(rows[0]) : null;
}

/** What a command on a task reads before it writes, with the row locked. */
export interface LockedTask {
  title: string;
  assigneeUserId: string | null;
  status: Task['status'];
  recurrence: Recurrence;
  customerId: string | null;
  reference: { name: Task['referenceEntityName']; id: string | null };
  /** The follow-up message the task carries, if it refers to one. */
  followUpId: string | null;
}

/**
 * Locks one of the company's tasks FOR UPDATE for the caller's transaction, so that two commands on
 * it (edit, complete, deleteFollowUp) run one after the other. Null when the company has no such
 * task (malformed ids included).
 */
export async function lockTask(tx: Queryable, companyId: string, taskId: string): Promise<LockedTask | null> {
  if (!isUuid(taskId)) return null;
  const { rows } = await tx.query<{
    title: string;
    assignee_user_id: string | null;
    status: Task['status'];
    recurrence: Recurrence;
    customer_id: string | null;
    reference_entity_name: Task['referenceEntityName'];
    reference_entity_id: string | null;
  }>(
    `SELECT title, assignee_user_id, status, recurrence, customer_id, reference_entity_name, reference_entity_id
       FROM tasks WHERE company_id = $1 AND id = $2
        FOR UPDATE`,
    [companyId, taskId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    title: row.title,
    assigneeUserId: row.assignee_user_id,
    status: row.status,
    recurrence: row.recurrence,
    customerId: row.customer_id,
    reference: { name: row.reference_entity_name, id: row.reference_entity_id },
    followUpId: row.reference_entity_name === 'follow_up_message' ? row.reference_entity_id : null,
  };
}
