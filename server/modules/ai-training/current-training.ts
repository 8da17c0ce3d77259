import { type AiTrainingInput, EMPTY_AI_TRAINING } from '../../../contracts/ai-training';
import type { Queryable } from '../../db/types';

/**
 * The company's current AI training (its newest version), as the advisor, the suggestions and the
 * watcher ground their prompts on; the empty training when it never saved one. Fields a later
 * release adds are read as empty from older versions.
 */
export async function loadCurrentTraining(q: Queryable, companyId: string): Promise<AiTrainingInput> {
  const { rows } = await q.query<{ content: Partial<AiTrainingInput> }>(
    `SELECT content FROM ai_training_versions WHERE company_id = $1 ORDER BY version DESC LIMIT 1`,
    [companyId],
  );
  return { ...EMPTY_AI_TRAINING, ...rows[0]?.content };
}
