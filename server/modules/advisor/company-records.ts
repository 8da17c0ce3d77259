import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import type { ContextRecord } from './context-records';
import { recordLinks } from './record-links';

/**
 * The company's rows the advisor grounds on, one reader per kind. Every query is scoped with
 * `company_id = $1` and bounded (a company may hold 100,000 customers); each row comes with the
 * record the prompt shows and the chat links.
 */

export interface CompanyFacts {
  name: string;
  timezone: string;
}

export async function loadCompanyFacts(q: Queryable, companyId: string): Promise<CompanyFacts> {
  const { rows } = await q.query<{ name: string; timezone: string }>(
    'SELECT name, timezone FROM companies WHERE id = $1',
    [companyId],
  );
  return rows[0] ?? { name: '', timezone: 'America/Sao_Paulo' };
}

/** "25/11 às 14:30" in the company's time zone. */
export function localDateTime(at: Timestamp, timezone: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: timezone,
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')} às ${part('hour')}:${part('minute')}`;
}

export const brl = (cents: number): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(cents / 100)
    .replace(/\s/g, ' ');

const daysSince = (at: Timestamp, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / 86_400_000));

// Customers -------------------------------------------------------------------------------------

export interface CustomerFacts {
  id: string;
  name: string;
  phone: string | null;
  tags: string[];
  notes: string | null;
  record: ContextRecord;
}

const customerRecord = (c: Omit<CustomerFacts, 'record'>): ContextRecord => ({
  kind: 'customer',
  id: c.id,
  label: c.name,
  href: recordLinks.customer(c.id),
  fields: [
    ['nome', c.name],
    ...(c.tags.length > 0 ? ([['etiquetas', c.tags.join(', ')]] as [string, string][]) : []),
    ...(c.notes ? ([['observações', c.notes]] as [string, string][]) : []),
  ],
});

/**
 * Customers the question names: their whole name in it first, then a first name among its words.
 * `padded` is the normalized question with a space at each end.
 */
export async function customersNamed(
  q: Queryable,
  companyId: string,
  normalized: string,
  words: string[],
  limit = 5,
): Promise<CustomerFacts[]> {
  if (words.length === 0) return [];
  const { rows } = await q.query<Omit<CustomerFacts, 'record'>>(
    `SELECT id, name, phone, tags, notes
       FROM customers
      WHERE company_id = $1 AND erased_at IS NULL
        AND (strpos($2, ' ' || sort_name || ' ') > 0 OR split_part(sort_name, ' ', 1) = ANY($3::text[]))
      ORDER BY strpos($2, ' ' || sort_name || ' ') > 0 DESC, length(sort_name) DESC, sort_name, id
      LIMIT $4`,
    [companyId, ` ${normalized} `, words, limit],
  );
  return rows.map((c) => ({ ...c, record: customerRecord(c) }));
}

export async function customersById(
  q: Queryable,
  companyId: string,
  ids: string[],
): Promise<CustomerFacts[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<Omit<CustomerFacts, 'record'>>(
    `SELECT id, name, phone, tags, notes FROM customers
      WHERE company_id = $1 AND id = ANY($2::uuid[]) AND erased_at IS NULL`,
    [companyId, ids],
  );
  return rows.map((c) => ({ ...c, record: customerRecord(c) }));
}

export interface UnansweredFacts {
  customerId: string;
  name: string;
  lastMessage: string | null;
  lastAt: Timestamp;
  days: number;
  record: ContextRecord;
}

/** Customers whose conversation ends with a message of theirs older than `days` days, oldest first. */
export async function unansweredCustomers(
  q: Queryable,
  companyId: string,
  days: number,
  now: Date,
  limit = 15,
): Promise<UnansweredFacts[]> {
  const { rows } = await q.query<{ id: string; name: string; body: string | null; sent_at: Timestamp }>(
    `SELECT c.id, c.name, last.body, last.sent_at
       FROM customers c
      CROSS JOIN LATERAL (
        SELECT m.direction, m.body, m.sent_at FROM conversation_messages m
         WHERE m.company_id = $1 AND m.customer_id = c.id
         ORDER BY m.sent_at DESC, m.id DESC LIMIT 1
      ) last
      WHERE c.company_id = $1 AND c.erased_at IS NULL
        AND last.direction = 'inbound' AND last.sent_at < $2::timestamptz - make_interval(days => $3)
      ORDER BY last.sent_at, c.id
      LIMIT $4`,
    [companyId, now, days, limit],
  );
  return rows.map((r) => {
    const waiting = daysSince(r.sent_at, now);
    return {
      customerId: r.id,
      name: r.name,
      lastMessage: r.body,
      lastAt: r.sent_at,
      days: waiting,
      record: {
        kind: 'customer',
        id: r.id,
        label: r.name,
        href: recordLinks.customer(r.id),
        fields: [
          ['nome', r.name],
          ['sem resposta há (dias)', String(waiting)],
          ['última mensagem do cliente', r.body ?? '(mídia)'],
        ],
      },
    };
  });
}

