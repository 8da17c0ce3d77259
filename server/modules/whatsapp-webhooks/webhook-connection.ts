import type { Queryable, Row } from '../../db/types';

/** The live connection a webhook belongs to: its company, and the business's own number. */
export interface WebhookConnection {
  id: string;
  companyId: string;
  /** Meta's id of the number. */
  phoneNumberId: string;
  /** Digits of the business's number, to tell its messages from the customer's in history. */
  businessPhone: string | null;
}

interface ConnectionRow extends Row {
  id: string;
  company_id: string;
  phone_number_id: string;
  display_phone_number: string | null;
}

const toConnection = (row: ConnectionRow): WebhookConnection => ({
  id: row.id,
  companyId: row.company_id,
  phoneNumberId: row.phone_number_id,
  businessPhone: row.display_phone_number?.replace(/[^0-9]/g, '') || null,
});

/** The tenant of a change: the live connection of Meta's phone number id (null: not ours, ignored). */
export async function connectionByPhoneNumberId(
  db: Queryable,
  phoneNumberId: string,
): Promise<WebhookConnection | null> {
  const { rows } = await db.query<ConnectionRow>(
    `SELECT id, company_id, phone_number_id, display_phone_number FROM whatsapp_connections
      WHERE phone_number_id = $1 AND status <> 'disconnected'`,
    [phoneNumberId],
  );
  return rows[0] ? toConnection(rows[0]) : null;
}

/** Live connections of a WhatsApp Business Account (account_update names the account, not a number). */
export async function connectionsByWaba(
  db: Queryable,
  wabaId: string,
  phone: string | null,
): Promise<WebhookConnection[]> {
  const { rows } = await db.query<ConnectionRow>(
    `SELECT id, company_id, phone_number_id, display_phone_number FROM whatsapp_connections
      WHERE waba_id = $1 AND status <> 'disconnected'`,
    [wabaId],
  );
  const connections = rows.map(toConnection);
  const digits = phone?.replace(/[^0-9]/g, '') || null;
  return digits ? connections.filter((c) => c.businessPhone === digits) : connections;
}

/** The owner declined to share history (error 2593109). */
export async function recordHistoryDeclined(db: Queryable, connectionId: string): Promise<void> {
  await db.query(
    `UPDATE whatsapp_connections
        SET history_sync_declined_at = coalesce(history_sync_declined_at, now()), updated_at = now()
      WHERE id = $1`,
    [connectionId],
  );
}
