import { DASHBOARD_TASKS_MAX, type Dashboard, WON_MONTHS } from '../../../contracts/dashboard';
import type { Queryable } from '../../db/types';
import { stagesWithTotals } from '../sales/stage-row';
import { listTasks } from '../tasks/list-tasks';
import { taskSummary } from '../tasks/task-summary';

interface HeaderRow extends Record<string, unknown> {
  user_name: string | null;
  company_name: string | null;
  business_name: string | null;
  customer_count: number;
  has_pending_suggestions: boolean;
}

interface MonthRow extends Record<string, unknown> {
  month: string;
  count: number;
  total_value_cents: number;
}

/** "Bom dia, Ana!": the first word of the user's name. */
function firstNameOf(name: string | null): string | null {
  return name?.trim().split(/\s+/)[0] || null;
}

/**
 * Home (spec §2 /home, §7 GET dashboard): a handful of aggregate queries, each served by an index,
 * so it stays fast for a company with hundreds of thousands of rows.
 */
export async function loadDashboard(
  q: Queryable,
  caller: { userId: string; companyId: string },
): Promise<Dashboard> {
  const { companyId } = caller;
  const [header, summary, today, overdue, pipeline, months] = await Promise.all([
    q.query<HeaderRow>(
      `SELECT u.name AS user_name, c.name AS company_name, c.business_name,
              -- Kept by migration 008's triggers: no count over 100,000 rows.
              COALESCE((SELECT total FROM customer_counts WHERE company_id = c.id), 0)::int AS customer_count,
              -- The partial index of pending suggestions answers this without counting them.
              EXISTS (SELECT 1 FROM ai_suggestions s WHERE s.company_id = c.id AND s.status = 'pending')
                AS has_pending_suggestions
         FROM companies c CROSS JOIN users u
        WHERE c.id = $1 AND u.id = $2`,
      [companyId, caller.userId],
    ),
    taskSummary(q, companyId),
    listTasks(q, companyId, { filter: 'today', limit: DASHBOARD_TASKS_MAX }),
    listTasks(q, companyId, { filter: 'overdue', limit: DASHBOARD_TASKS_MAX }),
    stagesWithTotals(q, companyId),
    // Calendar months of the company's time zone; the current one last, months without sales as 0.
    q.query<MonthRow>(
      `WITH zone AS (SELECT timezone AS tz FROM companies WHERE id = $1),
            months AS (
              SELECT m AS starts, m + interval '1 month' AS ends
                FROM zone, generate_series(
                  date_trunc('month', now() AT TIME ZONE zone.tz) - make_interval(months => $2 - 1),
                  date_trunc('month', now() AT TIME ZONE zone.tz),
                  interval '1 month') AS m
            )
       SELECT to_char(months.starts, 'YYYY-MM') AS month, count(d.id)::int AS count,
              COALESCE(sum(d.value_cents), 0)::float8 AS total_value_cents
         FROM months CROSS JOIN zone
         LEFT JOIN deals d ON d.company_id = $1 AND d.status = 'won'
                          AND d.closed_at >= months.starts AT TIME ZONE zone.tz
                          AND d.closed_at < months.ends AT TIME ZONE zone.tz
        GROUP BY months.starts
        ORDER BY months.starts`,
      [companyId, WON_MONTHS],
    ),
  ]);
  const head = header.rows[0]!;
  const wonByMonth = months.rows.map((row) => ({
    month: row.month,
    count: row.count,
    totalValueCents: row.total_value_cents,
  }));
  const thisMonth = wonByMonth.at(-1) ?? { count: 0, totalValueCents: 0 };
  return {
    firstName: firstNameOf(head.user_name),
    companyName: head.company_name ?? head.business_name ?? null,
    taskSummary: summary,
    todayTasks: today.tasks,
    overdueTasks: overdue.tasks,
    pipeline: pipeline.map((row) => ({
      stageId: row.id,
      name: row.name,
      kind: row.kind,
      dealCount: row.deal_count,
      totalValueCents: row.total_value_cents,
    })),
    wonThisMonth: { count: thisMonth.count, totalValueCents: thisMonth.totalValueCents },
    wonByMonth,
    customerCount: head.customer_count,
    hasPendingSuggestions: head.has_pending_suggestions,
  };
}
