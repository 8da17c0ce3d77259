import type { Queryable } from '../../db/types';

/** Addresses are kept trimmed and lowercased (users.email's CHECK says so too). */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 120;

/** Enough to catch typos; whether it exists is what the verification e-mail finds out. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email);
}

export interface Account {
  userId: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  /** Null for a user without a password (created some other way): they can only reset one. */
  passwordHash: string | null;
}

type AccountRow = {
  id: string;
  email: string;
  name: string | null;
  email_verified: boolean;
  password_hash: string | null;
};

const toAccount = (row: AccountRow): Account => ({
  userId: row.id,
  email: row.email,
  name: row.name,
  emailVerified: row.email_verified,
  passwordHash: row.password_hash,
});

const SELECT_ACCOUNT = `
  SELECT u.id, u.email, u.name, u.email_verified_at IS NOT NULL AS email_verified, c.password_hash
    FROM users u LEFT JOIN password_credentials c ON c.user_id = u.id`;

export async function findAccountByEmail(q: Queryable, email: string): Promise<Account | null> {
  const { rows } = await q.query<AccountRow>(`${SELECT_ACCOUNT} WHERE u.email = $1`, [email]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function findAccountById(q: Queryable, userId: string): Promise<Account | null> {
  const { rows } = await q.query<AccountRow>(`${SELECT_ACCOUNT} WHERE u.id = $1`, [userId]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** A new, unverified user with a password; null when the address was taken meanwhile (a race). */
export async function createAccount(
  q: Queryable,
  input: { email: string; name: string; passwordHash: string },
): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>(
    'INSERT INTO users (email, name) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING id',
    [input.email, input.name],
  );
  const userId = rows[0]?.id;
  if (!userId) return null;
  await setPassword(q, userId, input.passwordHash);
  return userId;
}

export async function setPassword(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.query(
    `INSERT INTO password_credentials (user_id, password_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = now()`,
    [userId, passwordHash],
  );
}

export async function markEmailVerified(q: Queryable, userId: string): Promise<void> {
  await q.query('UPDATE users SET email_verified_at = now() WHERE id = $1 AND email_verified_at IS NULL', [
    userId,
  ]);
}
