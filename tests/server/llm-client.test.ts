import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AI_BUDGET_EXHAUSTED_TEXT, AI_UNAVAILABLE_TEXT } from '../../contracts/advisor';
import type { LlmConfig } from '../../server/config';
import { type LlmCall, LlmError } from '../../server/integrations/llm/llm';
import { openAiLlm } from '../../server/integrations/llm/openai-llm';
import { withTestDb } from '../support/db';
import { type LlmSimulator, llmConfigFor, startLlmSimulator } from '../support/llm-simulator';

const t = withTestDb();
let sim: LlmSimulator;

beforeAll(async () => {
  sim = await startLlmSimulator();
});
afterAll(() => sim?.close());
beforeEach(() => sim.reset());

async function newCompany(): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO companies (name) VALUES ('Loja') RETURNING id`,
  );
  return rows[0]!.id;
}

interface CallRow {
  purpose: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  tokens_estimated: boolean;
  cost_micros: string;
  outcome: string;
}
async function recorded(companyId: string): Promise<CallRow[]> {
  const { rows } = await t.db.query<CallRow & Record<string, unknown>>(
    `SELECT purpose, model, prompt_tokens, completion_tokens, tokens_estimated, cost_micros::text, outcome
     FROM llm_calls WHERE company_id = $1 ORDER BY created_at`,
    [companyId],
  );
  return rows;
}

const llm = (overrides: Partial<LlmConfig> = {}) => openAiLlm(llmConfigFor(sim, overrides), t.db);

const question = (companyId: string, extra: Partial<LlmCall> = {}): LlmCall => ({
  companyId,
  userId: null,
  purpose: 'advisor',
  messages: [
    {
      role: 'system',
      content: 'Responda citando os registros.\n[#1] cliente: Ana Souza\n[#2] tarefa: ligar amanhã',
    },
    { role: 'user', content: 'Quem está sem resposta?' },
  ],
  maxTokens: 400,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const err = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  if (!(err instanceof LlmError)) throw err;
  return err;
}

const newRequests = (before: number) => sim.requests.slice(before);

describe('the LLM over an OpenAI-compatible endpoint', () => {
  it('streams the answer in order, joins it, and records its usage and cost', async () => {
    const companyId = await newCompany();
    const deltas: string[] = [];
    const before = sim.requests.length;
    const answer = await llm().complete(question(companyId, { onDelta: (text) => deltas.push(text) }));

    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe(answer.text);
    expect(answer.text).toBe(
      'Segundo os registros [#1] e [#2], esta é a resposta do simulador com base nos dados da empresa.',
    );
    const [request] = newRequests(before);
    expect(request?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 400,
    });

    expect(answer.promptTokens).toBeGreaterThan(0);
    expect(answer.completionTokens).toBeGreaterThan(0);
    expect(answer.costMicros).toBe(
      Math.round((answer.promptTokens * 85 + answer.completionTokens * 340) / 100),
    );
    expect(await recorded(companyId)).toEqual([
      {
        purpose: 'advisor',
        model: sim.model,
        prompt_tokens: answer.promptTokens,
        completion_tokens: answer.completionTokens,
        tokens_estimated: false,
        cost_micros: String(answer.costMicros),
        outcome: 'ok',
      },
    ]);
  });

  it('answers without streaming and caps the answer at the configured token limit', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    const answer = await llm({ maxTokens: 5 }).complete(question(companyId, { maxTokens: 4000 }));

    expect(newRequests(before)[0]?.body).toMatchObject({ max_tokens: 5 });
    expect(newRequests(before)[0]?.body.stream).toBeFalsy();
    expect(answer.completionTokens).toBe(5);
    expect(answer.text).toBe('Segundo os registros [#1] e');
    expect((await recorded(companyId)).map((row) => row.outcome)).toEqual(['ok']);
  });

  it('asks for one JSON object in JSON mode', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    const empty = await llm().complete(question(companyId, { json: true }));
    expect(newRequests(before)[0]?.body.response_format).toEqual({ type: 'json_object' });
    expect(JSON.parse(empty.text)).toEqual({});

    sim.reply({ title: 'Responder orçamento', due: 'amanhã 10h' }, 1);
    const scripted = await llm().complete(question(companyId, { json: true, purpose: 'watcher' }));
    expect(JSON.parse(scripted.text)).toEqual({ title: 'Responder orçamento', due: 'amanhã 10h' });
  });

  it('retries a 429 and records the call once, as answered', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    sim.fail(429, 1);
    const answer = await llm().complete(question(companyId));

    expect(newRequests(before)).toHaveLength(2);
    expect(answer.text).toContain('[#1]');
    expect((await recorded(companyId)).map((row) => row.outcome)).toEqual(['ok']);
  });

  it('gives up as unavailable when the endpoint keeps failing beyond the retries', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    sim.fail(500, 3);
    const err = await failure(llm({ maxRetries: 2 }).complete(question(companyId)));

    expect(err.failure).toBe('unavailable');
    expect(err.message).toBe(AI_UNAVAILABLE_TEXT);
    expect(newRequests(before)).toHaveLength(3);
    expect(await recorded(companyId)).toMatchObject([
      { outcome: 'unavailable', prompt_tokens: 0, cost_micros: '0' },
    ]);
  });

  it('times out when the endpoint does not answer', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    sim.hang();
    const err = await failure(llm({ timeoutMs: 300, maxRetries: 1 }).complete(question(companyId)));

    expect(err.failure).toBe('timeout');
    expect(newRequests(before)).toHaveLength(2);
    expect((await recorded(companyId)).map((row) => row.outcome)).toEqual(['timeout']);
  });

  it('times out when a streamed answer goes silent, and costs what was written', async () => {
    const companyId = await newCompany();
    sim.hang(2);
    const deltas: string[] = [];
    const err = await failure(
      llm({ timeoutMs: 300, maxRetries: 0 }).complete(
        question(companyId, { onDelta: (text) => deltas.push(text) }),
      ),
    );

    expect(err.failure).toBe('timeout');
    expect(deltas.join('')).toBe('Segundo os registros [#1] e [#2], ');
    const [row] = await recorded(companyId);
    expect(row).toMatchObject({ outcome: 'timeout', tokens_estimated: true });
    expect(row?.completion_tokens).toBeGreaterThan(0);
    expect(Number(row?.cost_micros)).toBeGreaterThan(0);
  });

  it('stops when the caller gives up, and records the call as aborted', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    sim.delay(5_000);
    const controller = new AbortController();
    const call = llm().complete(question(companyId, { signal: controller.signal, onDelta: () => {} }));
    while (newRequests(before).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const err = await failure(call);

    expect(err.failure).toBe('aborted');
    expect(newRequests(before)).toHaveLength(1);
    expect((await recorded(companyId)).map((row) => row.outcome)).toEqual(['aborted']);
  });

  it('stops a streamed answer when the caller gives up midway, and records it as aborted', async () => {
    const companyId = await newCompany();
    sim.hang(2);
    const controller = new AbortController();
    const deltas: string[] = [];
    const err = await failure(
      llm().complete(
        question(companyId, {
          signal: controller.signal,
          onDelta: (text) => {
            deltas.push(text);
            if (deltas.length === 2) controller.abort();
          },
        }),
      ),
    );

    expect(err.failure).toBe('aborted');
    expect(await recorded(companyId)).toMatchObject([{ outcome: 'aborted', tokens_estimated: true }]);
  });

  it('refuses a company whose monthly budget is spent without contacting the endpoint, and only that company', async () => {
    const spent = await newCompany();
    const other = await newCompany();
    const lastMonth = await newCompany();
    // 50 reais (the default 5000 centavos) spent this month; as much spent 40 days ago does not count.
    await t.db.query(
      `INSERT INTO llm_calls (company_id, purpose, model, prompt_tokens, completion_tokens, cost_micros, outcome, latency_ms, created_at)
       VALUES ($1, 'advisor', 'm', 1, 1, 50000000, 'ok', 1, now()),
              ($2, 'advisor', 'm', 1, 1, 50000000, 'ok', 1, now() - interval '40 days')`,
      [spent, lastMonth],
    );
    const before = sim.requests.length;
    const err = await failure(llm().complete(question(spent)));

    expect(err.failure).toBe('budget');
    expect(err.message).toBe(AI_BUDGET_EXHAUSTED_TEXT);
    expect(newRequests(before)).toHaveLength(0);
    expect((await recorded(spent)).map((row) => row.outcome)).toEqual(['ok', 'budget']);

    await expect(llm().complete(question(other))).resolves.toMatchObject({ model: sim.model });
    await expect(llm().complete(question(lastMonth))).resolves.toMatchObject({ model: sim.model });
    expect(newRequests(before)).toHaveLength(2);
  });

  it('fails as unavailable on a wrong key, without retrying', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    const err = await failure(llm({ apiKey: 'sk-errada' }).complete(question(companyId)));

    expect(err.failure).toBe('unavailable');
    expect(newRequests(before)).toHaveLength(1);
    expect(newRequests(before)[0]?.authorization).toBe('Bearer sk-errada');
    expect((await recorded(companyId)).map((row) => row.outcome)).toEqual(['unavailable']);
  });

  it('fails as unavailable on a model the endpoint does not have, without retrying', async () => {
    const companyId = await newCompany();
    const before = sim.requests.length;
    const err = await failure(llm({ model: 'modelo-inexistente' }).complete(question(companyId)));

    expect(err.failure).toBe('unavailable');
    expect(newRequests(before)).toHaveLength(1);
    expect(await recorded(companyId)).toMatchObject([
      { outcome: 'unavailable', model: 'modelo-inexistente' },
    ]);
  });
});
