import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { Llm } from './llm';
import { openAiLlm } from './openai-llm';

/**
 * The configured LLM (LLM_BASE_URL, LLM_API_KEY and LLM_MODEL), or null for the offline mode: every
 * module then answers from the same data with rules and templates.
 */
export function createLlm(config: Config, db: Db): Llm | null {
  return config.llm ? openAiLlm(config.llm, db) : null;
}
