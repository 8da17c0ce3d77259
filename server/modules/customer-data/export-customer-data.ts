import type { CustomerDataFile, ExportedMessage } from '../../../contracts/customer-data';
import { searchText } from '../../../contracts/search-text';
import { isoMicrosecondsSql, type Timestamp } from '../../db/timestamp';
import type { Db, Queryable } from '../../db/types';
import type { GraphClient } from '../../integrations/whatsapp/graph-client';
import { activityOf } from '../activity/read-activity';
import { companyToday } from '../company/company-today';
import { customerNotFound } from '../customers/customer-id';
import { type CustomerRow, customerColumns } from '../customers/customer-row';
import type { TokenSeal } from '../whatsapp-connections/connection-context';
import { recordAuditEvent } from './audit-events';
import { exportedMedia, type MediaSource } from './media-file';

/** Messages read per query: a long conversation is never whole in memory. */
const MESSAGES_PER_PAGE = 100;

export interface CustomerDataExport {
  /** dados-{name}-AAAA-MM-DD.json (today in the company's time zone). */
  filename: string;
  /** The JSON file: the record, tasks, deals and blocklist first, then the conversation page by page. */
  chunks(): AsyncGenerator<string>;
}

/** WhatsApp's Graph client and the company's sealed tokens; null when WhatsApp is not set up. */
export type MediaAccess = { graph: GraphClient; tokens: TokenSeal } | null;

type Head = Omit<CustomerDataFile, 'conversation'>;

/** The record as the customer API reads it, and what else the company keeps about them. */
interface CustomerDataRow extends CustomerRow {
  whatsapp_user_id: string | null;
  phone_key: string | null;
  last_inbound_at: Timestamp | null;
  follow_ups_paused_at: Timestamp | null;
  whatsapp_undeliverable_at: Timestamp | null;
  erased_at: Timestamp | null;
}

interface FollowUpRow extends Record<string, unknown> {
  id: string;
  task_id: string | null;
  body: string;
  scheduled_for: Timestamp;
  status: string;
  sent_as: string | null;
  sent_at: Timestamp | null;
  conversation_message_id: string | null;
  created_at: Timestamp;
}

interface MessageRow extends Record<string, unknown> {
  id: string;
  wamid: string;
  direction: ExportedMessage['direction'];
  origin: string;
  type: string;
  body: string | null;
  details: Record<string, unknown> | null;
  reply_to_wamid: string | null;
  status: string | null;
  error_code: string | null;
  error_title: string | null;
  sent_at: Timestamp;
  sort_at: string;
}

/** "Ana Souza" → "ana-souza": file names stay plain ASCII. */
function nameSlug(name: string): string {
  const slug = searchText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'cliente';
}

const followUpOf = (row: FollowUpRow) => ({
  id: row.id,
  message: row.body,
  scheduledFor: row.scheduled_for,
  status: row.status,
  sentAs: row.sent_as,
  sentAt: row.sent_at,
  conversationMessageId: row.conversation_message_id,
  createdAt: row.created_at,
});

/** Everything but the conversation, read with the audit entry in one transaction. */
async function readHead(
  tx: Queryable,
  caller: { userId: string; companyId: string },
  customerId: string,
): Promise<{ head: Head; sealedToken: string | null }> {
  const { companyId } = caller;
  const found = await tx.query<CustomerDataRow>(
    `SELECT ${customerColumns()}, whatsapp_user_id, phone_key, last_inbound_at, follow_ups_paused_at,
            whatsapp_undeliverable_at, erased_at
       FROM customers WHERE company_id = $1 AND id = $2`,
    [companyId, customerId],
  );
  const customer = found.rows[0];
  if (!customer) throw customerNotFound();
  await recordAuditEvent(tx, caller, 'customer.exported', customerId);

  const tasks = await tx.query<{
    id: string;
    title: string;
    description: string | null;
    status: string;
    due_at: Timestamp;
    completed_at: Timestamp | null;
    recurrence: string;
    created_at: Timestamp;
  }>(
    `SELECT id, title, description, status, due_at, completed_at, recurrence, created_at
       FROM tasks WHERE company_id = $1 AND customer_id = $2 ORDER BY due_at, id`,
    [companyId, customerId],
  );
  const followUps = await tx.query<FollowUpRow>(
    `SELECT id, task_id, body, scheduled_for, status, sent_as, sent_at, conversation_message_id, created_at
       FROM follow_up_messages WHERE company_id = $1 AND customer_id = $2 ORDER BY scheduled_for, id`,
    [companyId, customerId],
  );
  const deals = await tx.query<{
    id: string;
    title: string;
    value_cents: number;
    status: string;
    stage_name: string;
    created_at: Timestamp;
    updated_at: Timestamp;
  }>(
    `SELECT d.id, d.title, d.value_cents, d.status, s.name AS stage_name, d.created_at, d.updated_at
       FROM deals d JOIN deal_stages s ON s.company_id = d.company_id AND s.id = d.stage_id
      WHERE d.company_id = $1 AND d.customer_id = $2 ORDER BY d.created_at, d.id`,
    [companyId, customerId],
  );
  const blocked = customer.phone_key
    ? await tx.query<{ name: string; phone: string; created_at: Timestamp }>(
        'SELECT name, phone, created_at FROM whatsapp_blocklist WHERE company_id = $1 AND phone_key = $2',
        [companyId, customer.phone_key],
      )
    : { rows: [] };
  const connection = await tx.query<{ token: string }>(
    `SELECT access_token_encrypted AS token FROM whatsapp_connections
      WHERE company_id = $1 AND status <> 'disconnected' AND access_token_encrypted IS NOT NULL
      LIMIT 1`,
    [companyId],
  );

  const byTask = new Map<string, FollowUpRow[]>();
  for (const row of followUps.rows) {
    if (row.task_id) byTask.set(row.task_id, [...(byTask.get(row.task_id) ?? []), row]);
  }
  const taskIds = new Set(tasks.rows.map((task) => task.id));
  const block = blocked.rows[0];
  return {
    sealedToken: connection.rows[0]?.token ?? null,
    head: {
      format: 'fechai.customer-data.v1',
      exportedAt: new Date().toISOString(),
      customer: {
        id: customer.id,
        name: customer.name,
        phone: customer.phone,
        email: customer.email,
        notes: customer.notes,
        tags: customer.tags ?? [],
        source: customer.source,
        whatsappUserId: customer.whatsapp_user_id,
        createdAt: customer.created_at,
        updatedAt: customer.updated_at,
        lastContactAt: customer.last_contact_at,
        lastInboundAt: customer.last_inbound_at,
        followUpsPausedAt: customer.follow_ups_paused_at,
        whatsappUndeliverableAt: customer.whatsapp_undeliverable_at,
        erasedAt: customer.erased_at,
      },
      tasks: tasks.rows.map((task) => ({
        id: task.id,
        title: task.title,
        description: task.description,
        status: task.status,
        dueAt: task.due_at,
        completedAt: task.completed_at,
        recurrence: task.recurrence,
        createdAt: task.created_at,
        followUps: (byTask.get(task.id) ?? []).map(followUpOf),
      })),
      followUpsWithoutTask: followUps.rows
        .filter((row) => !row.task_id || !taskIds.has(row.task_id))
        .map(followUpOf),
      deals: deals.rows.map((deal) => ({
        id: deal.id,
        title: deal.title,
        valueCents: deal.value_cents,
        status: deal.status,
        stageName: deal.stage_name,
        createdAt: deal.created_at,
        updatedAt: deal.updated_at,
      })),
      blocklist: block ? { name: block.name, phone: block.phone, createdAt: block.created_at } : null,
      activity: await activityOf(tx, companyId, { customerId }),
    },
  };
}

