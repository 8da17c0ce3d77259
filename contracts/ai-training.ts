import * as z from 'zod/mini';

/**
 * AI training (spec §2 `/settings/ai-training`, issue 18): what the AI must know about the business,
 * in the owner's words. Saved per company as versions: each save is a new version, an earlier one can
 * be seen and restored (restoring saves it again as the newest). Services come from the catalogue
 * (contracts/services.ts), not from here.
 */

export const AI_TRAINING_TEXT_MAX = 4000;
export const AI_TRAINING_SHORT_MAX = 500;
export const AI_TRAINING_FAQ_MAX = 50;
export const AI_TRAINING_FAQ_QUESTION_MAX = 300;
export const AI_TRAINING_FAQ_ANSWER_MAX = 2000;
export const AI_TRAINING_AVOID_MAX = 100;
export const AI_TRAINING_AVOID_WORD_MAX = 60;
/** How many versions the history lists (newest first). */
export const AI_TRAINING_VERSIONS_LISTED = 50;

const tooLong = (max: number) => ({ error: `Use no máximo ${max} caracteres.` });
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, tooLong(max)));

export const AI_TRAINING_FAQ_QUESTION_REQUIRED_TEXT = 'Escreva a pergunta.';
export const AI_TRAINING_FAQ_ANSWER_REQUIRED_TEXT = 'Escreva a resposta.';

export const aiTrainingFaqSchema = z.strictObject({
  question: text(AI_TRAINING_FAQ_QUESTION_MAX).check(
    z.minLength(1, { error: AI_TRAINING_FAQ_QUESTION_REQUIRED_TEXT }),
  ),
  answer: text(AI_TRAINING_FAQ_ANSWER_MAX).check(
    z.minLength(1, { error: AI_TRAINING_FAQ_ANSWER_REQUIRED_TEXT }),
  ),
});
export type AiTrainingFaq = z.infer<typeof aiTrainingFaqSchema>;

/** Every field may be empty: an owner fills what they want, when they want. */
export const aiTrainingInputSchema = z.strictObject({
  /** What the business does, for whom, what sets it apart. */
  businessDescription: text(AI_TRAINING_TEXT_MAX),
  /** Tone of voice ("informal, com emojis", "formal"). */
  toneOfVoice: text(AI_TRAINING_SHORT_MAX),
  openingHours: text(AI_TRAINING_SHORT_MAX),
  paymentPolicy: text(AI_TRAINING_TEXT_MAX),
  deliveryPolicy: text(AI_TRAINING_TEXT_MAX),
  faqs: z
    .array(aiTrainingFaqSchema)
    .check(z.maxLength(AI_TRAINING_FAQ_MAX, { error: `No máximo ${AI_TRAINING_FAQ_MAX} perguntas.` })),
  /** Words and phrases the AI must never write. */
  wordsToAvoid: z
    .array(text(AI_TRAINING_AVOID_WORD_MAX).check(z.minLength(1)))
    .check(z.maxLength(AI_TRAINING_AVOID_MAX, { error: `No máximo ${AI_TRAINING_AVOID_MAX} palavras.` })),
});
export type AiTrainingInput = z.infer<typeof aiTrainingInputSchema>;

/** A company that never saved reads this (and the AI knows only the catalogue and the data). */
export const EMPTY_AI_TRAINING: AiTrainingInput = {
  businessDescription: '',
  toneOfVoice: '',
  openingHours: '',
  paymentPolicy: '',
  deliveryPolicy: '',
  faqs: [],
  wordsToAvoid: [],
};

export const aiTrainingVersionSummarySchema = z.object({
  /** 1, 2, 3… per company. */
  version: z.number(),
  createdAt: z.string(),
  /** Who saved it (the member's name or e-mail); null when that member was removed. */
  authorName: z.nullable(z.string()),
  /** Set when this version restored an earlier one. */
  restoredFrom: z.nullable(z.number()),
});
export type AiTrainingVersionSummary = z.infer<typeof aiTrainingVersionSummarySchema>;

export const aiTrainingVersionSchema = z.object({
  ...aiTrainingVersionSummarySchema.shape,
  content: z.object({
    businessDescription: z.string(),
    toneOfVoice: z.string(),
    openingHours: z.string(),
    paymentPolicy: z.string(),
    deliveryPolicy: z.string(),
    faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
    wordsToAvoid: z.array(z.string()),
  }),
});
export type AiTrainingVersion = z.infer<typeof aiTrainingVersionSchema>;

/** The current training (the newest version), or null when never saved. Every member reads it. */
export const getAiTrainingContract = {
  method: 'GET',
  url: '/api/settings/ai-training',
  response: z.object({ current: z.nullable(aiTrainingVersionSchema) }),
} as const;

/**
 * Saves a new version. Content equal to the current version's saves nothing and answers the current
 * one. `baseVersion` is the version the form was opened on: when another save landed since, 409 with
 * AI_TRAINING_CONFLICT_TEXT, nothing written.
 */
export const saveAiTrainingContract = {
  method: 'PUT',
  url: '/api/settings/ai-training',
  body: z.strictObject({
    baseVersion: z.nullable(z.number().check(z.int(), z.gte(1))),
    content: aiTrainingInputSchema,
  }),
  response: aiTrainingVersionSchema,
  minRole: 'manager',
} as const;

export const AI_TRAINING_CONFLICT_TEXT =
  'O treinamento foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão mais recente.';

export const listAiTrainingVersionsContract = {
  method: 'GET',
  url: '/api/settings/ai-training/versions',
  response: z.object({ versions: z.array(aiTrainingVersionSummarySchema) }),
} as const;

export const aiTrainingVersionParams = z.strictObject({
  version: z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
});

export const getAiTrainingVersionContract = {
  method: 'GET',
  url: '/api/settings/ai-training/versions/:version',
  params: aiTrainingVersionParams,
  response: aiTrainingVersionSchema,
} as const;

/** Saves an earlier version's content as the newest version (`restoredFrom` set). */
export const restoreAiTrainingVersionContract = {
  method: 'POST',
  url: '/api/settings/ai-training/versions/:version/restore',
  params: aiTrainingVersionParams,
  response: aiTrainingVersionSchema,
  minRole: 'manager',
} as const;

export const AI_TRAINING_VERSION_NOT_FOUND_TEXT = 'Versão do treinamento não encontrada.';
