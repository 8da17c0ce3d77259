import * as z from 'zod/mini';
import { CUSTOMER_PHONE_INVALID_TEXT, normalizeCustomerPhone } from './brazil/customer-phone';
import { dropNulCharacters } from './nul-characters';
import { cursorInput, idParam, limitInput } from './pagination';

/**
 * Customers (spec §2 /customers, §3, §5, §7, §9): list with search and cursor pagination, detail,
 * create, edit, delete, CSV/vCard import (the browser parses and maps, the server checks and stores
 * in batches) and CSV export.
 */

export const CUSTOMERS_LIMIT_MIN = 10;
export const CUSTOMERS_LIMIT_MAX = 100;
export const CUSTOMERS_LIMIT_DEFAULT = 50;
/** The task form's customer picker asks for this many (spec §9). */
export const CUSTOMER_PICKER_LIMIT = 100;

export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_EMAIL_MAX = 254;
export const CUSTOMER_NOTES_MAX = 2000;
export const CUSTOMER_TAG_MAX = 30;
export const CUSTOMER_TAGS_MAX = 10;

/** Where the customer came from; the view shows pt-BR labels (customerSourceLabels). */
export const customerSources = [
  'whatsapp',
  'instagram',
  'facebook',
  'indicacao',
  'site',
  'loja',
  'importacao',
  'outro',
] as const;
export type CustomerSource = (typeof customerSources)[number];
export const customerSourceLabels: Record<CustomerSource, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Facebook',
  indicacao: 'Indicação',
  site: 'Site',
  loja: 'Loja física',
  importacao: 'Importação',
  outro: 'Outro',
};

export const customerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Digits with the country code (5511987654321), as WhatsApp identifies people; null if unknown. */
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  /** Lower-case-insensitive unique, in the order given. */
  tags: z.array(z.string()),
  source: z.nullable(z.enum(customerSources)),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** ISO 8601: the last message or task done with them; null when none yet. */
  lastContactAt: z.nullable(z.string()),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /api/customers (spec §7): query limit (50 list, 100 picker), search, cursor. */
export const listCustomersQuerySchema = z.object({
  /** At least 2 characters to filter (shorter lists everyone); by name, phone or e-mail, accents ignored. */
  search: z.optional(z.string().check(z.maxLength(100))),
  limit: limitInput(CUSTOMERS_LIMIT_MIN, CUSTOMERS_LIMIT_MAX, CUSTOMERS_LIMIT_DEFAULT),
  /** From the previous page's endCursor. */
  cursor: cursorInput,
  /**
   * Only without a cursor: start at this 1-based page (a shared /customers?page=3 link). The list
   * walks pages with cursors once open.
   */
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000))),
});
export type ListCustomersQuery = z.infer<typeof listCustomersQuerySchema>;

export const customersPageSchema = z.object({
  customers: z.array(customerSchema),
  /**
   * Every customer matching the search (not just this page); with totalCountExact false, a search
   * matched more than this many (it counts no further): "mais de 1.000".
   */
  totalCount: z.number(),
  totalCountExact: z.boolean(),
  endCursor: z.nullable(z.string()),
  hasNextPage: z.boolean(),
});
export type CustomersPage = z.infer<typeof customersPageSchema>;

export const listCustomersContract = {
  method: 'GET',
  url: '/api/customers',
  query: listCustomersQuerySchema,
  response: customersPageSchema,
} as const;

const optionalText = (max: number, tooLong: string) =>
  z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max, { error: tooLong }))));

export const CUSTOMER_NAME_REQUIRED_TEXT = 'Informe o nome do cliente.';
export const CUSTOMER_EMAIL_INVALID_TEXT = 'E-mail inválido. Confira o endereço.';

/**
 * What a person types in "Novo cliente" / edit. Empty strings mean "none". The phone is checked by
 * normalizeCustomerPhone (a Brazilian number without 55 is fine); the server stores the normalised
 * form. `source` defaults to null.
 */
