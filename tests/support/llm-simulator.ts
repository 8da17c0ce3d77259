import type { LlmConfig } from '../../server/config';
import {
  type LlmSimulator,
  type LlmSimulatorOptions,
  startLlmSimulatorServer,
} from '../../server/integrations/llm/simulator/llm-simulator-server';

export type {
  LlmSimulator,
  LlmSimulatorRequest,
} from '../../server/integrations/llm/simulator/llm-simulator-server';

/** The local OpenAI-compatible stand-in on a free port of 127.0.0.1 (close it in afterAll). */
export function startLlmSimulator(options: LlmSimulatorOptions = {}): Promise<LlmSimulator> {
  return startLlmSimulatorServer(options);
}

/**
 * The `config.llm` that points the app at `sim`, with the defaults of server/config.ts except a short
 * time-out (a hung stand-in ends a test in seconds); `overrides` replace any of it.
 */
export function llmConfigFor(sim: LlmSimulator, overrides: Partial<LlmConfig> = {}): LlmConfig {
  return {
    baseUrl: sim.baseUrl,
    apiKey: sim.apiKey,
    model: sim.model,
    timeoutMs: 2_000,
    maxRetries: 2,
    maxTokens: 800,
    monthlyBudgetCents: 5000,
    priceCentsPerMTok: { input: 85, output: 340 },
    ...overrides,
  };
}

/** The environment that points a test server (startTestServer's `env`) at `sim`. */
export function llmEnvFor(sim: LlmSimulator, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    LLM_BASE_URL: sim.baseUrl,
    LLM_API_KEY: sim.apiKey,
    LLM_MODEL: sim.model,
    LLM_TIMEOUT_MS: '2000',
    ...overrides,
  };
}
