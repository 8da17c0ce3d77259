import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/types';
import { GraphRefusal, unknownObject } from './graph-errors';
import { newNumericId } from './ids';
import type { SyncType } from './onboarding-sync';
import { findNumber, NUMBER_COLUMNS, type NumberRow, type SimNumber, toNumber } from './store';

/** What the tester can make go wrong when the app registers the number. */
export const registerFaults = ['none', 'pin_mismatch', 'too_many_attempts', 'pending_review'] as const;
export type RegisterFault = (typeof registerFaults)[number];

/** Meta's codes live 30 s and work once. */
export const CODE_LIFETIME_SECONDS = 30;
/** /register: 10 calls per number in 72 hours, then 133016. */
const REGISTER_LIMIT = 10;
/**
 * A PIN set before the app arrived (the number had two-step verification elsewhere): never six
 * digits, so whatever PIN the app sends is a mismatch.
 */
const FOREIGN_PIN = 'set-elsewhere';

/** Digits as Meta shows a number: +55 11 98888-7777 for Brazilian mobiles, +<digits> otherwise. */
export function displayNumber(digits: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  return br ? `+55 ${br[1]} ${br[2]}-${br[3]}` : `+${digits}`;
}

/** Embedded Signup finished: a new account and number (or one made before), and a fresh code for it. */
export async function finishSignup(
  q: Queryable,
  input: {
    existing: string | null;
    businessName: string;
    phone: string;
    coexistence: boolean;
    fault: RegisterFault;
  },
): Promise<{ number: SimNumber; code: string }> {
  let number = input.existing ? await findNumber(q, input.existing) : null;
  if (!number) {
    const { rows } = await q.query<NumberRow>(
      `INSERT INTO dev_whatsapp_numbers (phone_number_id, waba_id, business_id, display_phone_number, verified_name, coexistence)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${NUMBER_COLUMNS}`,
      [
        newNumericId(),
        newNumericId(),
        newNumericId(),
        displayNumber(input.phone),
        input.businessName,
        input.coexistence,
      ],
    );
    number = toNumber(rows[0]!);
  }
  if (input.fault !== 'none') {
    await q.query(
      `UPDATE dev_whatsapp_numbers SET
         register_pin = CASE WHEN $2 = 'pin_mismatch' THEN $3 ELSE register_pin END,
         register_attempts = CASE WHEN $2 = 'too_many_attempts' THEN array_fill(now(), ARRAY[$4::int]) ELSE register_attempts END,
         register_fault = CASE WHEN $2 = 'pending_review' THEN 'pending_review' ELSE register_fault END
       WHERE phone_number_id = $1`,
      [number.phoneNumberId, input.fault, FOREIGN_PIN, REGISTER_LIMIT],
    );
  }
  const code = `AQ${randomBytes(36).toString('base64url')}`;
  await q.query('INSERT INTO dev_whatsapp_codes (code, waba_id) VALUES ($1, $2)', [code, number.wabaId]);
  return { number, code };
}

/** GET /oauth/access_token: the code (30 s, once) becomes a business token for its WABA. */
export async function exchangeCode(q: Queryable, code: string): Promise<string> {
  // One statement claims the code, so two exchanges of it at once cannot both win.
  const { rows } = await q.query<{ waba_id: string }>(
    `UPDATE dev_whatsapp_codes SET used_at = now()
      WHERE code = $1 AND used_at IS NULL AND created_at >= now() - make_interval(secs => $2)
      RETURNING waba_id`,
    [code, CODE_LIFETIME_SECONDS],
  );
  if (!rows[0]) {
    const { rows: known } = await q.query<{ used: boolean }>(
      'SELECT used_at IS NOT NULL AS used FROM dev_whatsapp_codes WHERE code = $1',
      [code],
    );
    if (!known[0])
      throw new GraphRefusal(400, 100, 'Invalid verification code format.', 'OAuthException', 36008);
    if (known[0].used)
      throw new GraphRefusal(400, 100, 'This authorization code has been used.', 'OAuthException', 36009);
    throw new GraphRefusal(400, 100, 'This authorization code has expired.', 'OAuthException', 36007);
  }
  const token = `EAA${randomBytes(48).toString('base64url')}`;
  await q.query('INSERT INTO dev_whatsapp_tokens (token, waba_id) VALUES ($1, $2)', [token, rows[0].waba_id]);
  return token;
}

