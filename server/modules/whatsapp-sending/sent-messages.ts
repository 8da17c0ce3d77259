import { realtimeEvent } from '../../../contracts/realtime';
import type { Queryable } from '../../db/types';
import { publishEvents } from '../../realtime/event-bus';
import { recordActivity } from '../activity/record-activity';
import {
  applyPendingStatuses,
  insertConversationMessage,
  touchCustomer,
} from '../whatsapp-webhooks/conversation-store';
import { followUpFollowsStatus } from './follow-up-delivery';
import { followUpChangeEvents } from './follow-up-events';
import { changesOf } from './follow-up-state';
import type { SendAttempt } from './send-attempts';

/** What the customer reads: the text, or the template's parameters (the follow-up's text). */
function contentOf(attempt: SendAttempt) {
  if (attempt.sentAs === 'text') {
    return { type: 'text', body: attempt.body, details: {}, replyToWamid: null };
  }
  return {
    type: 'template',
    body: attempt.templateParameters?.join(' ') ?? null,
    details: {
      template: {
        name: attempt.templateName,
        language: attempt.templateLanguage,
        parameters: attempt.templateParameters ?? [],
      },
    },
    replyToWamid: null,
  };
}

/**
 * Meta took the attempt's message as `wamid`: it joins the customer's conversation (origin app; a
 * status that arrived first is applied), the customer's last contact moves (not the 24-hour window),
 * and its follow-up, if any, is sent (also one given up as uncertain: it did go out). Open tabs are
 * told on commit. Answers the conversation message's id (null if the wamid was stored already).
 * Call under lockWamid, taken before the attempt's row is touched: a status webhook of the same wamid
 * takes them in that order too, so the two never wait for each other.
 */
export async function storeSentMessage(
  tx: Queryable,
  attempt: SendAttempt,
  wamid: string,
): Promise<string | null> {
  const { companyId, customerId } = attempt;
  const sentAt = new Date();
  const id = await insertConversationMessage(tx, {
    companyId,
    customerId,
    connectionId: attempt.connectionId,
    wamid,
    direction: 'outbound',
    origin: 'app',
    content: contentOf(attempt),
    status: null,
    sentAt,
    sentByUserId: attempt.sentByUserId,
  });
  if (!id) return null;
  await touchCustomer(tx, companyId, customerId, sentAt, false);
  await recordActivity(tx, {
    companyId,
    actorUserId: attempt.sentByUserId,
    action: 'message.sent',
    customerId,
    details: { via: attempt.followUpMessageId ? 'follow_up' : 'reply' },
  });
  // Told on commit, in one statement: the follow-up sent, then the message in the conversation.
  const events = [];
  if (attempt.followUpMessageId) {
    const { rows } = await tx.query<{
      id: string;
      company_id: string;
      task_id: string | null;
      customer_id: string;
      status: 'sent';
    }>(
      `UPDATE follow_up_messages
          SET status = 'sent', sent_at = now(), sent_as = $3, conversation_message_id = $4,
              problem_code = NULL, last_error = NULL
        WHERE company_id = $1 AND id = $2
          AND (status = 'sending' OR (status = 'failed' AND problem_code = 'UNCERTAIN'))
        RETURNING id, company_id, task_id, customer_id, status`,
      [companyId, attempt.followUpMessageId, attempt.sentAs, id],
    );
    events.push(...followUpChangeEvents(changesOf(rows)));
  }
  events.push({ companyId, event: realtimeEvent('message.received', { messageId: id, customerId }) });
  await publishEvents(tx, events);
  if (await applyPendingStatuses(tx, companyId, wamid)) await followUpFollowsStatus(tx, companyId, id);
  return id;
}
