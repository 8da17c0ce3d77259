import { type ConversationMessage, conversationMediaUrl } from '../../../contracts/conversation';
import type { PageInfo } from '../../../contracts/pagination';
import { isoMicrosecondsSql, type Timestamp } from '../../db/timestamp';
import type { Queryable, Row } from '../../db/types';
import { keysetPage } from '../../http/keyset-cursor';
import { personNameSql, toPerson } from '../activity/person';
import { customerNotFound } from '../customers/customer-id';
import { decodeConversationCursor, encodeConversationCursor } from './conversation-cursor';

interface MessageRow extends Row {
  id: string;
  wamid: string;
  direction: ConversationMessage['direction'];
  origin: ConversationMessage['origin'];
  type: string;
  body: string | null;
  details: Record<string, unknown> | null;
  reply_to_wamid: string | null;
  status: ConversationMessage['status'];
  error_code: string | null;
  error_title: string | null;
  sent_at: Timestamp;
  sort_at: string;
  sent_by_user_id: string | null;
  sent_by_name: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function media(row: MessageRow): ConversationMessage['media'] {
  const details = row.details ?? {};
  if (typeof details.mediaId !== 'string') return null;
  return {
    url: conversationMediaUrl.replace(':messageId', row.id),
    mimeType: text(details.mimeType),
    fileName: text(details.fileName),
    voice: details.voice === true,
  };
}

function location(row: MessageRow): ConversationMessage['location'] {
  const details = row.details ?? {};
  if (
    row.type !== 'location' ||
    typeof details.latitude !== 'number' ||
    typeof details.longitude !== 'number'
  ) {
    return null;
  }
  return {
    latitude: details.latitude,
    longitude: details.longitude,
    name: text(details.name),
    address: text(details.address),
  };
}

/**
 * A page of the customer's conversation, newest first (keyset on sent_at, id). Reactions are not
 * items: each message carries the latest reaction of each side (an empty emoji took it back); a
 * reply names the message it answers when that one is in the conversation.
 */
export async function listConversation(
  db: Queryable,
  companyId: string,
  customerId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ items: ConversationMessage[]; pageInfo: PageInfo }> {
  const after = query.cursor === undefined ? null : decodeConversationCursor(query.cursor);
  const customer = await db.query('SELECT 1 FROM customers WHERE company_id = $1 AND id = $2', [
    companyId,
    customerId,
  ]);
  if (customer.rows.length === 0) throw customerNotFound();

  const { rows } = await db.query<MessageRow>(
    `SELECT m.id, m.wamid, m.direction, m.origin, m.type, m.body, m.details, m.reply_to_wamid, m.status,
            m.error_code, m.error_title, m.sent_at, ${isoMicrosecondsSql('m.sent_at')} AS sort_at,
            m.sent_by_user_id, ${personNameSql('u')} AS sent_by_name
       FROM conversation_messages m LEFT JOIN users u ON u.id = m.sent_by_user_id
      WHERE m.company_id = $1 AND m.customer_id = $2 AND m.type <> 'reaction'
        AND ($3::timestamptz IS NULL OR (m.sent_at, m.id) < ($3::timestamptz, $4::uuid))
      ORDER BY m.sent_at DESC, m.id DESC
      LIMIT $5`,
    [companyId, customerId, after?.at ?? null, after?.id ?? null, query.limit + 1],
  );
  const page = keysetPage(rows, query.limit, (last) =>
    encodeConversationCursor({ at: last.sort_at, id: last.id }),
  );

  const wamids = page.rows.map((row) => row.wamid);
  const replyWamids = [
    ...new Set(page.rows.map((row) => row.reply_to_wamid).filter((w): w is string => !!w)),
  ];
  const [reactionRows, replyRows] = await Promise.all([
    wamids.length === 0
      ? { rows: [] }
      : db.query<{
          reply_to_wamid: string;
          body: string | null;
          direction: ConversationMessage['direction'];
        }>(
          `SELECT reply_to_wamid, body, direction FROM conversation_messages
            WHERE company_id = $1 AND customer_id = $2 AND type = 'reaction' AND reply_to_wamid = ANY($3::text[])
            ORDER BY sent_at, id`,
          [companyId, customerId, wamids],
        ),
    replyWamids.length === 0
      ? { rows: [] }
      : db.query<{
          id: string;
          wamid: string;
          type: string;
          body: string | null;
          direction: ConversationMessage['direction'];
        }>(
          `SELECT id, wamid, type, body, direction FROM conversation_messages
            WHERE company_id = $1 AND customer_id = $2 AND wamid = ANY($3::text[])`,
          [companyId, customerId, replyWamids],
        ),
  ]);

  // The latest reaction of each side wins; an empty one removes it (as WhatsApp shows them).
  const reactions = new Map<string, Map<ConversationMessage['direction'], string>>();
  for (const reaction of reactionRows.rows) {
    const sides = reactions.get(reaction.reply_to_wamid) ?? new Map();
    if (reaction.body) sides.set(reaction.direction, reaction.body);
    else sides.delete(reaction.direction);
    reactions.set(reaction.reply_to_wamid, sides);
  }
  const replies = new Map(replyRows.rows.map((row) => [row.wamid, row]));

  const items = page.rows.map((row): ConversationMessage => {
    const reply = row.reply_to_wamid ? replies.get(row.reply_to_wamid) : undefined;
    return {
      id: row.id,
      wamid: row.wamid,
      direction: row.direction,
      origin: row.origin,
      type: row.type,
      body: row.body,
      media: media(row),
      location: location(row),
      replyTo: reply
        ? { id: reply.id, type: reply.type, body: reply.body, direction: reply.direction }
        : null,
      reactions: [...(reactions.get(row.wamid) ?? new Map()).entries()].map(([direction, emoji]) => ({
        emoji,
        direction,
      })),
      status: row.status,
      error: row.error_code ? { code: row.error_code, title: row.error_title } : null,
      sentAt: row.sent_at,
      sentBy: toPerson(row.sent_by_user_id, row.sent_by_name),
    };
  });
  return { items, pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor } };
}
