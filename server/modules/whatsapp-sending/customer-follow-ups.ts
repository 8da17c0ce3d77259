import type { FollowUpMessage } from '../../../contracts/tasks';
import type { Queryable } from '../../db/types';
import {
  FOLLOW_UP_COLUMNS,
  FOLLOW_UP_MESSAGE_JOIN,
  type FollowUpViewRow,
  followUpView,
} from '../tasks/follow-up-view';
import { canSendOnWhatsapp, companyWhatsappConnection } from '../whatsapp-status/company-connection';

/** More than any customer has pending; the list is not paged. */
const LIST_MAX = 200;

type CustomerFollowUp = FollowUpMessage & { taskTitle: string | null };

/**
 * The customer's follow-ups that have not reached their end (GET /api/customers/:id/follow-ups):
 * waiting for their time or a connection, paused, on their way, expired or failed before leaving,
 * while a pending task still carries them. Scheduled ones first, each group by time. Null when the
 * customer is not the company's.
 */
export async function listCustomerFollowUps(
  q: Queryable,
  companyId: string,
  customerId: string,
): Promise<CustomerFollowUp[] | null> {
  const { rows: customer } = await q.query('SELECT 1 FROM customers WHERE company_id = $1 AND id = $2', [
    companyId,
    customerId,
  ]);
  if (customer.length === 0) return null;
  const { rows } = await q.query<FollowUpViewRow & { task_title: string | null }>(
    `SELECT ${FOLLOW_UP_COLUMNS}, t.title AS task_title
       FROM follow_up_messages m
       ${FOLLOW_UP_MESSAGE_JOIN}
       LEFT JOIN tasks t ON t.company_id = m.company_id AND t.id = m.task_id
      WHERE m.company_id = $1 AND m.customer_id = $2
        AND (m.status IN ('scheduled', 'waiting_connection', 'paused', 'sending', 'expired')
             OR (m.status = 'failed' AND m.sent_at IS NULL))
        AND (m.task_id IS NULL OR (t.status = 'pending' AND t.reference_entity_name = 'follow_up_message'
                                    AND t.reference_entity_id = m.id))
      ORDER BY m.status = 'scheduled' DESC, m.scheduled_for, m.id
      LIMIT ${LIST_MAX}`,
    [companyId, customerId],
  );
  const connected = canSendOnWhatsapp(await companyWhatsappConnection(q, companyId));
  return rows.map((row) => ({ ...followUpView(row, connected), taskTitle: row.task_title }));
}
