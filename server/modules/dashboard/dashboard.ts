import { DASHBOARD_TASKS_MAX, type Dashboard, WON_MONTHS } from '../../../contracts/dashboard';
import type { TaskSummary } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import { STAGES_WITH_TOTALS_SQL, type StageWithTotals } from '../sales/stage-row';
import { COMPANY_DAY_CTE } from '../tasks/company-day';
import { type Param, taskPageSql } from '../tasks/list-tasks';
import { type TaskRow, toTaskFromJson } from '../tasks/task-row';
import { TASK_SUMMARY_COLUMNS, TASK_SUMMARY_EDGES_CTE } from '../tasks/task-summary';

interface MonthRow {
  month: string;
  count: number;
  total_value_cents: number;
}

/** The one row of the dashboard's statement: the header's columns, the summary's, and each list as JSON. */
interface DashboardRow extends TaskSummary, Record<string, unknown> {
  user_name: string | null;
  company_name: string | null;
  business_name: string | null;
  customer_count: number;
  has_pending_suggestions: boolean;
  /**
   * Task rows as JSON: their timestamps are PostgreSQL's JSON text, which toTaskFromJson writes in
   * the API's form.
   */
  today_tasks: TaskRow[];
  overdue_tasks: TaskRow[];
  pipeline: StageWithTotals[];
  won_by_month: MonthRow[];
}

/** "Bom dia, Ana!": the first word of the user's name. */
function firstNameOf(name: string | null): string | null {
  return name?.trim().split(/\s+/)[0] || null;
}

/** A JSON array of the rows of `select` in `order` (of its columns), [] when there are none. */
function jsonRows(select: string, order: string): string {
  return `(SELECT COALESCE(json_agg(r ORDER BY ${order}), '[]'::json) FROM (${select}) r)`;
}

/**
 * Home (spec §2 /home, §7 GET dashboard) in one statement: the header, the task summary, the first
 * of today's and of the overdue tasks, the pipeline and the won months, each part an aggregate or a
 * short index read, so it stays fast for a company with hundreds of thousands of rows.
 */
export async function loadDashboard(
  q: Queryable,
  caller: { userId: string; companyId: string },
): Promise<Dashboard> {
  const params: unknown[] = [caller.companyId, caller.userId, WON_MONTHS];
  const p: Param = (value) => `$${params.push(value)}`;
  const { rows } = await q.query<DashboardRow>(
    `WITH ${COMPANY_DAY_CTE}, ${TASK_SUMMARY_EDGES_CTE},
     zone AS (SELECT timezone AS tz FROM companies WHERE id = $1),
     -- Calendar months of the company's time zone; the current one last, months without sales as 0.
     months AS (
       SELECT m AS starts, m + interval '1 month' AS ends
         FROM zone, generate_series(
           date_trunc('month', now() AT TIME ZONE zone.tz) - make_interval(months => $3 - 1),
           date_trunc('month', now() AT TIME ZONE zone.tz),
           interval '1 month') AS m
     )
     SELECT u.name AS user_name, c.name AS company_name, c.business_name,
            -- Kept by migration 008's triggers: no count over 100,000 rows.
            COALESCE((SELECT total FROM customer_counts WHERE company_id = c.id), 0)::int AS customer_count,
            -- The partial index of pending suggestions answers this without counting them.
            EXISTS (SELECT 1 FROM ai_suggestions s WHERE s.company_id = c.id AND s.status = 'pending')
              AS has_pending_suggestions,
            ${TASK_SUMMARY_COLUMNS},
            ${jsonRows(taskPageSql(p, { filter: 'today', rows: DASHBOARD_TASKS_MAX }), 'r.due_at, r.id')} AS today_tasks,
            ${jsonRows(taskPageSql(p, { filter: 'overdue', rows: DASHBOARD_TASKS_MAX }), 'r.due_at, r.id')} AS overdue_tasks,
            ${jsonRows(STAGES_WITH_TOTALS_SQL, 'r.position')} AS pipeline,
            ${jsonRows(
              // The won deals of the months shown, read as a range of the won-deals index
              // (company, closed_at), then grouped by the company's month.
              `SELECT to_char(months.starts, 'YYYY-MM') AS month, COALESCE(won.count, 0)::int AS count,
                      COALESCE(won.total_value_cents, 0)::float8 AS total_value_cents
                 FROM months
                 LEFT JOIN (
                   SELECT date_trunc('month', d.closed_at AT TIME ZONE zone.tz) AS starts, count(*) AS count,
                          sum(d.value_cents) AS total_value_cents
                     FROM zone JOIN deals d ON d.company_id = $1 AND d.status = 'won'
                      AND d.closed_at >= (SELECT min(starts) FROM months) AT TIME ZONE zone.tz
                      AND d.closed_at < (SELECT max(ends) FROM months) AT TIME ZONE zone.tz
                    GROUP BY 1
                 ) won ON won.starts = months.starts`,
              'r.month',
            )} AS won_by_month
       FROM companies c CROSS JOIN users u CROSS JOIN edges
      WHERE c.id = $1 AND u.id = $2`,
    params,
    { prepared: true },
  );
  const row = rows[0]!;
  const wonByMonth = row.won_by_month.map((month) => ({
    month: month.month,
    count: month.count,
    totalValueCents: month.total_value_cents,
  }));
  const thisMonth = wonByMonth.at(-1) ?? { count: 0, totalValueCents: 0 };
  return {
    firstName: firstNameOf(row.user_name),
    companyName: row.company_name ?? row.business_name ?? null,
    taskSummary: { today: row.today, future: row.future, completed: row.completed, overdue: row.overdue },
    todayTasks: row.today_tasks.map(toTaskFromJson),
    overdueTasks: row.overdue_tasks.map(toTaskFromJson),
    pipeline: row.pipeline.map((stage) => ({
      stageId: stage.id,
      name: stage.name,
      kind: stage.kind,
      dealCount: stage.deal_count,
      totalValueCents: stage.total_value_cents,
    })),
    wonThisMonth: { count: thisMonth.count, totalValueCents: thisMonth.totalValueCents },
    wonByMonth,
    customerCount: row.customer_count,
    hasPendingSuggestions: row.has_pending_suggestions,
  };
}
