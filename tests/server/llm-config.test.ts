import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { createLlm } from '../../server/integrations/llm/create-llm';

const endpoint = {
  LLM_BASE_URL: 'http://127.0.0.1:4499/v1/',
  LLM_API_KEY: 'sk-teste',
  LLM_MODEL: 'modelo-pequeno',
};
// createLlm only keeps the database for later calls; nothing here calls it.
const noDb = {} as Db;

describe('LLM configuration', () => {
  it('is offline without an endpoint', () => {
    const config = loadConfig({});
    expect(config.llm).toBeNull();
    expect(createLlm(config, noDb)).toBeNull();
  });

  it('reads the endpoint with the defaults', () => {
    const config = loadConfig(endpoint);
    expect(config.llm).toEqual({
      baseUrl: 'http://127.0.0.1:4499/v1',
      apiKey: 'sk-teste',
      model: 'modelo-pequeno',
      timeoutMs: 30_000,
      maxRetries: 2,
      maxTokens: 800,
      monthlyBudgetCents: 5000,
      priceCentsPerMTok: { input: 85, output: 340 },
    });
    expect(createLlm(config, noDb)?.model).toBe('modelo-pequeno');
  });

  it('reads the limits and prices', () => {
    const config = loadConfig({
      ...endpoint,
      LLM_TIMEOUT_MS: '5000',
      LLM_MAX_RETRIES: '0',
      LLM_MAX_TOKENS: '300',
      LLM_MONTHLY_BUDGET_CENTS: '100',
      LLM_PRICE_INPUT_CENTS_PER_MTOK: '12.5',
      LLM_PRICE_OUTPUT_CENTS_PER_MTOK: '50',
    });
    expect(config.llm).toMatchObject({
      timeoutMs: 5000,
      maxRetries: 0,
      maxTokens: 300,
      monthlyBudgetCents: 100,
      priceCentsPerMTok: { input: 12.5, output: 50 },
    });
  });

  it('refuses to start with part of the endpoint, naming what is missing', () => {
    const start = () => loadConfig({ LLM_BASE_URL: endpoint.LLM_BASE_URL, LLM_MODEL: endpoint.LLM_MODEL });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/LLM_API_KEY: obrigatório junto com LLM_BASE_URL, LLM_MODEL/);
    expect(start).not.toThrow(/LLM_MODEL: obrigatório/);
  });

  it('refuses an endpoint that is not an http address', () => {
    expect(() => loadConfig({ ...endpoint, LLM_BASE_URL: 'api.openai.com/v1' })).toThrow(/LLM_BASE_URL/);
  });
});
