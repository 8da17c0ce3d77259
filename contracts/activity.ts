import * as z from 'zod/mini';
import { assigneeFilters } from './assignee-filter';
import { cursorInput, idParam, limitInput, pageInfoSchema } from './pagination';

/**
 * Who did what (issue 15): tasks and deals have an assignee and an author, and every change to
 * them, and every message sent from Fechaí, leaves a line naming the person who made it.
 */

/** A member as tasks, deals and activity lines name them; `name` falls back to the e-mail. */
export const personSchema = z.object({ userId: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** "Minhas" (assigned to the caller) or "De todos"; lists default to everyone's. */
export { type AssigneeFilter, assigneeFilters } from './assignee-filter';
export const assigneeFilterInput = z._default(z.enum(assigneeFilters), 'all');

export const ASSIGNEE_NOT_MEMBER_TEXT = 'Esta pessoa não faz parte da equipe.';

/** A body's assignee: a member's user id, or null for "sem responsável"; absent keeps it (or, on create, the caller). */
export const assigneeInput = z.optional(z.nullable(idParam));

export const activityActions = [
  'task.created',
  'task.completed',
  'task.reopened',
  'task.deleted',
  'task.assigned',
  'deal.created',
  'deal.moved',
  'deal.won',
  'deal.lost',
  'deal.deleted',
  'deal.assigned',
  'message.sent',
] as const;
export type ActivityAction = (typeof activityActions)[number];

/**
 * What a line needs once the row it is about is gone: the task's or deal's title, a move's stage
 * names, the new assignee's name, a message's first characters. Cleared when the customer's data is
 * erased (titles may name them).
 */
export const activityDetailsSchema = z.object({
  title: z.optional(z.string()),
  fromStage: z.optional(z.string()),
  toStage: z.optional(z.string()),
  assignee: z.optional(z.nullable(z.string())),
  /** message.sent: "reply" from the customer page, or "follow_up" a task's follow-up. */
  via: z.optional(z.enum(['reply', 'follow_up'])),
});
export type ActivityDetails = z.infer<typeof activityDetailsSchema>;

export const activityEventSchema = z.object({
  id: z.string(),
  action: z.enum(activityActions),
  /** Who did it; null once they are gone (or for what nobody did by hand). */
  actor: z.nullable(personSchema),
  /** ISO 8601. */
  at: z.string(),
  taskId: z.nullable(z.string()),
  dealId: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  details: activityDetailsSchema,
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const ACTIVITY_PAGE_SIZE = 30;

/** The customer's timeline: the lines about them, their tasks and deals, newest first, cursor paged. */
export const listCustomerActivityContract = {
  method: 'GET',
  url: '/api/customers/:customerId/activity',
  params: z.object({ customerId: idParam }),
  query: z.object({ limit: limitInput(1, 100, ACTIVITY_PAGE_SIZE), cursor: cursorInput }),
  response: z.object({ events: z.array(activityEventSchema), pageInfo: pageInfoSchema }),
} as const;