// Tasks -----------------------------------------------------------------------------------------

export interface TaskFacts {
  id: string;
  title: string;
  dueAt: Timestamp;
  overdue: boolean;
  customerName: string | null;
  record: ContextRecord;
}

export type TaskFilter = 'today' | 'overdue' | 'pending';

/** Pending tasks: due today (company's day), overdue, or all pending soonest first; of given customers. */
export async function pendingTasks(
  q: Queryable,
  companyId: string,
  filter: TaskFilter,
  options: { customerIds?: string[]; timezone: string; now: Date; limit?: number },
): Promise<TaskFacts[]> {
  const { rows } = await q.query<{
    id: string;
    title: string;
    due_at: Timestamp;
    overdue: boolean;
    customer_name: string | null;
  }>(
    `WITH day AS (
       SELECT date_trunc('day', $2::timestamptz AT TIME ZONE $3) AT TIME ZONE $3 AS starts,
              (date_trunc('day', $2::timestamptz AT TIME ZONE $3) + interval '1 day') AT TIME ZONE $3 AS ends
     )
     SELECT t.id, t.title, t.due_at, t.due_at < $2::timestamptz AS overdue, c.name AS customer_name
       FROM tasks t CROSS JOIN day
       LEFT JOIN customers c ON c.company_id = t.company_id AND c.id = t.customer_id
      WHERE t.company_id = $1 AND t.status = 'pending'
        AND ($4::text <> 'today' OR (t.due_at >= day.starts AND t.due_at < day.ends))
        AND ($4::text <> 'overdue' OR t.due_at < day.starts)
        AND ($5::uuid[] IS NULL OR t.customer_id = ANY($5::uuid[]))
      ORDER BY t.due_at, t.id
      LIMIT $6`,
    [companyId, options.now, options.timezone, filter, options.customerIds ?? null, options.limit ?? 15],
  );
  return rows.map((t) => ({
    id: t.id,
    title: t.title,
    dueAt: t.due_at,
    overdue: t.overdue,
    customerName: t.customer_name,
    record: {
      kind: 'task',
      id: t.id,
      label: t.title,
      href: recordLinks.task(t.id),
      fields: [
        ['título', t.title],
        ['vence', localDateTime(t.due_at, options.timezone)],
        ['situação', t.overdue ? 'atrasada' : 'pendente'],
        ...(t.customer_name ? ([['cliente', t.customer_name]] as [string, string][]) : []),
      ],
    },
  }));
}

// Deals -----------------------------------------------------------------------------------------

export interface DealFacts {
  id: string;
  title: string;
  valueCents: number;
  stageName: string;
  daysInStage: number;
  customerName: string | null;
  record: ContextRecord;
}

/**
 * Open deals, biggest first; `stalledDays`: only those in their stage for longer, longest first;
 * `stageWords`: only stages whose name the question says; `customerIds`: only theirs.
 */
