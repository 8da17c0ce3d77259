import type { TaskFilter, TasksPage } from '../../../contracts/tasks';
import { sqlLimit } from '../../db/sql-limit';
import { isoMicrosecondsSql } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { keysetPage } from '../../http/keyset-cursor';
import { TODAY_ENDS, TODAY_STARTS } from './company-day';
import { decodeTaskCursor, encodeTaskCursor, type TaskCursor } from './task-cursor';
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

/** Adds a query parameter and answers its placeholder. */
export type Param = (value: unknown) => string;

/**
 * Each filter as a WHERE clause and an order that the partial indexes of migration 009 serve, and
 * the keyset condition that starts after the cursor. Literal statuses let the planner match the
 * partial indexes. Today and future compare with the company's day as the planner sees it (company-day.ts).
 */
const filters: Record<TaskFilter, { where: string; sortTime: string; order: string; after: string }> = {
  // Pending and due within the company's today, overdue ones due earlier today included.
  today: {
    where: `t.status = 'pending' AND t.due_at >= ${TODAY_STARTS} AND t.due_at < ${TODAY_ENDS}`,
    sortTime: 't.due_at',
    order: 't.due_at, t.id',
    after: '>',
  },
  overdue: {
    where: `t.status = 'pending' AND t.due_at < now()`,
    sortTime: 't.due_at',
    order: 't.due_at, t.id',
    after: '>',
  },
  future: {
    where: `t.status = 'pending' AND t.due_at >= ${TODAY_ENDS}`,
    sortTime: 't.due_at',
    order: 't.due_at, t.id',
    after: '>',
  },
  completed: {
    where: `t.status = 'completed'`,
    sortTime: 't.completed_at',
    order: 't.completed_at DESC, t.id DESC',
    after: '<',
  },
};

export interface TaskPageQuery {
  filter: TaskFilter;
  /** Rows to read (a page and the one that tells whether another follows). */
  rows: number;
  cursor?: TaskCursor | undefined;
  assigneeUserId?: string | undefined;
}

/**
 * The SELECT of a page of the company's (`$1`) tasks in the filter's order, each row a TaskRow with
 * its `sort_time` (the cursor's).
 * The row count is written into the text (sqlLimit), so the prepared statement's generic plan is reused.
 */
export function taskPageSql(p: Param, { filter, rows, cursor, assigneeUserId }: TaskPageQuery): string {
  const spec = filters[filter];
  const conditions = ['t.company_id = $1', spec.where];
  if (assigneeUserId !== undefined) conditions.push(`t.assignee_user_id = ${p(assigneeUserId)}`);
  if (cursor) {
    conditions.push(
      `(${spec.sortTime}, t.id) ${spec.after} (${p(cursor.at)}::timestamptz, ${p(cursor.id)}::uuid)`,
    );
  }
  return `SELECT ${TASK_COLUMNS},
            ${isoMicrosecondsSql(spec.sortTime)} AS sort_time
       FROM ${TASK_FROM}
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${spec.order}
      ${sqlLimit(rows)}`;
}

/**
 * A page of the company's tasks for one filter of /tasks (spec §2, §7), keyset-paginated: today,
 * overdue and future earliest due first (overdue: oldest first), completed newest completion first.
 * One statement, the company's day included, prepared: its text depends only on the filter, the
 * page size and whether a cursor or an assignee narrows it. A bad cursor is a 400 (HttpError).
 */
export async function listTasks(
  q: Queryable,
  companyId: string,
  options: ListTasksOptions,
): Promise<TasksPage> {
  const { filter, limit } = options;
  const cursor = options.cursor === undefined ? undefined : decodeTaskCursor(options.cursor, filter);
  const params: unknown[] = [companyId];
  const p: Param = (value) => `$${params.push(value)}`;
  const select = taskPageSql(p, {
    filter,
    rows: limit + 1,
    cursor,
    assigneeUserId: options.assigneeUserId,
  });
  const { rows } = await q.query<TaskRow & { sort_time: string }>(select, params, { prepared: true });

  const page = keysetPage(rows, limit, (last) =>
    encodeTaskCursor({ filter, at: last.sort_time, id: last.id }),
  );
  return {
    tasks: page.rows.map(toTask),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
  };
}
