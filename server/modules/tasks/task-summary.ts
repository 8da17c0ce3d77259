import type { TaskSummary } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { COMPANY_DAY_CTE } from './company-day';

/**
 * The instants the summary splits at, as a CTE named `edges` after COMPANY_DAY_CTE: the company's
 * day, the UTC day of now and the first whole UTC day after the company's day ends.
 */
export const TASK_SUMMARY_EDGES_CTE = `edges AS (
  SELECT starts, ends,
         date_trunc('day', now() AT TIME ZONE 'UTC') AS now_day,
         date_trunc('day', ends AT TIME ZONE 'UTC') + interval '1 day' AS after_ends_day
    FROM company_day
)`;

/**
 * How many tasks each filter of /tasks lists (the same rules as listTasks), as the columns today,
 * future, completed and overdue of a SELECT from `edges` (TASK_SUMMARY_EDGES_CTE; `$1` the company):
 * today, future and overdue count pending tasks (a task due earlier today counts in both today and
 * overdue), completed the done ones. Whole UTC days come from task_day_counts (kept by triggers,
 * migration 009); the partial days at the edges (today, the rest of the UTC day around now and
 * around the end of today) are counted in the pending-tasks index.
 */
export const TASK_SUMMARY_COLUMNS = `
  (SELECT count(*) FROM tasks WHERE company_id = $1 AND status = 'pending'
      AND due_at >= edges.starts AND due_at < edges.ends)::int AS today,
  ((SELECT count(*) FROM tasks WHERE company_id = $1 AND status = 'pending'
      AND due_at >= edges.ends AND due_at < edges.after_ends_day AT TIME ZONE 'UTC')
   + (SELECT coalesce(sum(total), 0) FROM task_day_counts WHERE company_id = $1 AND status = 'pending'
      AND due_day >= edges.after_ends_day::date))::int AS future,
  (SELECT coalesce(sum(total), 0) FROM task_day_counts
    WHERE company_id = $1 AND status = 'completed')::int AS completed,
  ((SELECT count(*) FROM tasks WHERE company_id = $1 AND status = 'pending'
      AND due_at >= edges.now_day AT TIME ZONE 'UTC' AND due_at < now())
   + (SELECT coalesce(sum(total), 0) FROM task_day_counts WHERE company_id = $1 AND status = 'pending'
      AND due_day < edges.now_day::date))::int AS overdue`;

/** The counts of the four filters of the company's tasks (TASK_SUMMARY_COLUMNS). */
export async function taskSummary(q: Queryable, companyId: string): Promise<TaskSummary> {
  const { rows } = await q.query<TaskSummary>(
    `WITH ${COMPANY_DAY_CTE}, ${TASK_SUMMARY_EDGES_CTE} SELECT ${TASK_SUMMARY_COLUMNS} FROM edges`,
    [companyId],
  );
  const row = rows[0];
  // A company that does not exist (any more) has no tasks.
  if (!row) return { today: 0, future: 0, completed: 0, overdue: 0 };
  return { today: row.today, future: row.future, completed: row.completed, overdue: row.overdue };
}

/**
 * taskSummary of one member's tasks ("minhas"): counted in the assignee index of migration 027
 * (company, assignee, status, due time); one person's tasks are few enough to count row by row.
 */
export async function assigneeTaskSummary(
  q: Queryable,
  companyId: string,
  assigneeUserId: string,
): Promise<TaskSummary> {
  const { rows } = await q.query<TaskSummary>(
    `WITH ${COMPANY_DAY_CTE}
     SELECT
       count(*) FILTER (WHERE t.status = 'pending' AND t.due_at >= d.starts AND t.due_at < d.ends)::int AS today,
       count(*) FILTER (WHERE t.status = 'pending' AND t.due_at >= d.ends)::int AS future,
       count(*) FILTER (WHERE t.status = 'completed')::int AS completed,
       count(*) FILTER (WHERE t.status = 'pending' AND t.due_at < now())::int AS overdue
       FROM company_day d JOIN tasks t ON t.company_id = $1 AND t.assignee_user_id = $2`,
    [companyId, assigneeUserId],
  );
  const row = rows[0];
  if (!row) return { today: 0, future: 0, completed: 0, overdue: 0 };
  return { today: row.today, future: row.future, completed: row.completed, overdue: row.overdue };
}
