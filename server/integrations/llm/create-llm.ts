import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { Llm } from './llm';

/**
 * The configured LLM, or null for the offline mode. Until `LLM_BASE_URL` / `LLM_MODEL` are read by
 * server/config.ts there is nothing to configure, so every module answers offline.
 */
export function createLlm(_config: Config, _db: Db): Llm | null {
  return null;
}
