/**
 * The local OpenAI-compatible stand-in on a port, to point the app (or a benchmark) at:
 *   npm run llm-simulator -- [port]        (default 4499; LLM_API_KEY / LLM_MODEL choose the key and model)
 * It prints the three variables to set and answers until stopped (Ctrl+C).
 */
import { startLlmSimulatorServer } from '../server/integrations/llm/simulator/llm-simulator-server';

const port = Number(process.argv[2] ?? process.env.LLM_SIMULATOR_PORT ?? 4499);
const sim = await startLlmSimulatorServer({
  port,
  apiKey: process.env.LLM_API_KEY || 'sk-simulador-local',
  model: process.env.LLM_MODEL || 'simulador-pequeno',
});
console.log(`Simulador de LLM em ${sim.baseUrl}\n`);
console.log(`LLM_BASE_URL=${sim.baseUrl} LLM_API_KEY=${sim.apiKey} LLM_MODEL=${sim.model}`);

const stop = () => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
