import {
  completeTaskContract,
  deleteFollowUpContract,
  getFollowUpContract,
  getTaskContract,
  reopenTaskContract,
} from '../../../contracts/tasks';

type ApiPath = `/${string}`;

/** A contract's URL with its one `:param` filled in, encoded. */
function fill(url: string, value: string): ApiPath {
  return url.replace(/:[A-Za-z]+/, encodeURIComponent(value)) as ApiPath;
}

/** GET, PUT and DELETE /api/tasks/{taskId}. */
export const taskUrl = (taskId: string) => fill(getTaskContract.url, taskId);
export const completeTaskUrl = (taskId: string) => fill(completeTaskContract.url, taskId);
export const reopenTaskUrl = (taskId: string) => fill(reopenTaskContract.url, taskId);
export const deleteFollowUpUrl = (taskId: string) => fill(deleteFollowUpContract.url, taskId);
export const followUpUrl = (followUpId: string) => fill(getFollowUpContract.url, followUpId);
