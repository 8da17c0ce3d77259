/**
 * "Minhas" / "De todos" on the task lists and the board (issue 15). Its own file: the routes' search
 * parameters read it on first paint, and the rest of contracts/activity.ts must stay out of that chunk.
 */
export const assigneeFilters = ['me', 'all'] as const;
export type AssigneeFilter = (typeof assigneeFilters)[number];
