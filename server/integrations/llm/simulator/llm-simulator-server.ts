import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chunked, countTokens, defaultAnswer, truncateToTokens } from './simulated-answer';

/** A chat-completions request as the stand-in received it (the parsed body, whatever it holds). */
export interface LlmSimulatorRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: unknown }[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    max_tokens?: number;
    max_completion_tokens?: number;
    response_format?: { type: string };
    [key: string]: unknown;
  };
}

export interface LlmSimulatorOptions {
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  apiKey?: string;
  model?: string;
}

export interface LlmSimulator {
  /** `http://127.0.0.1:<port>/v1`: LLM_BASE_URL. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Every request to POST /v1/chat/completions, in order, answered or not. */
  requests: LlmSimulatorRequest[];
  /**
   * Answer this text (or this object, as JSON) instead of the default: for the next `times`
   * requests, or every one until `reset()` when `times` is not given.
   */
  reply(answer: string | object, times?: number): void;
  /** The next `times` requests (default 1) get this HTTP status with OpenAI's error JSON. */
  fail(status: number, times?: number): void;
  /** Wait this long before answering each request from now on (0: no wait). */
  delay(ms: number): void;
  /**
   * Never answer requests from now on (until `reset()`): the caller's time-out is what ends them.
   * With `afterChunks`, a streamed answer sends that many pieces first, then goes silent.
   */
  hang(afterChunks?: number): void;
  /** Back to the default answers, no failures, no delay, no hang (the requests are kept). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for an OpenAI-compatible endpoint: `POST /v1/chat/completions` (JSON, or
 * server-sent `chat.completion.chunk`s ending in `data: [DONE]` with `stream: true`, usage in a last
 * chunk with `stream_options.include_usage`) and `GET /v1/models`. It checks the bearer key (401) and
 * the model (404 model_not_found) as OpenAI does. Usage counts a token per word or punctuation run.
 *
 * Default answer: pt-BR text citing every `[#n]` marker of the request's messages, or `{}` in JSON
 * mode; cut at max_tokens (finish_reason `length`). Tests script it with reply / fail / delay / hang.
 */
export async function startLlmSimulatorServer(options: LlmSimulatorOptions = {}): Promise<LlmSimulator> {
  const apiKey = options.apiKey ?? `sk-sim-${randomBytes(12).toString('hex')}`;
  const model = options.model ?? 'simulador-pequeno';
  const requests: LlmSimulatorRequest[] = [];
  let scripted: { answer: string | object; times: number } | null = null;
  let failures: { status: number; times: number } | null = null;
  let delayMs = 0;
  /** null: answer; otherwise the pieces of a stream sent before going silent (0: nothing at all). */
  let hangAfter: number | null = null;
  let sequence = 0;

  const sendJson = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const sendError = (
    res: ServerResponse,
    status: number,
    error: { message: string; type: string; code: string | null },
  ) =>
    sendJson(
      res,
      status,
      { error: { ...error, param: null } },
      status === 429 ? { 'retry-after-ms': '10' } : {},
    );

  const textOf = (content: unknown): string => {
    if (typeof content === 'string') return content;
    if (Array.isArray(content))
      return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
    return '';
  };

  const nextAnswer = (body: LlmSimulatorRequest['body'], prompts: string[]): string => {
    if (scripted) {
      const { answer } = scripted;
      if (Number.isFinite(scripted.times) && --scripted.times <= 0) scripted = null;
      return typeof answer === 'string' ? answer : JSON.stringify(answer);
    }
    return body.response_format?.type === 'json_object' ? '{}' : defaultAnswer(prompts);
  };

  const answer = (res: ServerResponse, body: LlmSimulatorRequest['body']) => {
    const prompts = (body.messages ?? []).map((message) => textOf(message.content));
    const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? Number.POSITIVE_INFINITY;
    const { text, cut } = truncateToTokens(nextAnswer(body, prompts), maxTokens);
    const finishReason = cut ? 'length' : 'stop';
    const usage = {
      prompt_tokens: prompts.reduce((sum, prompt) => sum + countTokens(prompt), 0),
      completion_tokens: countTokens(text),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const id = `chatcmpl-sim-${++sequence}`;
    const created = Math.floor(Date.now() / 1000);

    if (!body.stream) {
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: text, refusal: null },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
        usage,
      });
    }
    const withUsage = body.stream_options?.include_usage === true;
    const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...(withUsage && { usage: null }), ...extra })}\n\n`;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    res.write(
      chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]),
    );
    for (const [index, piece] of chunked(text).entries()) {
      if (hangAfter !== null && index >= hangAfter) return;
      res.write(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]));
    }
    res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]));
    if (withUsage) res.write(chunk([], { usage }));
    res.end('data: [DONE]\n\n');
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const part of req) chunks.push(part as Buffer);
    const path = (req.url ?? '').split('?')[0];
    const authorized = req.headers.authorization === `Bearer ${apiKey}`;

    if (req.method === 'GET' && path === '/v1/models') {
      if (!authorized) return unauthorized(res);
      return sendJson(res, 200, {
        object: 'list',
        data: [{ id: model, object: 'model', created: 0, owned_by: 'fechai' }],
      });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      return sendError(res, 404, {
        message: `Unknown request URL: ${req.method} ${path}.`,
        type: 'invalid_request_error',
        code: 'unknown_url',
      });
    }
    let body: LlmSimulatorRequest['body'];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = {};
    }
    requests.push({ authorization: req.headers.authorization, body });

    if (!authorized) return unauthorized(res);
    if (body.model !== model) {
      return sendError(res, 404, {
        message: `The model \`${String(body.model)}\` does not exist or you do not have access to it.`,
        type: 'invalid_request_error',
        code: 'model_not_found',
      });
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return sendError(res, 400, {
        message: "'messages' must be a non-empty array.",
        type: 'invalid_request_error',
        code: null,
      });
    }
    if (hangAfter === 0 || (hangAfter !== null && !body.stream)) return;
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;
    if (failures) {
      const { status } = failures;
      if (--failures.times <= 0) failures = null;
      return status === 429
        ? sendError(res, 429, {
            message: 'Rate limit reached for requests.',
            type: 'requests',
            code: 'rate_limit_exceeded',
          })
        : sendError(res, status, {
            message: 'The server had an error while processing your request.',
            type: 'server_error',
            code: null,
          });
    }
    answer(res, body);
  });

  const unauthorized = (res: ServerResponse) =>
    sendError(res, 401, {
      message: 'Incorrect API key provided.',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://${host}:${port}/v1`,
    apiKey,
    model,
    requests,
    reply(answer, times) {
      scripted = { answer, times: times ?? Number.POSITIVE_INFINITY };
    },
    fail(status, times = 1) {
      failures = { status, times };
    },
    delay(ms) {
      delayMs = ms;
    },
    hang(afterChunks = 0) {
      hangAfter = afterChunks;
    },
    reset() {
      scripted = null;
      failures = null;
      delayMs = 0;
      hangAfter = null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
