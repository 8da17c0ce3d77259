import * as z from 'zod/mini';
import { stageKinds } from './sales';
import { taskSchema, taskSummarySchema } from './tasks';

/** GET dashboard (spec §2 /home prefetch, §7, §8 "No dashboard data returned"). */

export const DASHBOARD_TASKS_MAX = 5;
export const WON_MONTHS = 6;

export const dashboardSchema = z.object({
  /** First name of the signed-in user for "Bom dia, Ana!"; null when unknown. */
  firstName: z.nullable(z.string()),
  /** name → businessName → null (the view says "Nome da empresa"). */
  companyName: z.nullable(z.string()),
  taskSummary: taskSummarySchema,
  /** The first DASHBOARD_TASKS_MAX of today's and of the overdue tasks (as GET /api/tasks orders them). */
  todayTasks: z.array(taskSchema),
  overdueTasks: z.array(taskSchema),
  /** Every stage in board order with its deals' count and value. */
  pipeline: z.array(
    z.object({
      stageId: z.string(),
      name: z.string(),
      kind: z.enum(stageKinds),
      dealCount: z.number(),
      totalValueCents: z.number(),
    }),
  ),
  /** Deals that entered a won stage this calendar month (company time zone). */
  wonThisMonth: z.object({ count: z.number(), totalValueCents: z.number() }),
  /** The last WON_MONTHS months, oldest first, the current one last; months without sales are 0. */
  wonByMonth: z.array(z.object({ month: z.string(), count: z.number(), totalValueCents: z.number() })),
  customerCount: z.number(),
  /**
   * The conversation watcher has suggestions waiting (issue 18): home loads their panel only then, so
   * a first visit without any downloads none of it.
   */
  hasPendingSuggestions: z.boolean(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const getDashboardContract = {
  method: 'GET',
  url: '/api/dashboard',
  response: dashboardSchema,
} as const;