async function exportedMessage(row: MessageRow, media: MediaSource | null): Promise<ExportedMessage> {
  const details = row.details ?? {};
  return {
    id: row.id,
    wamid: row.wamid,
    direction: row.direction,
    origin: row.origin,
    type: row.type,
    body: row.body,
    details,
    replyToWamid: row.reply_to_wamid,
    status: row.status,
    error: row.error_code ? { code: row.error_code, title: row.error_title } : null,
    sentAt: row.sent_at,
    media: await exportedMedia(media, details),
  };
}

/** The Graph client with the company's opened token; null (files listed as unavailable) without one. */
async function mediaSource(
  access: MediaAccess,
  sealedToken: string | null,
  companyId: string,
): Promise<MediaSource | null> {
  if (!access || !sealedToken) return null;
  try {
    return { graph: access.graph, token: await access.tokens.open(sealedToken, companyId) };
  } catch {
    // A token that no longer opens (the key changed) costs the files, not the rest of the export.
    return null;
  }
}

/**
 * GET /api/customers/:id/data-export: everything the company holds about one customer as one JSON
 * file. The record, tasks with their follow-ups, deals and blocklist entry are read (and the export
 * recorded in the audit trail) before the first byte, so a failure there is still an envelope; the
 * conversation follows a page at a time, each media file fetched from WhatsApp with the company's
 * token and embedded, or listed with why it could not be.
 */
export async function customerDataExport(
  db: Db,
  mediaAccess: MediaAccess,
  caller: { userId: string; companyId: string },
  customerId: string,
): Promise<CustomerDataExport> {
  const { companyId } = caller;
  const { head, sealedToken } = await db.transaction((tx) => readHead(tx, caller, customerId));
  const { today } = await companyToday(db, companyId);
  const media = await mediaSource(mediaAccess, sealedToken, companyId);

  const readPage = (after: MessageRow | null) =>
    db.query<MessageRow>(
      `SELECT id, wamid, direction, origin, type, body, details, reply_to_wamid, status, error_code,
              error_title, sent_at, ${isoMicrosecondsSql('sent_at')} AS sort_at
         FROM conversation_messages
        WHERE company_id = $1 AND customer_id = $2
          AND ($3::timestamptz IS NULL OR (sent_at, id) > ($3::timestamptz, $4::uuid))
        ORDER BY sent_at, id
        LIMIT ${MESSAGES_PER_PAGE}`,
      [companyId, customerId, after?.sort_at ?? null, after?.id ?? null],
    );

  return {
    filename: `dados-${nameSlug(head.customer.name)}-${today}.json`,
    async *chunks() {
      // The head as one JSON object whose last member, the conversation, is left open.
      yield `${JSON.stringify(head).slice(0, -1)},"conversation":[`;
      let first = true;
      let page = (await readPage(null)).rows;
      while (page.length > 0) {
        for (const row of page) {
          yield (first ? '' : ',') + JSON.stringify(await exportedMessage(row, media));
          first = false;
        }
        if (page.length < MESSAGES_PER_PAGE) break;
        page = (await readPage(page.at(-1) ?? null)).rows;
      }
      yield ']}';
    },
  };
}
