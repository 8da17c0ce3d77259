import { previewAdvisorContract } from '../../../../contracts/advisor';
import {
  type AiTrainingVersion,
  type AiTrainingVersionSummary,
  getAiTrainingContract,
  getAiTrainingVersionContract,
  listAiTrainingVersionsContract,
  restoreAiTrainingVersionContract,
  saveAiTrainingContract,
} from '../../../../contracts/ai-training';
import type {
  PreviewAnswer,
  PreviewInput,
  SaveTrainingInput,
} from '../../../../machines/ai-training-form/ai-training-form.machine';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** The AI training's calls (/api/settings/ai-training, the advisor's preview); each rejects with an ApiError. */

export function loadTraining(signal?: AbortSignal): Promise<AiTrainingVersion | null> {
  return api
    .get(getAiTrainingContract.url, { schema: getAiTrainingContract.response, signal })
    .then(unwrapEnvelope)
    .then((data) => data.current);
}

export function saveTraining(body: SaveTrainingInput): Promise<AiTrainingVersion> {
  return api
    .put(saveAiTrainingContract.url, { body, schema: saveAiTrainingContract.response })
    .then(unwrapEnvelope);
}

export function listVersions(signal?: AbortSignal): Promise<AiTrainingVersionSummary[]> {
  return api
    .get(listAiTrainingVersionsContract.url, { schema: listAiTrainingVersionsContract.response, signal })
    .then(unwrapEnvelope)
    .then((data) => data.versions);
}

export function loadVersion(version: number, signal?: AbortSignal): Promise<AiTrainingVersion> {
  return api
    .get(contractUrl(getAiTrainingVersionContract.url, String(version)), {
      schema: getAiTrainingVersionContract.response,
      signal,
    })
    .then(unwrapEnvelope);
}

export function restoreVersion(version: number): Promise<AiTrainingVersion> {
  return api
    .post(contractUrl(restoreAiTrainingVersionContract.url, String(version)), {
      schema: restoreAiTrainingVersionContract.response,
    })
    .then(unwrapEnvelope);
}

export function previewAnswer(body: PreviewInput, signal?: AbortSignal): Promise<PreviewAnswer> {
  return api
    .post(previewAdvisorContract.url, { body, schema: previewAdvisorContract.response, signal })
    .then(unwrapEnvelope);
}
