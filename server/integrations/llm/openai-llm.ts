import OpenAI from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import { AI_BUDGET_EXHAUSTED_TEXT, AI_UNAVAILABLE_TEXT } from '../../../contracts/advisor';
import type { LlmConfig } from '../../config';
import type { Db } from '../../db/types';
import { type Llm, type LlmAnswer, type LlmCall, LlmError, type LlmFailure } from './llm';
import { type LlmOutcome, monthSpendMicros, recordLlmCall } from './llm-call-records';
import { costMicros, estimatePromptTokens, estimateTokens, MICROS_PER_CENT } from './llm-cost';

interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** The endpoint reported no usage (or the call was cut short): the counts are estimates. */
  estimated: boolean;
}

/**
 * The LLM over an OpenAI-compatible chat-completions endpoint (the `openai` package). Retries on
 * 429/5xx, time-outs and dropped connections are openai's own (`maxRetries`, honouring Retry-After /
 * retry-after-ms, otherwise exponential backoff); its `timeout` lasts until the answer starts, so a
 * stream that goes silent for as long is cut here and counts as a time-out.
 *
 * Budget: the company's spend this month is read before each call and the call is refused once it
 * reaches the budget. Two calls racing past the last centavos may both go out and overshoot by one
 * answer at most each; a lock per call is not worth that margin.
 */
export function openAiLlm(config: LlmConfig, db: Db): Llm {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseUrl,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    logLevel: 'off',
  });
  const budgetMicros = config.monthlyBudgetCents * MICROS_PER_CENT;

  return {
    model: config.model,
    async complete(call: LlmCall): Promise<LlmAnswer> {
      const started = performance.now();
      const record = (outcome: LlmOutcome, usage: Usage, model = config.model) =>
        recordLlmCall(db, {
          companyId: call.companyId,
          userId: call.userId,
          purpose: call.purpose,
          model,
          promptTokens: usage.promptTokens,
          completionTokens: usage.completionTokens,
          tokensEstimated: usage.estimated,
          costMicros: costMicros(config.priceCentsPerMTok, usage.promptTokens, usage.completionTokens),
          outcome,
          latencyMs: performance.now() - started,
        });
      const none: Usage = { promptTokens: 0, completionTokens: 0, estimated: false };

      if ((await monthSpendMicros(db, call.companyId)) >= budgetMicros) {
        await record('budget', none);
        throw new LlmError('budget', AI_BUDGET_EXHAUSTED_TEXT);
      }
      if (call.signal?.aborted) {
        await record('aborted', none);
        throw new LlmError('aborted', AI_UNAVAILABLE_TEXT);
      }

      const params: ChatCompletionCreateParamsBase = {
        model: config.model,
        messages: call.messages,
        max_tokens: Math.max(1, Math.min(call.maxTokens, config.maxTokens)),
        ...(call.json && { response_format: { type: 'json_object' as const } }),
      };
      // What was written before a failure (a stream cut short): the endpoint bills it, so it is costed.
      let partial = '';
      const silence = new AbortController();
      const signal = call.signal ? AbortSignal.any([call.signal, silence.signal]) : silence.signal;
      try {
        const answer = call.onDelta
          ? await streamed(client, params, signal, silence, config.timeoutMs, call.onDelta, (text) => {
              partial = text;
            })
          : await whole(client, params, signal);
        const usage = answer.usage ?? estimated(call, answer.text);
        await record('ok', usage, answer.model);
        return {
          text: answer.text,
          model: answer.model,
          promptTokens: usage.promptTokens,
          completionTokens: usage.completionTokens,
          costMicros: costMicros(config.priceCentsPerMTok, usage.promptTokens, usage.completionTokens),
        };
      } catch (err) {
        const failure: LlmFailure = call.signal?.aborted
          ? 'aborted'
          : silence.signal.aborted || err instanceof OpenAI.APIConnectionTimeoutError
            ? 'timeout'
            : 'unavailable';
        await record(failure, partial ? estimated(call, partial) : none);
        throw new LlmError(failure, AI_UNAVAILABLE_TEXT);
      }
    },
  };
}

interface Answered {
  text: string;
  model: string;
  usage: Usage | null;
}

function estimated(call: LlmCall, text: string): Usage {
  return {
    promptTokens: estimatePromptTokens(call.messages),
    completionTokens: estimateTokens(text),
    estimated: true,
  };
}

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): Usage | null {
  if (!usage) return null;
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, estimated: false };
}

async function whole(
  client: OpenAI,
  params: ChatCompletionCreateParamsBase,
  signal: AbortSignal,
): Promise<Answered> {
  const completion = await client.chat.completions.create({ ...params, stream: false }, { signal });
  return {
    text: completion.choices[0]?.message.content ?? '',
    model: completion.model || params.model,
    usage: usageOf(completion.usage),
  };
}

async function streamed(
  client: OpenAI,
  params: ChatCompletionCreateParamsBase,
  signal: AbortSignal,
  silence: AbortController,
  timeoutMs: number,
  onDelta: (text: string) => void,
  onText: (text: string) => void,
): Promise<Answered> {
  const stream = await client.chat.completions.create(
    { ...params, stream: true, stream_options: { include_usage: true } },
    { signal },
  );
  let text = '';
  let model = params.model;
  let usage: Usage | null = null;
  let timer = setTimeout(() => silence.abort(), timeoutMs);
  try {
    for await (const chunk of stream) {
      clearTimeout(timer);
      timer = setTimeout(() => silence.abort(), timeoutMs);
      if (chunk.model) model = chunk.model;
      usage = usageOf(chunk.usage) ?? usage;
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        onText(text);
        onDelta(delta);
      }
    }
  } finally {
    clearTimeout(timer);
  }
  // openai's stream ends quietly when its signal aborts: a cut answer must not pass for a whole one.
  if (signal.aborted) throw new Error('the stream was aborted');
  return { text, model, usage };
}
