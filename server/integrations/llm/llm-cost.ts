import type { LlmConfig } from '../../config';
import type { LlmMessage } from './llm';

/** A centavo is 10,000 micro-reais. */
export const MICROS_PER_CENT = 10_000;

/** A call's cost in micro-reais: tokens × centavos per million tokens. */
export function costMicros(
  prices: LlmConfig['priceCentsPerMTok'],
  promptTokens: number,
  completionTokens: number,
) {
  const cents = (promptTokens * prices.input + completionTokens * prices.output) / 1_000_000;
  return Math.round(cents * MICROS_PER_CENT);
}

/**
 * Tokens from characters, for an endpoint that reports no usage (or a call cut short): about four
 * characters a token, the usual rule of thumb for OpenAI's tokenizers; good enough for a budget.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function estimatePromptTokens(messages: LlmMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateTokens(message.content), 0);
}
