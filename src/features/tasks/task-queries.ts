import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AssigneeFilter } from '../../../contracts/activity';
import {
  getFollowUpContract,
  getTaskSummaryContract,
  listTasksContract,
  TASKS_PAGE_SIZE,
  type TaskFilter,
  taskDetailSchema,
  taskSummarySchema,
  tasksPageSchema,
} from '../../../contracts/tasks';
import { api } from '../../api/client';
import { missingDataText, requireData } from '../../api/require-data';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { cacheRoots } from '../../lib/cache/cache-roots';
import { followUpUrl, taskUrl } from './task-urls';

/** Everything about tasks lives under ['tasks']: any change to a task invalidates it as a whole. */
export const taskKeys = {
  all: cacheRoots.tasks,
  list: (filter: TaskFilter, assignee: AssigneeFilter) =>
    [...cacheRoots.tasks, 'list', filter, assignee] as const,
  summary: (assignee: AssigneeFilter) => [...cacheRoots.tasks, 'summary', assignee] as const,
  detail: (taskId: string) => [...cacheRoots.tasks, 'detail', taskId] as const,
  followUp: (followUpId: string) => [...cacheRoots.tasks, 'followUp', followUpId] as const,
};

/**
 * GET /api/tasks (spec §7): one filter, everyone's or the caller's ("minhas"), 20 a page, the next
 * page from the last one's endCursor.
 */
export function tasksListQuery(filter: TaskFilter, assignee: AssigneeFilter = 'all') {
  return infiniteQueryOptions({
    queryKey: taskKeys.list(filter, assignee),
    queryFn: ({ pageParam, signal }) =>
      api
        .get(listTasksContract.url, {
          query: {
            filter,
            limit: TASKS_PAGE_SIZE,
            cursor: pageParam,
            ...(assignee === 'me' && { assignee }),
          },
          signal,
        })
        .then(requireData(missingDataText.tasks, tasksPageSchema, (data) => data.tasks)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.pageInfo.hasNextPage && last.pageInfo.endCursor ? last.pageInfo.endCursor : undefined,
  });
}

/** GET /api/tasks/summary: the count of each filter, for the tabs (of the tasks the list shows). */
export function taskSummaryQuery(assignee: AssigneeFilter = 'all') {
  return queryOptions({
    queryKey: taskKeys.summary(assignee),
    queryFn: ({ signal }) =>
      api
        .get(getTaskSummaryContract.url, { signal, ...(assignee === 'me' && { query: { assignee } }) })
        .then(requireData(missingDataText.taskSummary, taskSummarySchema)),
  });
}

/** GET /api/tasks/{id} (spec §5: it must hold a task, else "No task data returned"). */
export function taskDetailQuery(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) =>
      api
        .get(taskUrl(taskId), { signal })
        .then(requireData(missingDataText.task, taskDetailSchema, (data) => data.task)),
  });
}

/** GET /api/followup/{id} (spec §7), loaded apart from its task. */
export function followUpQuery(followUpId: string) {
  return queryOptions({
    queryKey: taskKeys.followUp(followUpId),
    queryFn: ({ signal }) =>
      api
        .get(followUpUrl(followUpId), {
          schema: getFollowUpContract.response,
          signal,
        })
        .then(unwrapEnvelope)
        .then((data) => data.followUpMessage),
  });
}

/** Spec §3: the task carries a follow-up message when it refers to one; its id, else null. */
export function followUpIdOf(task: { referenceEntityName: string | null; referenceEntityId: string | null }) {
  return task.referenceEntityName === 'follow_up_message' ? task.referenceEntityId : null;
}
