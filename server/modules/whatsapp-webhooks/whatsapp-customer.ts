import {
  customerPhoneKey,
  formatCustomerPhone,
  normalizeCustomerPhone,
} from '../../../contracts/brazil/customer-phone';
import { CUSTOMER_NAME_MAX } from '../../../contracts/customers';
import type { Queryable, Row } from '../../db/types';

/** Who a WhatsApp message is from (or to): a phone, a business-scoped user id, or both. */
export interface WhatsappPerson {
  /** Stored form (digits with the country code, the Brazilian ninth digit restored); null without one. */
  phone: string | null;
  userId: string | null;
  /** The WhatsApp profile's or the address book's name. */
  name: string | null;
}

const USER_ID_MAX = 256;
const FALLBACK_NAME = 'Contato do WhatsApp';

/** The person Meta names by `waId` (digits with the country code) and/or `userId`. */
export function whatsappPerson(
  waId: string | null | undefined,
  userId: string | null | undefined,
  name: string | null | undefined,
): WhatsappPerson {
  // Meta always gives the country code: "+" keeps a foreign number from being read as Brazilian.
  const digits = waId?.replace(/[^0-9]/g, '') ?? '';
  const trimmedUser = userId?.trim() ?? '';
  return {
    phone: digits ? normalizeCustomerPhone(`+${digits}`) : null,
    userId: trimmedUser && trimmedUser.length <= USER_ID_MAX ? trimmedUser : null,
    name: name?.trim() ? name.trim() : null,
  };
}

/** Whether the company ignores this number (with or without the ninth digit). */
export async function isBlocked(tx: Queryable, companyId: string, person: WhatsappPerson): Promise<boolean> {
  if (!person.phone) return false;
  const { rows } = await tx.query(
    'SELECT 1 FROM whatsapp_blocklist WHERE company_id = $1 AND phone_key = $2 LIMIT 1',
    [companyId, customerPhoneKey(person.phone)],
  );
  return rows.length > 0;
}

/** The name a new customer gets: the profile's, else the formatted number. */
export function customerName(person: WhatsappPerson): string {
  const name = person.name ?? (person.phone ? formatCustomerPhone(person.phone) : FALLBACK_NAME);
  return [...name].slice(0, CUSTOMER_NAME_MAX).join('');
}

interface Found extends Row {
  id: string;
  phone: string | null;
  whatsapp_user_id: string | null;
}

async function find(tx: Queryable, companyId: string, person: WhatsappPerson): Promise<Found | undefined> {
  const { rows } = await tx.query<Found>(
    `SELECT id, phone, whatsapp_user_id FROM customers
      WHERE company_id = $1 AND (phone_key = $2 OR whatsapp_user_id = $3)
      ORDER BY (whatsapp_user_id = $3) IS TRUE DESC
      LIMIT 1`,
    [companyId, person.phone ? customerPhoneKey(person.phone) : null, person.userId],
  );
  return rows[0];
}

/**
 * The company's customer for this person, created when there is none (source whatsapp, the profile's
 * name). A phone or user id learnt here is added to a customer that lacked it (unless another customer
 * already has it); `rename` (the owner's address book) also replaces the name. Safe under concurrency:
 * a customer created meanwhile by another instance is found instead of duplicated.
 */
export async function upsertWhatsappCustomer(
  tx: Queryable,
  companyId: string,
  person: WhatsappPerson,
  options: { rename?: boolean } = {},
): Promise<{ id: string; created: boolean } | null> {
  if (!person.phone && !person.userId) return null;
  let found = await find(tx, companyId, person);
  if (!found) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO customers (company_id, name, phone, whatsapp_user_id, source)
       VALUES ($1, $2, $3, $4, 'whatsapp')
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [companyId, customerName(person), person.phone, person.userId],
    );
    if (rows[0]) return { id: rows[0].id, created: true };
    found = await find(tx, companyId, person);
    if (!found) return null;
  }
  const addPhone = person.phone !== null && found.phone === null;
  const addUserId = person.userId !== null && found.whatsapp_user_id === null;
  const rename = options.rename === true && person.name !== null;
  if (addPhone || addUserId || rename) {
    // Each addition only when no other customer holds it (the unique indexes would refuse it).
    await tx.query(
      `UPDATE customers c SET
         phone = CASE WHEN $3::text IS NOT NULL AND c.phone IS NULL AND NOT EXISTS (
                   SELECT 1 FROM customers o WHERE o.company_id = c.company_id AND o.phone_key = $4 AND o.id <> c.id)
                 THEN $3 ELSE c.phone END,
         whatsapp_user_id = CASE WHEN $5::text IS NOT NULL AND c.whatsapp_user_id IS NULL AND NOT EXISTS (
                   SELECT 1 FROM customers o WHERE o.company_id = c.company_id AND o.whatsapp_user_id = $5 AND o.id <> c.id)
                 THEN $5 ELSE c.whatsapp_user_id END,
         name = CASE WHEN $6::text IS NOT NULL THEN $6 ELSE c.name END,
         updated_at = now()
       WHERE c.company_id = $1 AND c.id = $2`,
      [
        companyId,
        found.id,
        addPhone ? person.phone : null,
        person.phone ? customerPhoneKey(person.phone) : null,
        addUserId ? person.userId : null,
        rename ? customerName(person) : null,
      ],
    );
  }
  return { id: found.id, created: false };
}
