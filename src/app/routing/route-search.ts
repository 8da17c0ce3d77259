import * as z from 'zod/mini';
import { assigneeFilters } from '../../../contracts/assignee-filter';

/**
 * Search parameters of the routes (spec §2 and §5). Each field falls back on its own, so one bad
 * value never throws away the others.
 */

const optionalText = z.optional(z.string());
const textOrEmpty = z.catch(z.string(), '');

export const CUSTOMERS_PAGE_DEFAULT = 1;
export const CUSTOMERS_LIMIT_DEFAULT = 50;
export const CUSTOMERS_LIMIT_MIN = 10;
export const CUSTOMERS_LIMIT_MAX = 100;

export const taskFilters = ['today', 'future', 'completed', 'overdue'] as const;
export type TaskFilter = (typeof taskFilters)[number];
export const TASK_FILTER_DEFAULT: TaskFilter = 'today';

export const loginSearch = z.object({
  accessToken: optionalText,
  refreshToken: optionalText,
  userId: optionalText,
  redirect: optionalText,
  error: optionalText,
});

/** Where the user was headed when the guards sent them to sign in again. */
export const logoutSearch = z.object({ redirect: optionalText });

export const signupSearch = z.object({ verificationToken: optionalText });

export const homeSearch = z.object({ paymentsuccess: optionalText });

export const advisorSearch = z.object({ search: textOrEmpty });

export const customersSearch = z.object({
  search: textOrEmpty,
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1)), CUSTOMERS_PAGE_DEFAULT),
  limit: z.catch(
    z.coerce.number().check(z.int(), z.gte(CUSTOMERS_LIMIT_MIN), z.lte(CUSTOMERS_LIMIT_MAX)),
    CUSTOMERS_LIMIT_DEFAULT,
  ),
});

/** "Minhas" (me) or "De todos" (all, the default): /tasks and /sales. */
const assigneeField = z.catch(z.enum(assigneeFilters), 'all');

export const tasksSearch = z.object({
  filter: z.catch(z.enum(taskFilters), TASK_FILTER_DEFAULT),
  assignee: assigneeField,
});

export const salesSearch = z.object({ assignee: assigneeField });

/** /onboarding/verify-phone and /settings/access-security/phone-change/validate. */
export const phoneSearch = z.object({ phone: optionalText });

export type LoginSearch = z.infer<typeof loginSearch>;
export type LogoutSearch = z.infer<typeof logoutSearch>;
export type SignupSearch = z.infer<typeof signupSearch>;
export type HomeSearch = z.infer<typeof homeSearch>;
export type AdvisorSearch = z.infer<typeof advisorSearch>;
export type CustomersSearch = z.infer<typeof customersSearch>;
export type TasksSearch = z.infer<typeof tasksSearch>;
export type SalesSearch = z.infer<typeof salesSearch>;
export type PhoneSearch = z.infer<typeof phoneSearch>;
