import { deleteFollowUpContract, getFollowUpContract, getTaskContract } from '../../../contracts/tasks';

type ApiPath = `/${string}`;

/** A contract's URL with its one `:param` filled in, encoded. */
function fill(url: string, value: string): ApiPath {
  return url.replace(/:[A-Za-z]+/, encodeURIComponent(value)) as ApiPath;
}

/** GET, PUT and DELETE /api/tasks/{taskId}. */
export const taskUrl = (taskId: string) => fill(getTaskContract.url, taskId);
export const deleteFollowUpUrl = (taskId: string) => fill(deleteFollowUpContract.url, taskId);
export const followUpUrl = (followUpId: string) => fill(getFollowUpContract.url, followUpId);
