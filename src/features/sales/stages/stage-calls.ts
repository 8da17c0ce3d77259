import {
  createStageContract,
  type DealStage,
  deleteStageContract,
  renameStageContract,
  reorderStagesContract,
} from '../../../../contracts/sales';
import { ApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** The stage calls of "Etapas"; each rejects with an ApiError carrying the server's text (409s too). */

/** A new stage under its submission's Idempotency-Key. */
export function createStage(name: string, idempotencyKey: string): Promise<DealStage> {
  return api
    .post(createStageContract.url, { body: { name }, schema: createStageContract.response, idempotencyKey })
    .then(unwrapEnvelope)
    .then((data) => data.stage);
}

export function renameStage(stageId: string, name: string): Promise<DealStage> {
  return api
    .put(contractUrl(renameStageContract.url, stageId), {
      body: { name },
      schema: renameStageContract.response,
    })
    .then(unwrapEnvelope)
    .then((data) => data.stage);
}

export function reorderStages(stageIds: string[]): Promise<DealStage[]> {
  return api
    .put(reorderStagesContract.url, { body: { stageIds }, schema: reorderStagesContract.response })
    .then(unwrapEnvelope)
    .then((data) => data.stages);
}

export function deleteStage(stageId: string): Promise<void> {
  return api
    .delete(contractUrl(deleteStageContract.url, stageId), { schema: deleteStageContract.response })
    .then(unwrapEnvelope)
    .then(() => undefined);
}

/** The text for the name field: a 400's issue on `name`, else the server's text. */
export function nameErrorOf(error: unknown): string {
  if (error instanceof ApiError)
    return error.issues?.find((issue) => issue.path === 'name')?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
