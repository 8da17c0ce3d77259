/**
 * The advisor's evaluation set (issue 18): BAKERY (tests/support/advisor-company.ts) seeded in one
 * company and look-alike rows in another, then 32 owner questions in pt-BR, each with the records a
 * good answer must cite. Each question is answered as the ask route answers it (grounding, then the
 * LLM or the offline rules), one at a time. Printed per mode: the share answered with every right
 * record and none of the other company's, the share of cited records that were expected, and the
 * answer latency (p50/p95). Offline always; online too when an LLM is configured (LLM_BASE_URL,
 * LLM_API_KEY, LLM_MODEL).
 *
 * Run: npm run bench:advisor [-- --simulator]   --simulator: online against the local stand-in
 *   (server/integrations/llm/simulator/, which cites every record it is given); DATABASE_URL for a PostgreSQL server (a schema of its own, dropped at
 *   the end); BENCH_ROUNDS (3): how many times the set is asked per mode (latency samples).
 */
import { randomBytes } from 'node:crypto';
import { EMPTY_AI_TRAINING } from '../contracts/ai-training';
import { loadConfig } from '../server/config';
import { migrate } from '../server/db/migrate';
import { openDatabase } from '../server/db/open';
import { createLlm } from '../server/integrations/llm/create-llm';
import type { Llm } from '../server/integrations/llm/llm';
import { answerQuestion } from '../server/modules/advisor/answer-question';
import { loadCurrentTraining } from '../server/modules/ai-training/current-training';
import { type Bakery, seedBakery, seedOtherCompany } from '../tests/support/advisor-company';
import { llmEnvFor, startLlmSimulator } from '../tests/support/llm-simulator';
import { writeBenchResult } from './support/bench-results';

interface EvalQuestion {
  question: string;
  /** The records a good answer cites (none: it must cite nothing). */
  expected: (b: Bakery) => string[];
}

const QUESTIONS: EvalQuestion[] = [
  {
    question: 'Quais clientes estão sem resposta há mais de 2 dias?',
    expected: (b) => [b.customers.joao, b.customers.maria],
  },
  { question: 'Quem está esperando resposta faz mais de 4 dias?', expected: (b) => [b.customers.joao] },
  { question: 'Tem cliente sem retorno há mais de uma semana?', expected: () => [] },
  { question: 'Quais tarefas tenho para hoje?', expected: (b) => [b.tasks.today] },
  { question: 'Tenho tarefas atrasadas?', expected: (b) => [b.tasks.overdue] },
  {
    question: 'O que tenho de tarefa pendente?',
    expected: (b) => [b.tasks.today, b.tasks.overdue, b.tasks.future],
  },
  { question: 'Quais as tarefas da Maria Souza?', expected: (b) => [b.customers.maria, b.tasks.future] },
  {
    question: 'Qual tarefa do Roberto está atrasada?',
    expected: (b) => [b.customers.roberto, b.tasks.overdue],
  },
  {
    question: 'Quais vendas estão em aberto?',
    expected: (b) => [b.deals.stalled, b.deals.negotiating, b.deals.newContact],
  },
  { question: 'Tem alguma venda parada?', expected: (b) => [b.deals.stalled] },
  { question: 'Quais negócios estão em negociação?', expected: (b) => [b.deals.negotiating] },
  { question: 'O que está na etapa proposta enviada do funil?', expected: (b) => [b.deals.stalled] },
  {
    question: 'Quais vendas da Beatriz estão abertas?',
    expected: (b) => [b.customers.beatriz, b.deals.stalled],
  },
  {
    question: 'Quais vendas estão paradas há mais de 2 dias?',
    expected: (b) => [b.deals.stalled, b.deals.newContact],
  },
  { question: 'Quanto custa o brigadeiro?', expected: (b) => [b.services.brigadeiro] },
  { question: 'Qual o preço da torta holandesa?', expected: (b) => [b.services.pie] },
  {
    question: 'Quais serviços eu ofereço?',
    expected: (b) => [b.services.birthdayCake, b.services.brigadeiro, b.services.partyKit, b.services.pie],
  },
  { question: 'Quanto custa o kit festa infantil?', expected: (b) => [b.services.partyKit] },
  {
    question: 'O que a Maria Souza falou na conversa?',
    expected: (b) => [b.customers.maria, b.messages.maria],
  },
  { question: 'O que o João Pereira perguntou?', expected: (b) => [b.customers.joao, b.messages.joao] },
  {
    question: 'Qual foi a última mensagem da Carla Mendes?',
    expected: (b) => [b.customers.carla, b.messages.carlaOut],
  },
  { question: 'O Pedro Alves mandou mensagem?', expected: (b) => [b.customers.pedro, b.messages.pedro] },
  {
    question: 'Como respondo um cliente que achou caro?',
    expected: (b) => ['paymentPolicy', 'toneOfVoice', b.services.pie],
  },
  { question: 'O cliente pediu desconto, o que eu falo?', expected: () => ['paymentPolicy', 'toneOfVoice'] },
  { question: 'Quais as formas de pagamento?', expected: () => ['paymentPolicy'] },
  { question: 'Aceitam cartão parcelado?', expected: () => ['paymentPolicy'] },
  { question: 'Vocês fazem entrega?', expected: () => ['deliveryPolicy'] },
  { question: 'Qual o horário de funcionamento?', expected: () => ['openingHours'] },
  { question: 'Vocês fazem bolo sem glúten?', expected: () => ['faq-1'] },
  { question: 'Qual o prazo para encomendas?', expected: () => ['faq-2'] },
  {
    question: 'Me fala da Beatriz Lima',
    expected: (b) => [b.customers.beatriz, b.tasks.today, b.deals.stalled],
  },
  {
    question: 'Quem é o Roberto Dias?',
    expected: (b) => [b.customers.roberto, b.tasks.overdue, b.deals.negotiating],
  },
];

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
const db = await openDatabase({ url: databaseUrl, schema, dataDir: 'memory://' });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN;

