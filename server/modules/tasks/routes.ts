import type { FastifyPluginAsync } from 'fastify';
import type { AssigneeFilter } from '../../../contracts/activity';
import {
  completeTaskContract,
  createTaskContract,
  deleteFollowUpContract,
  deleteTaskContract,
  getFollowUpContract,
  getTaskContract,
  getTaskSummaryContract,
  listTasksContract,
  reopenTaskContract,
  updateTaskContract,
} from '../../../contracts/tasks';
import { type CompanyCaller, companyOf } from '../../auth/api/caller';
import { HttpError } from '../../http/errors';
import { idempotencyKeys } from '../../http/idempotency';
import { route } from '../../http/route';
import { activityOf } from '../activity/read-activity';
import type { CachedReadRoutesOptions } from '../module-routes';
import { completeTask, reopenTask } from './complete-task';
import { deleteTask, deleteTaskFollowUp } from './delete-task';
import { loadFollowUp } from './follow-up-messages';
import { listTasks } from './list-tasks';
import { createTask, type TaskActor, updateTask } from './save-task';
import { loadTask } from './task-row';
import { assigneeTaskSummary, taskSummary } from './task-summary';
import { FOLLOW_UP_NOT_FOUND_TEXT, TASK_NOT_FOUND_TEXT } from './texts';

/** Unknown, malformed and other companies' ids alike. */
const taskNotFound = () => new HttpError(404, 'NOT_FOUND', TASK_NOT_FOUND_TEXT);

function found<T>(value: T | null): T {
  if (value === null) throw taskNotFound();
  return value;
}

/** The company and the member a command works as. */
function actorOf(caller: CompanyCaller): TaskActor {
  return { companyId: caller.companyId, userId: caller.userId };
}

/** The assignee filter as the member whose tasks to list: "me" the caller, "all" nobody in particular. */
function assigneeOf(caller: CompanyCaller, filter: AssigneeFilter): string | undefined {
  return filter === 'me' ? caller.userId : undefined;
}

/**
 * Tasks and their follow-up messages (spec §2 /tasks and /home, §7): the filtered lists, the
 * summary, detail, create/edit/delete, complete/reopen, deleteFollowUp and the follow-up itself.
 * Every route is for a subscriber and works inside the caller's company.
 */
export const taskRoutes: FastifyPluginAsync<CachedReadRoutesOptions> = async (app, { db, reads }) => {
  const preHandler = app.auth.requireSubscriber;
  const idempotency = idempotencyKeys(db);

  // Kept per company, filter, page and assignee for a few seconds, dropped on any change to the
  // company's tasks, customers, day or people (company-read-cache.ts), as the dashboard.
  route(app, listTasksContract, {
    preHandler,
    handler: ({ request, query }) => {
      const caller = companyOf(request);
      const assigneeUserId = assigneeOf(caller, query.assignee);
      const key = ['tasks', query.filter, query.cursor ?? null, query.limit, assigneeUserId ?? null] as const;
      return reads.read(caller.companyId, key, () =>
        listTasks(db, caller.companyId, {
          filter: query.filter,
          limit: query.limit,
          ...(query.cursor !== undefined && { cursor: query.cursor }),
          ...(assigneeUserId !== undefined && { assigneeUserId }),
        }),
      );
    },
  });

  route(app, getTaskSummaryContract, {
    preHandler,
    handler: ({ request, query }) => {
      const caller = companyOf(request);
      const assigneeUserId = assigneeOf(caller, query.assignee);
      return assigneeUserId === undefined
        ? taskSummary(db, caller.companyId)
        : assigneeTaskSummary(db, caller.companyId, assigneeUserId);
    },
  });

  route(app, getTaskContract, {
    preHandler,
    async handler({ request, params }) {
      const { companyId } = companyOf(request);
      const task = found(await loadTask(db, companyId, params.taskId));
      const { rows } = await db.query<{ show_nubank_widget: boolean }>(
        'SELECT show_nubank_widget FROM companies WHERE id = $1',
        [companyId],
      );
      return {
        task,
        showNubankWidget: rows[0]?.show_nubank_widget ?? true,
        activity: await activityOf(db, companyId, { taskId: task.id }),
      };
    },
  });

  route(app, createTaskContract, {
    preHandler,
    idempotency,
    status: 201,
    async handler({ request, body }) {
      const actor = actorOf(companyOf(request));
      return { task: await db.transaction((tx) => createTask(tx, actor, body)) };
    },
  });

  route(app, updateTaskContract, {
    preHandler,
    async handler({ request, params, body }) {
      const actor = actorOf(companyOf(request));
      return { task: found(await db.transaction((tx) => updateTask(tx, actor, params.taskId, body))) };
    },
  });

  route(app, deleteTaskContract, {
    preHandler,
    async handler({ request, params }) {
      const actor = actorOf(companyOf(request));
      if (!(await db.transaction((tx) => deleteTask(tx, actor, params.taskId)))) throw taskNotFound();
      return { deleted: true as const };
    },
  });

  route(app, deleteFollowUpContract, {
    preHandler,
    async handler({ request, params }) {
      const { companyId } = companyOf(request);
      return { task: found(await db.transaction((tx) => deleteTaskFollowUp(tx, companyId, params.taskId))) };
    },
  });

  route(app, completeTaskContract, {
    preHandler,
    async handler({ request, params }) {
      const actor = actorOf(companyOf(request));
      return found(await db.transaction((tx) => completeTask(tx, actor, params.taskId)));
    },
  });

  route(app, reopenTaskContract, {
    preHandler,
    async handler({ request, params }) {
      const actor = actorOf(companyOf(request));
      return { task: found(await db.transaction((tx) => reopenTask(tx, actor, params.taskId))) };
    },
  });

  route(app, getFollowUpContract, {
    preHandler,
    async handler({ request, params }) {
      const followUpMessage = await loadFollowUp(db, companyOf(request).companyId, params.followUpMessageId);
      if (!followUpMessage) throw new HttpError(404, 'NOT_FOUND', FOLLOW_UP_NOT_FOUND_TEXT);
      return { followUpMessage };
    },
  });
};
