import * as z from 'zod/mini';
import { activityEventSchema, assigneeFilterInput, assigneeInput, personSchema } from './activity';
import { dayInput } from './date-range';
import { cursorInput, idParam, limitInput, pageInfoSchema } from './pagination';

/**
 * The sales board (spec §2 /sales, /sales/{dealId}; §7 GET sales board, GET sales/deals/{dealId}).
 * Deals sit in stages, in order; a stage's kind says whether its deals are open, won or lost.
 */

export const stageKinds = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof stageKinds)[number];

/** Every new company starts with these, in this order. */
export const defaultStages: readonly { name: string; kind: StageKind }[] = [
  { name: 'Novo contato', kind: 'open' },
  { name: 'Em negociação', kind: 'open' },
  { name: 'Proposta enviada', kind: 'open' },
  { name: 'Fechado ganho', kind: 'won' },
  { name: 'Fechado perdido', kind: 'lost' },
];

export const STAGE_NAME_MAX = 40;
export const STAGES_MAX = 12;
export const BOARD_COLUMN_PAGE_SIZE = 20;

export const dealStageSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number(),
  kind: z.enum(stageKinds),
});
export type DealStage = z.infer<typeof dealStageSchema>;

export const dealCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  valueCents: z.number(),
  stageId: z.string(),
  customer: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** YYYY-MM-DD or null. */
  expectedCloseDate: z.nullable(z.string()),
  /** ISO 8601: when the deal entered its current stage (the card shows "há N dias"). */
  stageEnteredAt: z.string(),
  /** Who is working it (default: whoever created it); null: "sem responsável". */
  assignee: z.nullable(personSchema),
});
export type DealCard = z.infer<typeof dealCardSchema>;

export const boardColumnSchema = z.object({
  stage: dealStageSchema,
  /** The column's first page, in board order. */
  deals: z.array(dealCardSchema),
  /** All deals in the stage, and their total value (not only this page). */
  totalCount: z.number(),
  totalValueCents: z.number(),
  pageInfo: pageInfoSchema,
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const salesBoardSchema = z.object({ columns: z.array(boardColumnSchema) });
export type SalesBoard = z.infer<typeof salesBoardSchema>;

/** GET sales board, paginated per column (spec §2 prefetch, §7). */
export const getSalesBoardContract = {
  method: 'GET',
  url: '/api/sales/board',
  query: z.object({ limit: limitInput(1, 50, BOARD_COLUMN_PAGE_SIZE), assignee: assigneeFilterInput }),
  response: salesBoardSchema,
} as const;

/** A column's next page ("Carregar mais"). */
export const listStageDealsContract = {
  method: 'GET',
  url: '/api/sales/stages/:stageId/deals',
  params: z.object({ stageId: idParam }),
  query: z.object({
    limit: limitInput(1, 50, BOARD_COLUMN_PAGE_SIZE),
    cursor: cursorInput,
    assignee: assigneeFilterInput,
  }),
  response: z.object({ deals: z.array(dealCardSchema), pageInfo: pageInfoSchema }),
} as const;

export const dealServiceLineSchema = z.object({
  serviceId: z.string(),
  name: z.string(),
  /** The service's price when it was added to the deal. */
  priceCents: z.number(),
  quantity: z.number(),
});

export const dealSchema = z.object({
  ...dealCardSchema.shape,
  status: z.enum(stageKinds),
  notes: z.nullable(z.string()),
  /** Why it was lost (kept when a lost deal is reopened, until edited). */
  lostReason: z.nullable(z.string()),
  services: z.array(dealServiceLineSchema),
  /** Null for deals from before the team, or once their author is gone. */
  createdBy: z.nullable(personSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it entered a won or lost stage; null while open. */
  closedAt: z.nullable(z.string()),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealParams = z.object({ dealId: idParam });

export const getDealContract = {
  method: 'GET',
  url: '/api/sales/deals/:dealId',
  params: dealParams,
  /** `activity`: who did what to it, oldest first ("Movida para Proposta por Ana"). */
  response: z.object({ deal: dealSchema, activity: z._default(z.array(activityEventSchema), []) }),
} as const;

export type DealDetail = z.infer<typeof getDealContract.response>;

export const DEAL_TITLE_MAX = 120;
export const DEAL_NOTES_MAX = 4000;
export const LOST_REASON_MAX = 500;
export const DEAL_VALUE_MAX_CENTS = 1_000_000_000;
export const DEAL_TITLE_REQUIRED_TEXT = 'Informe um título para a venda.';

export const dealInputSchema = z.strictObject({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: DEAL_TITLE_REQUIRED_TEXT }),
      z.maxLength(DEAL_TITLE_MAX, { error: `Use no máximo ${DEAL_TITLE_MAX} caracteres.` }),
    ),
  customerId: z.nullable(z.optional(idParam)),
  /** A member's user id or null; absent: the caller on create, unchanged on edit. Not a member: 400. */
  assigneeUserId: assigneeInput,
  /** Absent on create: the first stage. */
  stageId: z.optional(idParam),
  valueCents: z
    .number()
    .check(
      z.int({ error: 'Informe o valor.' }),
      z.gte(0, { error: 'O valor não pode ser negativo.' }),
      z.lte(DEAL_VALUE_MAX_CENTS, { error: 'Valor alto demais.' }),
    ),
  /** Within 01/01/1900–31/12/2099 (contracts/date-range.ts). */
  expectedCloseDate: z.nullable(z.optional(dayInput('Data inválida.'))),
  notes: z.nullable(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(DEAL_NOTES_MAX, { error: `Use no máximo ${DEAL_NOTES_MAX} caracteres.` }),
        ),
    ),
  ),
  lostReason: z.nullable(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(LOST_REASON_MAX, { error: `Use no máximo ${LOST_REASON_MAX} caracteres.` }),
        ),
    ),
  ),
  /** The deal's services (each once); the price is copied from the catalogue when first added. */
  services: z._default(
    z
      .array(
        z.strictObject({
          serviceId: idParam,
          quantity: z._default(z.number().check(z.int(), z.gte(1), z.lte(999)), 1),
        }),
      )
      .check(z.maxLength(50)),
    [],
  ),
});
export type DealInput = z.input<typeof dealInputSchema>;