const sim = process.argv.includes('--simulator') ? await startLlmSimulator() : null;
try {
  await migrate(db);
  const company = async (name: string) => {
    const userId = (
      await db.query<{ id: string }>(`INSERT INTO users (email, name) VALUES ($1, 'Dona') RETURNING id`, [
        `${name}@bench.example`,
      ])
    ).rows[0]!.id;
    const companyId = (
      await db.query<{ id: string }>(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [name])
    ).rows[0]!.id;
    return { companyId, userId };
  };
  const owner = await company('doceria');
  const bakery = await seedBakery(db, owner.companyId);
  const other = await company('outra');
  const othersRows = await seedOtherCompany(db, other.companyId);
  const foreign = new Set([othersRows.customerId, othersRows.taskId]);
  const training = await loadCurrentTraining(db, owner.companyId);

  const configured = createLlm(
    loadConfig({ ...process.env, ...(sim && llmEnvFor(sim, { LLM_TIMEOUT_MS: '30000' })) }),
    db,
  );
  const modes: [string, Llm | null][] = [
    ['offline', null],
    ...(configured ? ([['online', configured]] as [string, Llm][]) : []),
  ];
  const figures: Record<string, unknown> = { database: db.kind, questions: QUESTIONS.length, rounds };
  for (const [mode, llm] of modes) {
    const latencies: number[] = [];
    const misses: { question: string; missing: string[]; foreign: boolean }[] = [];
    let right = 0;
    let precisionSum = 0;
    for (let round = 0; round < rounds; round++) {
      for (const item of QUESTIONS) {
        const started = performance.now();
        const answer = await answerQuestion({
          q: db,
          llm,
          companyId: owner.companyId,
          userId: owner.userId,
          question: item.question,
          training: training ?? EMPTY_AI_TRAINING,
          purpose: 'advisor',
        });
        latencies.push(performance.now() - started);
        if (round > 0) continue;
        const expected = item.expected(bakery);
        const cited = answer.sources.map((s) => s.id);
        const missing = expected.filter((id) => !cited.includes(id));
        const leaked = cited.some((id) => foreign.has(id));
        const ok =
          answer.status === 'complete' &&
          missing.length === 0 &&
          !leaked &&
          (expected.length > 0 || cited.length === 0);
        if (ok) right++;
        else misses.push({ question: item.question, missing, foreign: leaked });
        precisionSum +=
          cited.length === 0
            ? expected.length === 0
              ? 1
              : 0
            : cited.filter((id) => expected.includes(id)).length / cited.length;
      }
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const result = {
      rightRecords: right / QUESTIONS.length,
      citedPrecision: precisionSum / QUESTIONS.length,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      misses,
    };
    figures[mode] = { ...result, ...(llm && { model: llm.model }) };
    console.log(
      `${mode}${llm ? ` (${llm.model})` : ''} on ${db.kind}: ${right}/${QUESTIONS.length} answered with the right records (${(result.rightRecords * 100).toFixed(0)}%), cited precision ${(result.citedPrecision * 100).toFixed(0)}%, latency p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms (${latencies.length} answers)`,
    );
    for (const miss of misses) {
      console.log(
        `  missed: ${miss.question}${miss.missing.length ? ` (missing ${miss.missing.length})` : ''}${miss.foreign ? ' (cited another company)' : ''}`,
      );
    }
  }
  await writeBenchResult(`advisor-eval-${db.kind}`, figures);
} finally {
  await sim?.close();
  if (schema) await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db.close();
}
