import { isoMicrosecondsSql } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { requeueFollowUpSend } from '../tasks/follow-up-job';
import type { FollowUpProblemCode } from './follow-up-problems';
import { flagUndeliverable, moveFollowUps, publishChanged } from './follow-up-state';

/** Meta's codes of a `failed` status that say why, as the follow-up shows them. */
const FAILED_CODES: readonly FollowUpProblemCode[] = [
  '131047',
  '131026',
  '131048',
  '131049',
  '132000',
  '132001',
];

interface SentFollowUp extends Record<string, unknown> {
  id: string;
  company_id: string;
  task_id: string | null;
  customer_id: string;
  sent_as: 'text' | 'template' | null;
  scheduled_for_at: string;
  message_status: 'sent' | 'delivered' | 'read' | 'failed' | null;
  error_code: string | null;
  has_template: boolean;
}

/**
 * The conversation message `messageId` moved forward (a status webhook, or a pending status applied
 * when it was stored): the follow-ups it carries follow, in one statement per outcome.
 * - delivered, read: open tabs are told (the follow-up shows its message's status).
 * - failed 131047 on free text: sent again as the company's template (a new attempt), or failed
 *   NO_TEMPLATE without one; 131026: failed and the customer flagged; any other failure: failed.
 */
export async function followUpFollowsStatus(
  tx: Queryable,
  companyId: string,
  messageId: string,
): Promise<void> {
  const { rows } = await tx.query<SentFollowUp>(
    `SELECT f.id, f.company_id, f.task_id, f.customer_id, f.sent_as,
            ${isoMicrosecondsSql('f.scheduled_for')} AS scheduled_for_at,
            m.status AS message_status, m.error_code,
            (c.follow_up_template_name IS NOT NULL) AS has_template
       FROM follow_up_messages f
       JOIN conversation_messages m ON m.company_id = f.company_id AND m.id = f.conversation_message_id
       LEFT JOIN whatsapp_connections c ON c.company_id = f.company_id AND c.status <> 'disconnected'
      WHERE f.company_id = $1 AND f.conversation_message_id = $2 AND f.status = 'sent'
        FOR UPDATE OF f`,
    [companyId, messageId],
  );
  if (rows.length === 0) return;
  const status = rows[0]!.message_status;
  if (status === 'delivered' || status === 'read') {
    await publishChanged(
      tx,
      rows.map((row) => ({ ...row, status })),
    );
    return;
  }
  if (status !== 'failed') return;

  const code = rows[0]!.error_code;
  const ids = rows.map((row) => row.id);
  if (code === '131047') {
    const resend = rows.filter((row) => row.sent_as === 'text' && row.has_template);
    for (const row of resend) {
      await requeueFollowUpSend(
        tx,
        companyId,
        { followUpMessageId: row.id, scheduledFor: row.scheduled_for_at, asTemplate: true },
        new Date(),
      );
    }
    await moveFollowUps(
      tx,
      companyId,
      resend.map((row) => row.id),
      ['sent'],
      'scheduled',
      null,
    );
    const stuck = ids.filter((id) => !resend.some((row) => row.id === id));
    await moveFollowUps(tx, companyId, stuck, ['sent'], 'failed', 'NO_TEMPLATE');
    return;
  }
  if (code === '131026') {
    for (const customerId of new Set(rows.map((row) => row.customer_id))) {
      await flagUndeliverable(tx, companyId, customerId);
    }
  }
  const known = FAILED_CODES.find((known) => known === code);
  await moveFollowUps(tx, companyId, ids, ['sent'], 'failed', known ?? 'GAVE_UP');
}