export async function openDeals(
  q: Queryable,
  companyId: string,
  options: { now: Date; normalized?: string; stalledDays?: number; customerIds?: string[]; limit?: number },
): Promise<DealFacts[]> {
  const { rows } = await q.query<{
    id: string;
    title: string;
    value_cents: number;
    stage_name: string;
    stage_entered_at: Timestamp;
    customer_name: string | null;
  }>(
    `SELECT d.id, d.title, d.value_cents, s.name AS stage_name, d.stage_entered_at, c.name AS customer_name
       FROM deals d
       JOIN deal_stages s ON s.company_id = d.company_id AND s.id = d.stage_id
       LEFT JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
      WHERE d.company_id = $1 AND d.status = 'open'
        AND ($3::int IS NULL OR d.stage_entered_at < $2::timestamptz - make_interval(days => $3::int))
        AND ($4::text IS NULL OR strpos($4, ' ' || service_name_key(s.name) || ' ') > 0)
        AND ($5::uuid[] IS NULL OR d.customer_id = ANY($5::uuid[]))
      ORDER BY CASE WHEN $3::int IS NULL THEN 0 ELSE extract(epoch FROM d.stage_entered_at) END,
               d.value_cents DESC, d.id
      LIMIT $6`,
    [
      companyId,
      options.now,
      options.stalledDays ?? null,
      options.normalized === undefined ? null : ` ${options.normalized} `,
      options.customerIds ?? null,
      options.limit ?? 15,
    ],
  );
  return rows.map((d) => {
    const days = daysSince(d.stage_entered_at, options.now);
    return {
      id: d.id,
      title: d.title,
      valueCents: d.value_cents,
      stageName: d.stage_name,
      daysInStage: days,
      customerName: d.customer_name,
      record: {
        kind: 'deal',
        id: d.id,
        label: d.title,
        href: recordLinks.deal(d.id),
        fields: [
          ['título', d.title],
          ['etapa', d.stage_name],
          ['valor', brl(d.value_cents)],
          ['dias na etapa', String(days)],
          ...(d.customer_name ? ([['cliente', d.customer_name]] as [string, string][]) : []),
        ],
      },
    };
  });
}

/** Whether the question names one of the company's open stages ("em negociação"). */
export async function namesAnOpenStage(
  q: Queryable,
  companyId: string,
  normalized: string,
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM deal_stages
      WHERE company_id = $1 AND kind = 'open' AND strpos($2, ' ' || service_name_key(name) || ' ') > 0
      LIMIT 1`,
    [companyId, ` ${normalized} `],
  );
  return rows.length > 0;
}

// Services --------------------------------------------------------------------------------------

export interface ServiceFacts {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  record: ContextRecord;
}

/** Active services the question names (a word of theirs); `all`: the catalogue, by name. */
export async function activeServices(
  q: Queryable,
  companyId: string,
  options: { words: string[]; all: boolean; limit?: number },
): Promise<ServiceFacts[]> {
  const { rows } = await q.query<{
    id: string;
    name: string;
    description: string | null;
    price_cents: number;
  }>(
    `SELECT id, name, description, price_cents FROM services
      WHERE company_id = $1 AND active
        AND ($3 OR string_to_array(service_name_key(name), ' ') && $2::text[])
      ORDER BY (string_to_array(service_name_key(name), ' ') && $2::text[]) DESC, service_name_key(name), id
      LIMIT $4`,
    [companyId, options.words, options.all, options.limit ?? 12],
  );
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    priceCents: s.price_cents,
    record: {
      kind: 'service',
      id: s.id,
      label: s.name,
      href: recordLinks.service(s.id),
      fields: [
        ['nome', s.name],
        ['preço', brl(s.price_cents)],
        ...(s.description ? ([['descrição', s.description]] as [string, string][]) : []),
      ],
    },
  }));
}

// Conversation ----------------------------------------------------------------------------------

export interface MessageFacts {
  id: string;
  customerId: string;
  customerName: string;
  inbound: boolean;
  body: string | null;
  sentAt: Timestamp;
  record: ContextRecord;
}

/** The newest messages of one customer's conversation, in the order they were sent. */
export async function recentMessages(
  q: Queryable,
  companyId: string,
  customer: { id: string; name: string },
  timezone: string,
  limit = 6,
): Promise<MessageFacts[]> {
  const { rows } = await q.query<{
    id: string;
    direction: string;
    body: string | null;
    type: string;
    sent_at: Timestamp;
  }>(
    `SELECT id, direction, body, type, sent_at FROM conversation_messages
      WHERE company_id = $1 AND customer_id = $2
      ORDER BY sent_at DESC, id DESC LIMIT $3`,
    [companyId, customer.id, limit],
  );
  return rows.reverse().map((m) => {
    const inbound = m.direction === 'inbound';
    const when = localDateTime(m.sent_at, timezone);
    return {
      id: m.id,
      customerId: customer.id,
      customerName: customer.name,
      inbound,
      body: m.body,
      sentAt: m.sent_at,
      record: {
        kind: 'conversation',
        id: m.id,
        label: `${customer.name}, ${when}`,
        href: recordLinks.customer(customer.id),
        fields: [
          ['de', inbound ? `cliente ${customer.name}` : 'empresa'],
          ['quando', when],
          ['texto', m.body ?? `(${m.type})`],
        ],
      },
    };
  });
}
