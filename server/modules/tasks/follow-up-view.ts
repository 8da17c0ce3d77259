import type { FollowUpMessage, FollowUpStatus } from '../../../contracts/tasks';
import type { Timestamp } from '../../db/timestamp';
import { followUpProblem } from '../whatsapp-sending/follow-up-problems';

/**
 * A follow-up as the API answers it, read from its row and the conversation message it became
 * (whose delivery status WhatsApp's webhooks keep). Queries select FOLLOW_UP_COLUMNS from
 * follow_up_messages `m` joined with FOLLOW_UP_MESSAGE_JOIN.
 */
export const FOLLOW_UP_COLUMNS = `m.id, m.task_id, m.customer_id, m.body, m.scheduled_for, m.status, m.sent_at,
  m.last_error, m.problem_code, m.sent_as, m.conversation_message_id,
  cm.status AS delivery_status, cm.error_code AS delivery_error_code`;

export const FOLLOW_UP_MESSAGE_JOIN = `LEFT JOIN conversation_messages cm
  ON cm.company_id = m.company_id AND cm.id = m.conversation_message_id`;

export interface FollowUpViewRow extends Record<string, unknown> {
  id: string;
  task_id: string | null;
  customer_id: string;
  body: string;
  scheduled_for: Timestamp;
  status: FollowUpStatus;
  sent_at: Timestamp | null;
  last_error: string | null;
  problem_code: string | null;
  sent_as: 'text' | 'template' | null;
  conversation_message_id: string | null;
  delivery_status: 'sent' | 'delivered' | 'read' | 'failed' | null;
  delivery_error_code: string | null;
}

/** Statuses of a message that has not gone out yet and still may without the owner doing anything. */
const UNSENT: readonly FollowUpStatus[] = ['scheduled', 'waiting_connection'];
const isUnsent = (status: FollowUpStatus) => UNSENT.includes(status);

/** A sent follow-up is as far as its conversation message got: delivered, read or failed. */
function statusOf(row: FollowUpViewRow): FollowUpStatus {
  if (row.status !== 'sent' || row.delivery_status === null || row.delivery_status === 'sent')
    return row.status;
  return row.delivery_status;
}

/** `connected`: the company's WhatsApp can send now (else an unsent one is "aguardando conexão"). */
export function followUpView(row: FollowUpViewRow, connected: boolean): FollowUpMessage {
  const status = statusOf(row);
  // Failed after it went out: Meta's code on the conversation message says why, unless the row has its own.
  const code = row.problem_code ?? (status === 'failed' ? row.delivery_error_code : null);
  const problem = followUpProblem(code, row.last_error);
  return {
    id: row.id,
    taskId: row.task_id,
    customerId: row.customer_id,
    message: row.body,
    scheduledFor: row.scheduled_for,
    status,
    awaitingConnection: !connected && isUnsent(row.status),
    sentAs: row.sent_as,
    sentAt: row.sent_at,
    conversationMessageId: row.conversation_message_id,
    problem,
    lastError: problem?.text ?? null,
  };
}
