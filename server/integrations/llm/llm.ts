/**
 * The LLM as the product's modules see it (issue 18): any OpenAI-compatible chat-completions endpoint
 * (`LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`). `createLlm` answers null when none is configured:
 * each module then answers in its offline mode (rules and templates over the same data).
 */

export type LlmRole = 'system' | 'user' | 'assistant';
export interface LlmMessage {
  role: LlmRole;
  content: string;
}

/** What a call is for; recorded with its tokens and cost. */
export type LlmPurpose = 'advisor' | 'preview' | 'suggestion' | 'watcher';

export interface LlmCall {
  /** Whose budget it spends and under whose name it is recorded. */
  companyId: string;
  userId: string | null;
  purpose: LlmPurpose;
  messages: LlmMessage[];
  /** The most tokens the answer may have. */
  maxTokens: number;
  /** Ask for one JSON object (`response_format: { type: 'json_object' }`). */
  json?: boolean;
  /** Each piece of the answer as it is written (the call then streams). */
  onDelta?: (text: string) => void;
  /** The caller gave up (the client went away): the request is aborted, the call recorded as such. */
  signal?: AbortSignal;
}

export interface LlmAnswer {
  text: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Millionths of a real (BRL), from the configured prices. */
  costMicros: number;
}

/**
 * budget: the company's monthly budget is used up (nothing was sent); timeout / unavailable: no
 * usable answer after the retries; aborted: the caller's signal.
 */
export type LlmFailure = 'budget' | 'timeout' | 'unavailable' | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly failure: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface Llm {
  /** The configured model's name (shown in records and benchmarks). */
  readonly model: string;
  /**
   * One chat completion under the company's monthly budget, with time-out, retries on 429/5xx and the
   * token limit; every call (answered or not) is recorded with its tokens and cost. Throws LlmError.
   */
  complete(call: LlmCall): Promise<LlmAnswer>;
}
