import type { CustomerWhatsapp } from '../../../contracts/whatsapp-sending';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { canSendOnWhatsapp, companyWhatsappConnection } from '../whatsapp-status/company-connection';

/**
 * The customer's side of sending (GET /api/customers/:id/whatsapp): the 24-hour window their last
 * message opened (echoes never open it), the pause a reply from the phone set, whether WhatsApp said
 * the number cannot receive, and whether the company's connection can send now. Null when the
 * customer is not the company's.
 */
export async function customerWhatsapp(
  q: Queryable,
  companyId: string,
  customerId: string,
): Promise<CustomerWhatsapp | null> {
  const { rows } = await q.query<{
    window_closes_at: Timestamp | null;
    follow_ups_paused_at: Timestamp | null;
    undeliverable: boolean;
  }>(
    `SELECT CASE WHEN last_inbound_at + interval '24 hours' > now()
                 THEN last_inbound_at + interval '24 hours' END AS window_closes_at,
            follow_ups_paused_at, whatsapp_undeliverable_at IS NOT NULL AS undeliverable
       FROM customers WHERE company_id = $1 AND id = $2`,
    [companyId, customerId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    windowClosesAt: row.window_closes_at,
    followUpsPausedAt: row.follow_ups_paused_at,
    undeliverable: row.undeliverable,
    canSend: canSendOnWhatsapp(await companyWhatsappConnection(q, companyId)),
  };
}
