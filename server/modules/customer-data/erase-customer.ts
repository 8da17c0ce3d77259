import {
  ERASE_CONFIRM_MISMATCH_TEXT,
  ERASED_CUSTOMER_NAME,
  ERASED_FOLLOW_UP_TEXT,
} from '../../../contracts/customer-data';
import type { Customer } from '../../../contracts/customers';
import { realtimeEvent } from '../../../contracts/realtime';
import type { Timestamp } from '../../db/timestamp';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { publishEvent } from '../../realtime/event-bus';
import { customerNotFound } from '../customers/customer-id';
import { type CustomerRow, customerColumns, toCustomer } from '../customers/customer-row';
import { type FollowUpChange, publishFollowUpChanges } from '../whatsapp-sending/follow-up-events';
import { recordAuditEvent } from './audit-events';
import { eraseAiMentions } from './erase-ai-mentions';

/** Follow-ups that could still go out (by their time, a connection, a resume or "enviar agora"). */
const STILL_TO_SEND = ['scheduled', 'waiting_connection', 'paused', 'expired', 'failed'];

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

/**
 * POST /api/customers/:id/erase (a manager's, by its contract's minRole), in one transaction: what
 * names the customer goes (their record's personal fields, message bodies and WhatsApp details,
 * follow-up texts, what was sent to Meta, what the AI wrote about them), the rows stay with their
 * types and times so counts and the dashboard add up, follow-ups that could still go out are
 * cancelled, and an audit entry says who did it. The confirmation is the name the person sees; an
 * erased customer's is "Cliente removido", and erasing again changes nothing.
 */
export async function eraseCustomer(
  db: Db,
  caller: { userId: string; companyId: string },
  customerId: string,
  confirm: string,
): Promise<Customer> {
  const { companyId } = caller;
  return db.transaction(async (tx) => {
    const found = await tx.query<CustomerRow & { erased_at: Timestamp | null }>(
      `SELECT ${customerColumns()}, erased_at FROM customers WHERE company_id = $1 AND id = $2 FOR UPDATE`,
      [companyId, customerId],
    );
    const customer = found.rows[0];
    if (!customer) throw customerNotFound();
    if (!sameName(customer.name, confirm)) {
      throw new HttpError(400, 'VALIDATION_ERROR', ERASE_CONFIRM_MISMATCH_TEXT, [
        { path: 'confirm', message: ERASE_CONFIRM_MISMATCH_TEXT },
      ]);
    }
    if (customer.erased_at !== null) return toCustomer(customer);

    await tx.query(
      `UPDATE conversation_messages SET body = NULL, details = '{}', updated_at = now()
        WHERE company_id = $1 AND customer_id = $2`,
      [companyId, customerId],
    );
    const cancelled = await tx.query<{ id: string; task_id: string | null }>(
      `UPDATE follow_up_messages SET status = 'cancelled', problem_code = NULL, last_error = NULL
        WHERE company_id = $1 AND customer_id = $2 AND status = ANY($3::text[]) AND sent_at IS NULL
        RETURNING id, task_id`,
      [companyId, customerId, STILL_TO_SEND],
    );
    await tx.query(
      `UPDATE follow_up_messages SET body = $3, updated_at = now() WHERE company_id = $1 AND customer_id = $2`,
      [companyId, customerId, ERASED_FOLLOW_UP_TEXT],
    );
    // Titles and stage names may name them; who did what, and when, stays.
    await tx.query(`UPDATE activity_events SET details = '{}' WHERE company_id = $1 AND customer_id = $2`, [
      companyId,
      customerId,
    ]);
    await tx.query(
      `UPDATE whatsapp_send_attempts SET body = NULL, template_parameters = NULL, recipient = '', wa_id = NULL
        WHERE company_id = $1 AND customer_id = $2`,
      [companyId, customerId],
    );
    await eraseAiMentions(tx, caller, customerId);
    const erased = await tx.query<CustomerRow>(
      `UPDATE customers
          SET name = $3, phone = NULL, email = NULL, notes = NULL, tags = '{}', whatsapp_user_id = NULL,
              whatsapp_undeliverable_at = NULL, follow_ups_paused_at = NULL, erased_at = now(), updated_at = now()
        WHERE company_id = $1 AND id = $2
       RETURNING ${customerColumns()}`,
      [companyId, customerId, ERASED_CUSTOMER_NAME],
    );
    await recordAuditEvent(tx, caller, 'customer.erased', customerId);
    await publishEvent(tx, companyId, realtimeEvent('customer.changed', { customerId, change: 'erased' }));
    if (cancelled.rows.length > 0) {
      await publishFollowUpChanges(
        tx,
        cancelled.rows.map(
          (row): FollowUpChange => ({
            companyId,
            followUpMessageId: row.id,
            taskId: row.task_id,
            customerId,
            status: 'cancelled',
          }),
        ),
      );
    }
    return toCustomer(erased.rows[0]!);
  });
}
