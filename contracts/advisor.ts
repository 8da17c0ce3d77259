import * as z from 'zod/mini';
import { aiTrainingInputSchema } from './ai-training';

/**
 * The AI advisor (spec §2 `/home/advisor`, issue 18): a chat per user and company, answers grounded
 * in the training, the catalogue and the company's own data, with the records used linked; and
 * "Sugerir mensagem", a WhatsApp draft the owner edits before scheduling or sending it.
 */

export const ADVISOR_QUESTION_MAX = 1000;
/** How many messages of the conversation GET answers (the newest, in order). */
export const ADVISOR_HISTORY_LIMIT = 50;

/**
 * A record an answer used, linked in the chat. `href` is an app path. The LLM cites the records of
 * its prompt with `[#n]` markers; the server strips them (from the deltas too, a marker cut between
 * two deltas included) and answers the cited records as `sources`, in the order first cited. An
 * answer's text never holds markers; the client lists its sources as links below it.
 */
export const advisorRecordKinds = [
  'customer',
  'task',
  'deal',
  'service',
  'conversation',
  'training',
] as const;
export type AdvisorRecordKind = (typeof advisorRecordKinds)[number];
export const advisorSourceSchema = z.object({
  kind: z.enum(advisorRecordKinds),
  id: z.string(),
  label: z.string(),
  href: z.string(),
});
export type AdvisorSource = z.infer<typeof advisorSourceSchema>;

/** online: the configured LLM wrote it; offline: rules and templates over the same data (no LLM). */
export const advisorModes = ['online', 'offline'] as const;
export type AdvisorMode = (typeof advisorModes)[number];

export const advisorMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  sources: z.array(advisorSourceSchema),
  /** null on the user's own messages, and on answers erased at a customer's request (LGPD). */
  mode: z.nullable(z.enum(advisorModes)),
  /** failed: the answer could not be written (the text then says why, in pt-BR). */
  status: z.enum(['complete', 'failed']),
  createdAt: z.string(),
});
export type AdvisorMessage = z.infer<typeof advisorMessageSchema>;

/** The caller's conversation in their current company (never another member's). */
export const getAdvisorConversationContract = {
  method: 'GET',
  url: '/api/advisor/conversation',
  response: z.object({ messages: z.array(advisorMessageSchema) }),
} as const;

export const ADVISOR_QUESTION_REQUIRED_TEXT = 'Escreva sua pergunta.';
export const advisorQuestionSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: ADVISOR_QUESTION_REQUIRED_TEXT }),
    z.maxLength(ADVISOR_QUESTION_MAX, { error: `Use no máximo ${ADVISOR_QUESTION_MAX} caracteres.` }),
  );

/**
 * Asks. Kept with its answer in the caller's conversation. With `Accept: text/event-stream` the
 * answer streams as server-sent events (`data: <advisorStreamEvent JSON>\n\n`): `started`, then
 * `delta`s, then `done` or `failed`. Otherwise the JSON envelope answers the finished message.
 * Input errors, auth and budget refusals are answered before any stream, in the envelope.
 */
export const askAdvisorContract = {
  method: 'POST',
  url: '/api/advisor/conversation/messages',
  body: z.strictObject({ question: advisorQuestionSchema }),
  response: advisorMessageSchema,
} as const;

export const advisorStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('started'), question: advisorMessageSchema }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), answer: advisorMessageSchema }),
  /** The answer failed mid-way; `answer` is the kept failed message (its text in pt-BR). */
  z.object({ type: z.literal('failed'), answer: advisorMessageSchema }),
]);
export type AdvisorStreamEvent = z.infer<typeof advisorStreamEventSchema>;

/** Starts over: the caller's conversation in this company is forgotten. */
export const clearAdvisorConversationContract = {
  method: 'DELETE',
  url: '/api/advisor/conversation',
  response: z.object({ cleared: z.number() }),
} as const;

/**
 * How the advisor would answer a sample question with a training draft (AI training's preview).
 * Nothing is kept; the draft need not be saved.
 */
export const previewAdvisorContract = {
  method: 'POST',
  url: '/api/advisor/preview',
  body: z.strictObject({ question: advisorQuestionSchema, training: aiTrainingInputSchema }),
  response: z.object({ text: z.string(), mode: z.enum(advisorModes), sources: z.array(advisorSourceSchema) }),
  /** What saving the training needs. */
  minRole: 'manager',
} as const;

/**
 * "Sugerir mensagem": a WhatsApp draft for a task, a deal or a customer's conversation (exactly one).
 * Nothing is sent: the owner edits it, then schedules it (a task's follow-up) or sends it (a reply).
 */
export const suggestMessageContract = {
  method: 'POST',
  url: '/api/advisor/suggest-message',
  body: z.union([
    z.strictObject({ taskId: z.uuid() }),
    z.strictObject({ dealId: z.uuid() }),
    z.strictObject({ customerId: z.uuid() }),
  ]),
  response: z.object({
    text: z.string(),
    mode: z.enum(advisorModes),
    customerId: z.string(),
    customerName: z.string(),
    sources: z.array(advisorSourceSchema),
  }),
} as const;

/** Said above every offline answer, plainly. */
export const ADVISOR_OFFLINE_NOTICE_TEXT =
  'Modo offline: estas respostas vêm de regras e modelos prontos sobre os seus dados, sem inteligência artificial.';
/** The company's AI spending for the month is used up (HTTP 429 in the envelope, or a failed answer). */
export const AI_BUDGET_EXHAUSTED_TEXT =
  'O limite mensal de uso da IA da sua empresa foi atingido. Ele renova no início do próximo mês.';
/** The LLM did not answer (time-out, errors after retries). */
export const AI_UNAVAILABLE_TEXT = 'A IA não conseguiu responder agora. Tente novamente em instantes.';
