import { AI_BUDGET_EXHAUSTED_TEXT, AI_UNAVAILABLE_TEXT } from '../../../contracts/advisor';
import type { LlmFailure } from '../../integrations/llm/llm';

/** The kept answer when the person left before it was finished (the LLM call was aborted). */
export const ADVISOR_INTERRUPTED_TEXT = 'A resposta foi interrompida antes de terminar. Pergunte de novo.';

/** What the owner reads when the LLM could not answer. */
export function failureText(failure: LlmFailure): string {
  if (failure === 'budget') return AI_BUDGET_EXHAUSTED_TEXT;
  if (failure === 'aborted') return ADVISOR_INTERRUPTED_TEXT;
  return AI_UNAVAILABLE_TEXT;
}

/** "Sugerir mensagem" on a task or a deal without a customer: nobody to write to. */
export const SUGGESTION_NEEDS_CUSTOMER_TEXT = 'Vincule um cliente para sugerir uma mensagem.';
