import { createHash } from 'node:crypto';
import type { Queryable } from '../../../db/types';
import { invalidParameter } from './graph-errors';

/**
 * The local Cloud API's message templates (GET /{waba_id}/message_templates), kept per WhatsApp
 * Business account in dev_whatsapp_templates. Every account has the seeded ones below; tests and
 * benchmarks may add more with insertTemplates.
 */

export interface SimTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  /** Meta's components array (HEADER, BODY, FOOTER, BUTTONS). */
  components: Record<string, unknown>[];
  rejectedReason?: string;
}

const body = (text: string, example: string[]) => ({
  type: 'BODY',
  text,
  ...(example.length > 0 && { example: { body_text: [example] } }),
});
const footer = { type: 'FOOTER', text: 'Para não receber mais mensagens, responda SAIR.' };

/**
 * What a new account has: approved and not (pending, rejected), with 0, 1 or 2 body parameters.
 * `lembrete_retorno` is the one a follow-up can use (approved, UTILITY, exactly one body parameter);
 * `lembrete_agendamento` has one too but its header needs a parameter of its own.
 */
export const SEEDED_TEMPLATES: readonly SimTemplate[] = [
  {
    name: 'lembrete_retorno',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      body('Olá! Temos um recado para você: {{1}} Se quiser, é só responder esta mensagem.', [
        'seu orçamento está pronto.',
      ]),
      footer,
    ],
  },
  {
    name: 'pedido_a_caminho',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [body('Oi, {{1}}! Seu pedido {{2}} saiu para entrega.', ['Maria', '#1234'])],
  },
  {
    name: 'boas_vindas',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'MARKETING',
    components: [body('Obrigado por falar com a gente! Em breve retornamos o seu contato.', []), footer],
  },
  {
    name: 'lembrete_agendamento',
    language: 'pt_BR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Lembrete: {{1}}', example: { header_text: ['amanhã'] } },
      body('Olá! Confirmamos o seu horário: {{1}} Até lá!', ['terça, às 14h.']),
    ],
  },
  {
    name: 'promocao_do_mes',
    language: 'pt_BR',
    status: 'PENDING',
    category: 'MARKETING',
    components: [body('Neste mês temos uma oferta para você: {{1}} Aproveite!', ['10% de desconto.'])],
  },
  {
    name: 'cobranca_pendente',
    language: 'pt_BR',
    status: 'REJECTED',
    category: 'UTILITY',
    components: [body('Olá! Identificamos um pagamento pendente: {{1}} Fale com a gente.', ['R$ 50,00.'])],
    rejectedReason: 'INVALID_FORMAT',
  },
];

/** A numeric id like Meta's, the same for the same account, name and language. */
function templateId(wabaId: string, name: string, language: string): string {
  const digest = createHash('sha256').update(`${wabaId}\0${name}\0${language}`).digest();
  return `${1 + (digest[0]! % 9)}${[...digest.subarray(1, 16)].map((byte) => byte % 10).join('')}`;
}

/**
 * Adds templates to an account. One it has already (same name and language) stays as it was, or,
 * with `existing: 'replace'`, takes the new status, category and components (Meta approving,
 * pausing or rejecting a template the account has).
 */
export async function insertTemplates(
  q: Queryable,
  wabaId: string,
  templates: readonly SimTemplate[],
  existing: 'keep' | 'replace' = 'keep',
): Promise<void> {
  const rows = templates.map((template) => ({
    template_id: templateId(wabaId, template.name, template.language),
    name: template.name,
    language: template.language,
    status: template.status,
    category: template.category,
    components: template.components,
    rejected_reason: template.rejectedReason ?? null,
  }));
  await q.query(
    `INSERT INTO dev_whatsapp_templates
       (waba_id, template_id, name, language, status, category, components, rejected_reason)
     SELECT $1, t.template_id, t.name, t.language, t.status, t.category, t.components, t.rejected_reason
       FROM jsonb_to_recordset($2::jsonb) AS t(template_id text, name text, language text, status text,
            category text, components jsonb, rejected_reason text)
     ON CONFLICT (waba_id, name, language) DO ${
       existing === 'keep'
         ? 'NOTHING'
         : `UPDATE SET status = excluded.status, category = excluded.category,
              components = excluded.components, rejected_reason = excluded.rejected_reason`
     }`,
    [wabaId, JSON.stringify(rows)],
  );
}