export const customerInputSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: CUSTOMER_NAME_REQUIRED_TEXT }),
      z.maxLength(CUSTOMER_NAME_MAX, { error: `Use no máximo ${CUSTOMER_NAME_MAX} caracteres.` }),
    ),
  phone: z.nullable(
    z.optional(
      z.string().check(
        z.maxLength(32, { error: CUSTOMER_PHONE_INVALID_TEXT }),
        z.refine((value) => value.trim() === '' || normalizeCustomerPhone(value) !== null, {
          error: CUSTOMER_PHONE_INVALID_TEXT,
        }),
      ),
    ),
  ),
  email: z.nullable(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(CUSTOMER_EMAIL_MAX, { error: CUSTOMER_EMAIL_INVALID_TEXT }),
        z.refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
          error: CUSTOMER_EMAIL_INVALID_TEXT,
        }),
      ),
    ),
  ),
  notes: optionalText(CUSTOMER_NOTES_MAX, `Use no máximo ${CUSTOMER_NOTES_MAX} caracteres.`),
  tags: z.optional(
    z
      .array(
        z.string().check(
          z.trim(),
          z.minLength(1, { error: 'Etiqueta vazia.' }),
          z.maxLength(CUSTOMER_TAG_MAX, {
            error: `Etiquetas têm no máximo ${CUSTOMER_TAG_MAX} caracteres.`,
          }),
        ),
      )
      .check(z.maxLength(CUSTOMER_TAGS_MAX, { error: `Use no máximo ${CUSTOMER_TAGS_MAX} etiquetas.` })),
  ),
  source: z.nullable(z.optional(z.enum(customerSources))),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

/** 409 when the phone (ninth digit or not) is already another customer's: names that customer. */
export function duplicatePhoneText(existingName: string): string {
  return `Já existe um cliente com este telefone: ${existingName}.`;
}

export const customerParams = z.object({ id: idParam });

/** A task of the customer, as the detail lists it (open ones first, then the latest done). */
export const customerTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  dueAt: z.string(),
  status: z.enum(['pending', 'completed']),
  hasFollowUp: z.boolean(),
});
/** A deal of the customer, as the detail lists it. */
export const customerDealSchema = z.object({
  id: z.string(),
  title: z.string(),
  valueCents: z.number(),
  stageName: z.string(),
  status: z.enum(['open', 'won', 'lost']),
});