/** Answers 201; lands at the end of its stage. Unknown customer/stage/service ids are 400s on that field. */
export const createDealContract = {
  method: 'POST',
  url: '/api/sales/deals',
  body: dealInputSchema,
  response: z.object({ deal: dealSchema }),
  idempotent: true,
} as const;

export const updateDealContract = {
  method: 'PUT',
  url: '/api/sales/deals/:dealId',
  params: dealParams,
  body: dealInputSchema,
  response: z.object({ deal: dealSchema }),
} as const;

export const deleteDealContract = {
  method: 'DELETE',
  url: '/api/sales/deals/:dealId',
  params: dealParams,
  response: z.object({ deleted: z.literal(true) }),
} as const;

/**
 * Drag and drop / keyboard move: into `stageId` at 0-based `index` among that stage's deals (past
 * the end = last). Moving into another stage resets stageEnteredAt; into a won/lost stage sets
 * status and closedAt.
 */
export const moveDealContract = {
  method: 'POST',
  url: '/api/sales/deals/:dealId/move',
  params: dealParams,
  body: z.strictObject({ stageId: idParam, index: z.number().check(z.int(), z.gte(0)) }),
  response: z.object({ deal: dealSchema }),
} as const;

export const STAGE_NAME_REQUIRED_TEXT = 'Informe o nome da etapa.';
export const STAGE_NAME_TAKEN_TEXT = 'Já existe uma etapa com este nome.';
export const STAGE_HAS_DEALS_TEXT = 'Mova as vendas desta etapa antes de excluí-la.';
export const STAGE_KIND_REQUIRED_TEXT = 'O funil precisa de uma etapa de venda ganha e uma de venda perdida.';
export const STAGES_MAX_TEXT = `Use no máximo ${STAGES_MAX} etapas.`;

const stageName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: STAGE_NAME_REQUIRED_TEXT }),
    z.maxLength(STAGE_NAME_MAX, { error: `Use no máximo ${STAGE_NAME_MAX} caracteres.` }),
  );

export const listStagesContract = {
  method: 'GET',
  url: '/api/sales/stages',
  response: z.object({ stages: z.array(dealStageSchema) }),
} as const;

/** A new open stage, placed before the won/lost ones. Answers 201. */
export const createStageContract = {
  method: 'POST',
  url: '/api/sales/stages',
  body: z.strictObject({ name: stageName }),
  response: z.object({ stage: dealStageSchema }),
  idempotent: true,
  minRole: 'manager',
} as const;

export const renameStageContract = {
  method: 'PUT',
  url: '/api/sales/stages/:stageId',
  params: z.object({ stageId: idParam }),
  body: z.strictObject({ name: stageName }),
  response: z.object({ stage: dealStageSchema }),
  minRole: 'manager',
} as const;

/** Every stage id of the company exactly once, in the new order (400 otherwise). */
export const reorderStagesContract = {
  method: 'PUT',
  url: '/api/sales/stages-order',
  body: z.strictObject({ stageIds: z.array(idParam).check(z.minLength(1), z.maxLength(STAGES_MAX)) }),
  response: z.object({ stages: z.array(dealStageSchema) }),
  minRole: 'manager',
} as const;

/** Only an empty stage, and never the last won or last lost one (409). */
export const deleteStageContract = {
  method: 'DELETE',
  url: '/api/sales/stages/:stageId',
  params: z.object({ stageId: idParam }),
  response: z.object({ deleted: z.literal(true) }),
  minRole: 'manager',
} as const;
