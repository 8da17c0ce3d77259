import { deleteFollowUpContract, getFollowUpContract, getTaskContract } from '../../../contracts/tasks';
import { contractUrl } from '../../api/contract-url';

/** GET, PUT and DELETE /api/tasks/{taskId}. */
export const taskUrl = (taskId: string) => contractUrl(getTaskContract.url, taskId);
export const deleteFollowUpUrl = (taskId: string) => contractUrl(deleteFollowUpContract.url, taskId);
export const followUpUrl = (followUpId: string) => contractUrl(getFollowUpContract.url, followUpId);