export const customerDetailSchema = z.object({
  customer: customerSchema,
  /** Up to 20: pending by due date, then completed, newest first. */
  tasks: z.array(customerTaskSchema),
  /** Up to 20, newest first. */
  deals: z.array(customerDealSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const getCustomerContract = {
  method: 'GET',
  url: '/api/customers/:id',
  params: customerParams,
  response: customerDetailSchema,
} as const;

/** Answers 201; create returns to /customers (spec §2). */
export const createCustomerContract = {
  method: 'POST',
  url: '/api/customers',
  body: customerInputSchema,
  response: z.object({ customer: customerSchema }),
  idempotent: true,
} as const;

/** Replaces the editable fields; edit returns to /customers/{id} (spec §2). */
export const updateCustomerContract = {
  method: 'PUT',
  url: '/api/customers/:id',
  params: customerParams,
  body: customerInputSchema,
  response: z.object({ customer: customerSchema }),
} as const;

/** Their tasks (and follow-ups) go with them; their deals stay, without a customer. */
export const deleteCustomerContract = {
  method: 'DELETE',
  url: '/api/customers/:id',
  params: customerParams,
  response: z.object({ deleted: z.literal(true) }),
} as const;

// ---- Import ---------------------------------------------------------------------------------------

export const IMPORT_BATCH_MAX_ROWS = 500;
/** A file larger than this is refused in the browser before parsing ("Arquivo grande demais…"). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/** A cell of the file: as written, without NUL characters (a file's stray bytes, not the person's). */
const importCell = (max: number) => z.string().check(dropNulCharacters, z.maxLength(max));

/** One row of the file after the person mapped its columns; values as written in the file. */
export const importRowSchema = z.strictObject({
  /** The row's line in the file (1-based, header excluded), for the report. */
  line: z.number().check(z.int(), z.gte(1)),
  name: z.optional(importCell(1000)),
  phone: z.optional(importCell(1000)),
  email: z.optional(importCell(1000)),
  notes: z.optional(importCell(10_000)),
  /** Comma- or semicolon-separated in the file; split by the browser. */
  tags: z.optional(z.array(importCell(1000)).check(z.maxLength(50))),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** The customer fields a file's column can fill; the name is required. */
export const importFields = ['name', 'phone', 'email', 'notes', 'tags'] as const;
export type ImportField = (typeof importFields)[number];

const columnIndex = z.nullable(z.number().check(z.int(), z.gte(0), z.lte(1000)));
/** Each field → the index of the file's column that fills it, or null ("Não importar"). */
export const importMappingSchema = z.strictObject({
  name: columnIndex,
  phone: columnIndex,
  email: columnIndex,
  notes: columnIndex,
  tags: columnIndex,
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** SHA-256 of a file's bytes, hex: how the same file is recognised when it is chosen again. */
const fileHash = z.string().check(z.regex(/^[0-9a-f]{64}$/, { error: 'Arquivo inválido.' }));

/**
 * What an import was made of, sent with each batch and kept with the import: the same file chosen
 * again (after a reload) is recognised by its hash and its import resumed with the same rows.
 */
export const importFileSchema = z.strictObject({
  hash: fileHash,
  name: z.string().check(z.maxLength(255)),
  /** Rows of the file, and rows per batch: the batches are the same when it is resumed. */
  rows: z.number().check(z.int(), z.gte(1), z.lte(IMPORT_MAX_ROWS)),
  batchSize: z.number().check(z.int(), z.gte(1), z.lte(IMPORT_BATCH_MAX_ROWS)),
  mapping: importMappingSchema,
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const importBatchBodySchema = z.strictObject({
  /** A UUID the browser makes per import: with `batch` it makes a retried batch change nothing. */
  importId: z.string().check(z.regex(/^[0-9a-f-]{36}$/i, { error: 'Importação inválida.' })),
  /** The file and its mapping; recorded by the import's first batch to arrive. */
  file: z.optional(importFileSchema),
  /** 0-based batch number within the import. */
  batch: z.number().check(z.int(), z.gte(0), z.lte(1000)),
  rows: z.array(importRowSchema).check(
    z.minLength(1, { error: 'Nenhuma linha para importar.' }),
    z.maxLength(IMPORT_BATCH_MAX_ROWS, {
      error: `Envie no máximo ${IMPORT_BATCH_MAX_ROWS} linhas por vez.`,
    }),
  ),
});
export type ImportBatchBody = z.infer<typeof importBatchBodySchema>;

/**
 * Why a row was not imported (pt-BR, shown in the report). A row is skipped when it has no name,
 * a phone or e-mail that does not check out, or a phone (ninth digit or not) or e-mail already in the
 * company or earlier in the same import.
 */
export const importSkipReasons = {
  missingName: 'Sem nome.',
  invalidPhone: 'Telefone inválido.',
  invalidEmail: 'E-mail inválido.',
  duplicatePhone: 'Telefone já cadastrado',
  duplicateEmail: 'E-mail já cadastrado',
  duplicateInFile: 'Repetido no arquivo',
} as const;

export const importRowResultSchema = z.object({
  line: z.number(),
  status: z.enum(['created', 'skipped']),
  /** For skipped rows: one of importSkipReasons' texts, possibly followed by " (Nome existente)." */
  reason: z.optional(z.string()),
  customerId: z.optional(z.string()),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importBatchResultSchema = z.object({
  created: z.number(),
  skipped: z.number(),
  rows: z.array(importRowResultSchema),
});
export type ImportBatchResult = z.infer<typeof importBatchResultSchema>;

/**
 * One batch of an import, in one transaction. The same (importId, batch) sent again answers the
 * first result and writes nothing. Imported customers get source "importacao".
 */
export const importCustomersContract = {
  method: 'POST',
  url: '/api/customers/import',
  body: importBatchBodySchema,
  response: importBatchResultSchema,
  idempotent: true,
} as const;

/** An import of a file, as the server recorded it: when, and what its batches did so far. */
export const importSummarySchema = z.object({
  importId: z.string(),
  fileName: z.string(),
  /** ISO 8601: its first batch, and its last one. */
  startedAt: z.string(),
  lastBatchAt: z.string(),
  rows: z.number(),
  batchSize: z.number(),
  batches: z.number(),
  batchesDone: z.number(),
  created: z.number(),
  skipped: z.number(),
  mapping: importMappingSchema,
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/**
 * GET /api/customers/imports?fileHash=…: the company's latest import of that file (null when there
 * is none), so the wizard can offer to resume it instead of creating its rows again. Imports are
 * kept 30 days.
 */
export const findImportContract = {
  method: 'GET',
  url: '/api/customers/imports',
  query: z.object({ fileHash }),
  response: z.object({ import: z.nullable(importSummarySchema) }),
} as const;

/**
 * GET /api/customers/export: every customer of the company as CSV (text/csv; charset=utf-8, a BOM,
 * ";" separated as Excel in pt-BR expects, attachment "clientes-AAAA-MM-DD.csv"). Not the envelope
 * on success; failures are the envelope as JSON.
 */
export const EXPORT_CUSTOMERS_URL = '/api/customers/export';
/** The CSV download as the routes walk it: a manager's (staff export nothing, issue 15). */
export const exportCustomersDownload = {
  method: 'GET',
  url: EXPORT_CUSTOMERS_URL,
  minRole: 'manager',
} as const;
export const exportColumns = [
  'nome',
  'telefone',
  'email',
  'etiquetas',
  'origem',
  'observacoes',
  'criado_em',
  'ultimo_contato',
] as const;
