import type { TaskFilter, TasksPage } from '../../../contracts/tasks';
import { isoMicrosecondsSql, type Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { keysetPage } from '../../http/keyset-cursor';
import { companyDay } from './company-day';
import { decodeTaskCursor, encodeTaskCursor } from './task-cursor';
import { TASK_COLUMNS, TASK_FROM, type TaskRow, toTask } from './task-row';

export interface ListTasksOptions {
  filter: TaskFilter;
  /** Page size (the route allows 1–100; the tasks page asks for 20). */
  limit: number;
  /** endCursor of the previous page of the same filter. */
  cursor?: string;
  /** Only this member's tasks ("minhas"; the assignee index of migration 027 serves it); absent: everyone's. */
  assigneeUserId?: string;
}

type Day = { starts: Timestamp; ends: Timestamp };
/** Adds a query parameter and answers its placeholder. */
type Param = (value: unknown) => string;

/**
 * Each filter as a WHERE clause and an order that the partial indexes of migration 009 serve, and
 * the keyset condition that starts after the cursor. Literal statuses let the planner match the
 * partial indexes.
 */
const filters: Record<
  TaskFilter,
  { needsDay: boolean; where: (p: Param, day: Day) => string; sortTime: string; order: string; after: string }
> = {
  // Pending and due within the company's today, overdue ones due earlier today included.
  today: {
    needsDay: true,
    where: (p, day) => `t.status = 'pending' AND t.due_at >= ${p(day.starts)} AND t.due_at < ${p(day.ends)}`,
    sortTime: 't.due_at',
    order: 't.due_at, t.id',
    after: '>',
  },
  overdue: {
    needsDay: false,
    where: () => `t.status = 'pending' AND t.due_at < now()`,
    sortTime: 't.due_at',
    order: 't.due_at, t.id',
    after: '>',
  },
  future: {
    needsDay: true,
    where: (p, day) => `t.status = 'pending' AND t.due_at >= ${p(day.ends)}`,
    sortTime: 't.due_at',
    order: 't.due_at, t.id',
    after: '>',
  },
  completed: {
    needsDay: false,
    where: () => `t.status = 'completed'`,
    sortTime: 't.completed_at',
    order: 't.completed_at DESC, t.id DESC',
    after: '<',
  },
};

/**
 * A page of the company's tasks for one filter of /tasks (spec §2, §7), keyset-paginated: today,
 * overdue and future earliest due first (overdue: oldest first), completed newest completion first.
 * A bad cursor is a 400 (HttpError).
 */
export async function listTasks(
  q: Queryable,
  companyId: string,
  options: ListTasksOptions,
): Promise<TasksPage> {
  const { filter, limit } = options;
  const spec = filters[filter];
  const cursor = options.cursor === undefined ? undefined : decodeTaskCursor(options.cursor, filter);
  const day = spec.needsDay ? await companyDay(q, companyId) : { starts: '', ends: '' };
  if (!day) return { tasks: [], pageInfo: { hasNextPage: false, endCursor: null } };

  const params: unknown[] = [];
  const p: Param = (value) => `$${params.push(value)}`;
  const conditions = [`t.company_id = ${p(companyId)}`, spec.where(p, day)];
  if (options.assigneeUserId !== undefined)
    conditions.push(`t.assignee_user_id = ${p(options.assigneeUserId)}`);
  if (cursor) {
    conditions.push(
      `(${spec.sortTime}, t.id) ${spec.after} (${p(cursor.at)}::timestamptz, ${p(cursor.id)}::uuid)`,
    );
  }
  const { rows } = await q.query<TaskRow & { sort_time: string }>(
    `SELECT ${TASK_COLUMNS},
            ${isoMicrosecondsSql(spec.sortTime)} AS sort_time
       FROM ${TASK_FROM}
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${spec.order}
      LIMIT ${p(limit + 1)}`,
    params,
  );

  const page = keysetPage(rows, limit, (last) =>
    encodeTaskCursor({ filter, at: last.sort_time, id: last.id }),
  );
  return {
    tasks: page.rows.map(toTask),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
  };
}
