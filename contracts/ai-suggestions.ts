import * as z from 'zod/mini';

/**
 * The conversation watcher (issue 18, feature flag `isSentinelWatcherEnabled`): each new inbound turn
 * of a conversation is analysed; it may propose a task, a deal or a stage change with a short reason.
 * The owner accepts (the record is made then) or dismisses it; nothing happens on its own.
 */

export const aiSuggestionKinds = ['task', 'deal', 'stage-change'] as const;
export type AiSuggestionKind = (typeof aiSuggestionKinds)[number];
export const aiSuggestionStatuses = ['pending', 'accepted', 'dismissed'] as const;

export const aiSuggestionSchema = z.object({
  id: z.string(),
  kind: z.enum(aiSuggestionKinds),
  status: z.enum(aiSuggestionStatuses),
  customerId: z.string(),
  customerName: z.string(),
  /** Why, in one short pt-BR sentence ("O cliente pediu o orçamento para amanhã."). */
  reason: z.string(),
  /** kind task: what to do and when (ISO 8601). */
  task: z.nullable(z.object({ description: z.string(), dueAt: z.string() })),
  /** kind deal: the deal to open. */
  deal: z.nullable(z.object({ title: z.string(), valueCents: z.nullable(z.number()) })),
  /** kind stage-change: move this deal to that stage. */
  stageChange: z.nullable(
    z.object({ dealId: z.string(), dealTitle: z.string(), toStageId: z.string(), toStageName: z.string() }),
  ),
  /** The inbound message that led to it. */
  messageId: z.string(),
  createdAt: z.string(),
});
export type AiSuggestion = z.infer<typeof aiSuggestionSchema>;

export const AI_SUGGESTIONS_LISTED = 20;

/** Pending suggestions of the company (or of one customer), newest first. */
export const listAiSuggestionsContract = {
  method: 'GET',
  url: '/api/ai-suggestions',
  query: z.strictObject({ customerId: z.optional(z.uuid()) }),
  response: z.object({ suggestions: z.array(aiSuggestionSchema) }),
} as const;

export const aiSuggestionParams = z.strictObject({ suggestionId: z.uuid() });

/** Makes the task / deal / stage change; answers what was made. A second accept is a 409. */
export const acceptAiSuggestionContract = {
  method: 'POST',
  url: '/api/ai-suggestions/:suggestionId/accept',
  params: aiSuggestionParams,
  response: z.object({
    suggestion: aiSuggestionSchema,
    /** The task made (kind task) or the deal made or moved (deal, stage-change). */
    taskId: z.nullable(z.string()),
    dealId: z.nullable(z.string()),
  }),
} as const;

export const dismissAiSuggestionContract = {
  method: 'POST',
  url: '/api/ai-suggestions/:suggestionId/dismiss',
  params: aiSuggestionParams,
  response: z.object({ suggestion: aiSuggestionSchema }),
} as const;

export const AI_SUGGESTION_NOT_FOUND_TEXT = 'Sugestão não encontrada.';
export const AI_SUGGESTION_ALREADY_DECIDED_TEXT = 'Esta sugestão já foi aceita ou dispensada.';