/** Meta's default page size for this edge, and the largest it takes. */
const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 1000;
const TEMPLATE_FIELDS = ['name', 'language', 'status', 'category', 'components', 'rejected_reason'];

/** Opaque cursors, as Meta's are: the (name, language) a page ends with. */
const cursorOf = (name: string, language: string) =>
  Buffer.from(JSON.stringify([name, language])).toString('base64url');

function readCursor(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return value as [string, string];
    }
  } catch {}
  throw invalidParameter('The parameter after is not a valid cursor.');
}

function readLimit(limit: unknown): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  const value = typeof limit === 'string' && /^[0-9]{1,4}$/.test(limit) ? Number(limit) : 0;
  if (value < 1 || value > MAX_LIMIT)
    throw invalidParameter('The parameter limit must be between 1 and 1000.');
  return value;
}

/** The fields asked for (`fields=name,status`), `id` always; every field when none are named. */
function readFields(fields: unknown): string[] {
  if (typeof fields !== 'string' || fields.trim() === '') return TEMPLATE_FIELDS;
  const asked = fields.split(',').map((field) => field.trim());
  const unknown = asked.find((field) => field !== 'id' && !TEMPLATE_FIELDS.includes(field));
  if (unknown)
    throw invalidParameter(
      `Tried accessing nonexisting field (${unknown}) on node type (WhatsAppBusinessHSM).`,
    );
  return TEMPLATE_FIELDS.filter((field) => asked.includes(field));
}

type TemplateRow = {
  template_id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: Record<string, unknown>[];
  rejected_reason: string | null;
};

/**
 * One page of GET /{waba_id}/message_templates as Meta answers it: `data` in (name, language) order,
 * `paging.cursors` and, when there is more, `paging.next` (this URL with `after`).
 */
export async function templatesPage(
  q: Queryable,
  wabaId: string,
  query: Record<string, unknown>,
  selfUrl: URL,
): Promise<{ data: Record<string, unknown>[]; paging?: Record<string, unknown> }> {
  const limit = readLimit(query.limit);
  const fields = readFields(query.fields);
  const after = typeof query.after === 'string' && query.after !== '' ? readCursor(query.after) : null;
  // Seeded with the first page (once per account: the insert skips what is there).
  if (after === null) await insertTemplates(q, wabaId, SEEDED_TEMPLATES);
  const { rows } = await q.query<TemplateRow>(
    `SELECT template_id, name, language, status, category, components, rejected_reason
       FROM dev_whatsapp_templates
      WHERE waba_id = $1 AND ($2::text IS NULL OR (name, language) > ($2::text, $3::text))
      ORDER BY name, language LIMIT $4`,
    [wabaId, after?.[0] ?? null, after?.[1] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const first = page[0];
  const last = page.at(-1);
  if (!first || !last) return { data: [] };
  const data = page.map((row) => {
    const object: Record<string, unknown> = {};
    for (const field of fields) {
      const value = (row as Record<string, unknown>)[field];
      if (value !== null) object[field] = value;
    }
    object.id = row.template_id;
    return object;
  });
  const afterCursor = cursorOf(last.name, last.language);
  let next: string | undefined;
  if (rows.length > limit) {
    const url = new URL(selfUrl);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('after', afterCursor);
    next = url.href;
  }
  return {
    data,
    paging: {
      cursors: { before: cursorOf(first.name, first.language), after: afterCursor },
      ...(next && { next }),
    },
  };
}