/** The number, when the token's WABA owns it. */
export async function ownedNumber(q: Queryable, wabaId: string, phoneNumberId: string): Promise<SimNumber> {
  const number = await findNumber(q, phoneNumberId);
  if (!number || number.wabaId !== wabaId) throw unknownObject(phoneNumberId);
  return number;
}

export async function setSubscribed(q: Queryable, wabaId: string, subscribed: boolean): Promise<void> {
  await q.query(
    `UPDATE dev_whatsapp_numbers SET subscribed_at = CASE WHEN $2 THEN coalesce(subscribed_at, now()) END
      WHERE waba_id = $1`,
    [wabaId, subscribed],
  );
}

/** POST /{pnid}/register: the first PIN sticks, a different one later is 133005; 10 calls per 72 h. */
export async function registerNumber(q: Queryable, number: SimNumber, pin: string): Promise<void> {
  if (!/^[0-9]{6}$/.test(pin)) {
    throw new GraphRefusal(400, 100, '(#100) Param pin must be 6 characters long.', 'OAuthException');
  }
  const { rows } = await q.query<{ recent: number }>(
    `UPDATE dev_whatsapp_numbers
        SET register_attempts = array_append(
              ARRAY(SELECT a FROM unnest(register_attempts) a WHERE a > now() - interval '72 hours'), now())
      WHERE phone_number_id = $1
      RETURNING cardinality(register_attempts) AS recent`,
    [number.phoneNumberId],
  );
  if ((rows[0]?.recent ?? 0) > REGISTER_LIMIT) {
    throw new GraphRefusal(400, 133016, 'Account register deregister rate limit exceeded', 'OAuthException');
  }
  if (number.coexistence) {
    throw new GraphRefusal(
      400,
      100,
      '(#100) This phone number is used with the WhatsApp Business app and cannot be registered.',
    );
  }
  if (number.registerFault === 'pending_review') {
    throw new GraphRefusal(400, 133010, 'Account not registered: the phone number is pending review.');
  }
  if (number.registerPin !== null && number.registerPin !== pin) {
    throw new GraphRefusal(400, 133005, 'Two step verification PIN Mismatch');
  }
  await q.query(
    `UPDATE dev_whatsapp_numbers SET register_pin = $2, registered_at = coalesce(registered_at, now())
      WHERE phone_number_id = $1`,
    [number.phoneNumberId, pin],
  );
}

/** POST /{pnid}/smb_app_data: only numbers shared with the Business app; records the request. */
export async function requestSync(q: Queryable, number: SimNumber, syncType: unknown): Promise<SyncType> {
  if (!number.coexistence) {
    throw new GraphRefusal(
      400,
      100,
      '(#100) This phone number is not onboarded with the WhatsApp Business app.',
    );
  }
  const column =
    syncType === 'smb_app_state_sync'
      ? 'contacts_sync_at'
      : syncType === 'history'
        ? 'history_sync_at'
        : null;
  if (!column) {
    throw new GraphRefusal(400, 100, '(#100) Param sync_type must be one of {smb_app_state_sync, history}.');
  }
  await q.query(`UPDATE dev_whatsapp_numbers SET ${column} = now() WHERE phone_number_id = $1`, [
    number.phoneNumberId,
  ]);
  return syncType as SyncType;
}

/** A phone number as GET /{pnid} and /{waba}/phone_numbers show it. */
export function phoneNumberObject(number: SimNumber) {
  return {
    id: number.phoneNumberId,
    display_phone_number: number.displayPhoneNumber,
    verified_name: number.verifiedName,
    quality_rating: 'GREEN',
    code_verification_status: 'VERIFIED',
    platform_type: number.registered || number.coexistence ? 'CLOUD_API' : 'NOT_APPLICABLE',
    throughput: { level: number.coexistence ? 'COEXISTENCE' : 'STANDARD' },
  };
}
