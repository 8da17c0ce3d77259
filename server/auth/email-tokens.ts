import type { Queryable } from '../db/types';
import { hashToken, newOpaqueToken } from './tokens/opaque-token';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** How long a link in an e-mail works. */
export const EMAIL_TOKEN_TTL_MINUTES: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60,
  reset_password: 60,
};

/** A single-use link token; only its hash is stored. Earlier links keep working until they expire. */
export async function createEmailToken(
  q: Queryable,
  input: { userId: string; purpose: EmailTokenPurpose },
): Promise<string> {
  const token = newOpaqueToken();
  await q.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [hashToken(token), input.userId, input.purpose, EMAIL_TOKEN_TTL_MINUTES[input.purpose]],
  );
  return token;
}

/**
 * Uses a token up, atomically: of two requests with the same token only one gets the user id.
 * Null for an unknown, used, expired or other-purpose token.
 */
export async function consumeEmailToken(
  q: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ userId: string } | null> {
  const { rows } = await q.query<{ user_id: string }>(
    `UPDATE email_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [hashToken(token), purpose],
  );
  const row = rows[0];
  return row ? { userId: row.user_id } : null;
}

/** Whether a reset link is still good, without using it (the form is shown before it is sent). */
export async function isEmailTokenUsable(
  q: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM email_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [hashToken(token), purpose],
  );
  return rows.length > 0;
}
