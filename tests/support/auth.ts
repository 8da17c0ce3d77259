import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { startAuthSession } from '../../server/auth/sessions/auth-sessions';
import {
  ACCESS_TOKEN_AUDIENCE,
  type AccessTokens,
  createAccessTokens,
} from '../../server/auth/tokens/access-tokens';
import { loadSigningKey } from '../../server/auth/tokens/signing-key';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';

/** The issuer a test server signs with (loadConfig's default AUTH_URL, as startTestServer uses). */
export const TEST_ISSUER = loadConfig({}).authUrl;

/** The same signer the server under test uses: same database key, issuer and lifetime. */
export async function serverTokens(db: Db, ttlSeconds = 900): Promise<AccessTokens> {
  return createAccessTokens({ key: await loadSigningKey(db, undefined), issuer: TEST_ISSUER, ttlSeconds });
}

export interface TestAccount {
  userId: string;
  email: string;
  companyId: string | null;
  sessionId: string;
  ssoSecret: string;
  accessToken: string;
  refreshToken: string;
}

export interface TestAccountOptions {
  /** Creates a company the user belongs to and is working in. Default true. */
  company?: boolean;
  /** Marks sign-up complete (onboarding done). Default true. */
  signupComplete?: boolean;
  /** A current subscription in this state; none when omitted. */
  subscription?: 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
  flags?: { sentinelWatcher?: boolean; metaCoexistence?: boolean };
  name?: string;
  /** "Sobre você" confirmed (users.name_confirmed_at). Default: same as signupComplete. */
  nameConfirmed?: boolean;
  /** A verified mobile, digits with 55 (5511912345678); none when omitted. */
  mobilePhone?: string;
}

/**
 * A user as the hosted login would leave them after signing in (their rows, a started auth session and
 * a token pair), written directly so API tests do not depend on the sign-in pages.
 */
export async function createTestAccount(db: Db, options: TestAccountOptions = {}): Promise<TestAccount> {
  const { company = true, signupComplete = true, nameConfirmed = signupComplete } = options;
  const email = `pessoa-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const userId = (
    await db.query<{ id: string }>(
      `INSERT INTO users (email, name, email_verified_at, signup_completed_at, name_confirmed_at,
                          mobile_phone, mobile_phone_verified_at)
       VALUES ($1, $2, now(), CASE WHEN $3 THEN now() END, CASE WHEN $4 THEN now() END,
               $5::text, CASE WHEN $5::text IS NOT NULL THEN now() END)
       RETURNING id`,
      [email, options.name ?? 'Pessoa de Teste', signupComplete, nameConfirmed, options.mobilePhone ?? null],
    )
  ).rows[0]!.id;

  let companyId: string | null = null;
  if (company) {
    companyId = (
      await db.query<{ id: string }>(
        `INSERT INTO companies (name, sentinel_watcher_enabled, meta_coexistence_enabled)
         VALUES ('Empresa de Teste', $1, $2) RETURNING id`,
        [options.flags?.sentinelWatcher ?? false, options.flags?.metaCoexistence ?? false],
      )
    ).rows[0]!.id;
    await db.query('INSERT INTO memberships (company_id, user_id) VALUES ($1, $2)', [companyId, userId]);
    await db.query('UPDATE users SET current_company_id = $1 WHERE id = $2', [companyId, userId]);
    if (options.subscription) {
      const ended = options.subscription === 'expired';
      await db.query(
        `INSERT INTO subscriptions (company_id, status, current_period_start, current_period_end)
         VALUES ($1, $2, now() - interval '10 days', now() + CASE WHEN $3 THEN interval '-1 day' ELSE interval '20 days' END)`,
        [companyId, ended ? 'active' : options.subscription, ended],
      );
    }
  }

  const started = await startAuthSession(db, { userId, userAgent: 'vitest' });
  const tokens = await serverTokens(db);
  return {
    userId,
    email,
    companyId,
    sessionId: started.sessionId,
    ssoSecret: started.ssoSecret,
    refreshToken: started.refreshToken,
    accessToken: await tokens.sign({ userId, sessionId: started.sessionId }),
  };
}

/** An access token of ours that ran out a minute ago (same key, issuer and audience). */
export async function expiredAccessToken(db: Db, account: Pick<TestAccount, 'userId' | 'sessionId'>) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: account.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(account.userId)
    .setIssuer(TEST_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(now - 960)
    .setExpirationTime(now - 60)
    .sign(await loadSigningKey(db, undefined));
}

/** The headers the web client sends (spec §7). */
export function sessionHeadersFor(tokens: { accessToken?: string; refreshToken?: string }) {
  return {
    ...(tokens.accessToken && { authorization: `Bearer ${tokens.accessToken}` }),
    ...(tokens.refreshToken && { refresh_token: tokens.refreshToken }),
  };
}
