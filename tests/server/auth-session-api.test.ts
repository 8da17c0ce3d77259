import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Issue } from '../../contracts/envelope';
import { type SessionCheck, sessionCheckSchema } from '../../contracts/session';
import { companyOf } from '../../server/auth/api/caller';
import { createEmailToken } from '../../server/auth/email-tokens';
import { ACCESS_TOKEN_AUDIENCE } from '../../server/auth/tokens/access-tokens';
import { route } from '../../server/http/route';
import {
  createTestAccount,
  expiredAccessToken,
  serverTokens,
  sessionHeadersFor,
  TEST_ISSUER,
} from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { tamperSignature } from '../support/tamper-token';

let server: TestServer;

/** An answer as a caller reads it: the envelope, loosely, so failures can be asserted field by field. */
type Answer<T> = { success: boolean; data: T; error?: string; code?: string; issues?: Issue[] };

const whoAmIContract = {
  method: 'GET',
  url: '/api/test/who-am-i',
  response: z.object({ userId: z.string(), companyId: z.string() }),
} as const;

beforeAll(async () => {
  server = await startTestServer({
    configure(app) {
      // A product route as every module declares one: signed in, scoped to the caller's company.
      route(app, whoAmIContract, {
        preHandler: app.auth.requireCompany,
        handler: ({ request }) => {
          const caller = companyOf(request);
          return { userId: caller.userId, companyId: caller.companyId };
        },
      });
    },
  });
});

afterAll(async () => {
  await server?.close();
});

async function check(headers: Record<string, string>) {
  const response = await fetch(`${server.url}/api/session/check`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Answer<
      SessionCheck & { tokens: { accessToken: string; refreshToken: string } }
    >,
  };
}

describe('GET /api/session/check', () => {
  it('answers the session of a valid access token, without new tokens', async () => {
    const account = await createTestAccount(server.db, {
      subscription: 'trialing',
      flags: { metaCoexistence: true },
    });
    const { status, body } = await check(sessionHeadersFor(account));
    expect(status).toBe(200);
    expect(sessionCheckSchema.safeParse(body.data).success).toBe(true);
    expect(body).toEqual({
      success: true,
      data: {
        user: {
          id: account.userId,
          email: account.email,
          name: 'Pessoa de Teste',
          mobilePhone: null,
          currentCompanyId: account.companyId,
        },
        company: { id: account.companyId },
        role: 'owner',
        companyCount: 1,
        needsOnboarding: false,
        hasCompany: true,
        hasNoCurrentSubscriptionActive: false,
        featureFlags: { isSentinelWatcherEnabled: false, isMetaCoexistenceEnabled: true },
      },
    });
  });

  it('tells a new user they need onboarding and have no company nor subscription', async () => {
    const account = await createTestAccount(server.db, { company: false, signupComplete: false });
    const { body } = await check(sessionHeadersFor(account));
    expect(body.data).toMatchObject({
      company: null,
      role: null,
      companyCount: 0,
      needsOnboarding: true,
      hasCompany: false,
      hasNoCurrentSubscriptionActive: true,
      featureFlags: { isSentinelWatcherEnabled: false, isMetaCoexistenceEnabled: false },
    });
  });

  it.each([
    ['none', undefined, true],
    ['trialing', 'trialing', false],
    ['active', 'active', false],
    ['past due', 'past_due', true],
    ['canceled', 'canceled', true],
    ['whose period ended', 'expired', true],
  ] as const)('counts a subscription %s as %s', async (_name, subscription, expected) => {
    const account = await createTestAccount(server.db, subscription ? { subscription } : {});
    const { body } = await check(sessionHeadersFor(account));
    expect(body.data.hasNoCurrentSubscriptionActive).toBe(expected);
  });

  it('rotates both tokens when the access token has expired and the refresh token is good', async () => {
    const account = await createTestAccount(server.db, { subscription: 'active' });
    const expired = await expiredAccessToken(server.db, account);
    const { status, body } = await check(
      sessionHeadersFor({ accessToken: expired, refreshToken: account.refreshToken }),
    );
    expect(status).toBe(200);
    expect(body.data.user.id).toBe(account.userId);
    const { accessToken, refreshToken } = body.data.tokens;
    expect(refreshToken).not.toBe(account.refreshToken);
    // A new access token, even when issued in the same second as the first.
    expect(accessToken).not.toBe(account.accessToken);

    // The new access token works on product routes; the new refresh token rotates again.
    const whoAmI = await fetch(`${server.url}/api/test/who-am-i`, {
      headers: sessionHeadersFor({ accessToken }),
    });
    expect((await whoAmI.json()) as unknown).toEqual({
      success: true,
      data: { userId: account.userId, companyId: account.companyId },
    });
    const again = await check({ refresh_token: refreshToken });
    expect(again.status).toBe(200);
    expect(again.body.data.tokens.refreshToken).not.toBe(refreshToken);
  });

  it('renews an access token about to run out, but not a fresh one', async () => {
    const account = await createTestAccount(server.db);
    const fresh = await check(sessionHeadersFor(account));
    expect(fresh.body.data.tokens).toBeUndefined();

    // What the client holds a minute before `exp`, when its refresh timer fires.
    const endingSoon = await (await serverTokens(server.db, 60)).sign({
      userId: account.userId,
      sessionId: account.sessionId,
    });
    const renewed = await check(
      sessionHeadersFor({ accessToken: endingSoon, refreshToken: account.refreshToken }),
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.tokens.refreshToken).not.toBe(account.refreshToken);
    // Without its refresh token it is simply answered, still valid.
    const alone = await check(sessionHeadersFor({ accessToken: endingSoon }));
    expect(alone.status).toBe(200);
    expect(alone.body.data.tokens).toBeUndefined();
  });

  it('rejects a reused refresh token and ends the whole sign-in', async () => {
    const account = await createTestAccount(server.db);
    const expired = await expiredAccessToken(server.db, account);
    const first = await check(
      sessionHeadersFor({ accessToken: expired, refreshToken: account.refreshToken }),
    );
    const rotated = first.body.data.tokens;

    const replay = await check(
      sessionHeadersFor({ accessToken: expired, refreshToken: account.refreshToken }),
    );
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({
      success: false,
      code: 'UNAUTHENTICATED',
      error: 'Por segurança, sua sessão foi encerrada. Entre novamente.',
    });

    // The family is revoked: the legitimate new pair stops working too.
    expect((await check({ refresh_token: rotated.refreshToken })).status).toBe(401);
    expect((await check(sessionHeadersFor({ accessToken: rotated.accessToken }))).status).toBe(401);
    const { rows } = await server.db.query('SELECT revoked_reason FROM auth_sessions WHERE id = $1', [
      account.sessionId,
    ]);
    expect(rows[0]).toEqual({ revoked_reason: 'refresh_token_reuse' });
  });

  // Strict on purpose: tabs of one browser take turns (src/app/session/check-session.ts), so a second
  // use of a spent token is a copy in someone else's hands.
  it('lets exactly one of two simultaneous refreshes with the same token through', async () => {
    const account = await createTestAccount(server.db);
    const [a, b] = await Promise.all([
      check({ refresh_token: account.refreshToken }),
      check({ refresh_token: account.refreshToken }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
  });

  it('refuses a tampered access token even with a good refresh token', async () => {
    const account = await createTestAccount(server.db);
    const { status, body, headers } = await check(
      sessionHeadersFor({
        accessToken: tamperSignature(account.accessToken),
        refreshToken: account.refreshToken,
      }),
    );
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    // Nothing was rotated: the refresh token is still unused.
    const { rows } = await server.db.query('SELECT used_at FROM refresh_tokens WHERE session_id = $1', [
      account.sessionId,
    ]);
    expect(rows).toEqual([{ used_at: null }]);
  });

  it('refuses foreign tokens: another key, another issuer, another audience, no session id', async () => {
    const account = await createTestAccount(server.db);
    const ourKey = await (await import('../../server/auth/tokens/signing-key')).loadSigningKey(
      server.db,
      undefined,
    );
    const sign = (key: Uint8Array, issuer: string, audience: string, sid: string | undefined) => {
      const jwt = new SignJWT(sid ? { sid } : {})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(account.userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setExpirationTime('5m');
      return jwt.sign(key);
    };
    const foreign = [
      await sign(
        new TextEncoder().encode('x'.repeat(40)),
        TEST_ISSUER,
        ACCESS_TOKEN_AUDIENCE,
        account.sessionId,
      ),
      await sign(ourKey, 'https://outro.example', ACCESS_TOKEN_AUDIENCE, account.sessionId),
      await sign(ourKey, TEST_ISSUER, 'outra-api', account.sessionId),
      await sign(ourKey, TEST_ISSUER, ACCESS_TOKEN_AUDIENCE, undefined),
      // alg "none": an unsigned token must never pass.
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${account.accessToken.split('.')[1]}.`,
      'not-a-jwt',
    ];
    for (const accessToken of foreign) {
      expect((await check(sessionHeadersFor({ accessToken }))).status, accessToken).toBe(401);
    }
  });

  it('refuses a refresh token that belongs to another sign-in than the expired access token', async () => {
    const mine = await createTestAccount(server.db);
    const theirs = await createTestAccount(server.db);
    const expired = await expiredAccessToken(server.db, mine);
    const { status } = await check(
      sessionHeadersFor({ accessToken: expired, refreshToken: theirs.refreshToken }),
    );
    expect(status).toBe(401);
  });

  it('refuses an unknown refresh token and no tokens at all', async () => {
    expect((await check({ refresh_token: 'desconhecido' })).status).toBe(401);
    const none = await check({});
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Sua sessão expirou. Entre novamente para continuar.');
  });

  it('refuses a still-valid access token once its sign-in is revoked (logout)', async () => {
    const account = await createTestAccount(server.db);
    await server.db.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1`,
      [account.sessionId],
    );
    expect((await check(sessionHeadersFor(account))).status).toBe(401);
    expect((await check({ refresh_token: account.refreshToken })).status).toBe(401);
  });
});

describe('product routes', () => {
  const whoAmI = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/test/who-am-i`, { headers }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as Answer<{ userId: string; companyId: string }>,
    }));

  it('need a valid access token', async () => {
    const account = await createTestAccount(server.db);
    expect((await whoAmI({})).status).toBe(401);
    expect(
      (await whoAmI(sessionHeadersFor({ accessToken: tamperSignature(account.accessToken) }))).status,
    ).toBe(401);
    const expired = await expiredAccessToken(server.db, account);
    expect((await whoAmI(sessionHeadersFor({ accessToken: expired }))).status).toBe(401);
  });

  it("work in the caller's current company", async () => {
    const a = await createTestAccount(server.db);
    const b = await createTestAccount(server.db);
    expect((await whoAmI(sessionHeadersFor(a))).body.data.companyId).toBe(a.companyId);
    expect((await whoAmI(sessionHeadersFor(b))).body.data.companyId).toBe(b.companyId);
  });

  it('ask a user without a company to register one (403)', async () => {
    const account = await createTestAccount(server.db, { company: false, signupComplete: false });
    expect(await whoAmI(sessionHeadersFor(account))).toEqual({
      status: 403,
      body: expect.objectContaining({
        success: false,
        code: 'FORBIDDEN',
        error: 'Cadastre sua empresa para continuar.',
      }),
    });
  });

  it('refuse a token from the moment it runs out, though it was accepted before', async () => {
    const account = await createTestAccount(server.db);
    const token = await (await serverTokens(server.db, 2)).sign({
      userId: account.userId,
      sessionId: account.sessionId,
    });
    expect((await whoAmI(sessionHeadersFor({ accessToken: token }))).status).toBe(200);
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number };
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 50));
    expect((await whoAmI(sessionHeadersFor({ accessToken: token }))).status).toBe(401);
  });

  it('accept a token signed by another instance of the same deployment (shared key)', async () => {
    const account = await createTestAccount(server.db);
    const other = await serverTokens(server.db);
    const token = await other.sign({ userId: account.userId, sessionId: account.sessionId });
    expect((await whoAmI(sessionHeadersFor({ accessToken: token }))).status).toBe(200);
  });
});

describe('POST /api/auth/validate-email', () => {
  const validate = (body: unknown) =>
    fetch(`${server.url}/api/auth/validate-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as Answer<{ validated: boolean }> }));

  async function unverifiedUser() {
    const account = await createTestAccount(server.db, { company: false, signupComplete: false });
    await server.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [account.userId]);
    return account;
  }
  const verifiedAt = async (userId: string) =>
    (
      await server.db.query<{ email_verified_at: string | null }>(
        'SELECT email_verified_at FROM users WHERE id = $1',
        [userId],
      )
    ).rows[0]!.email_verified_at;

  it('verifies the e-mail once; the link is single use', async () => {
    const account = await unverifiedUser();
    const token = await createEmailToken(server.db, { userId: account.userId, purpose: 'verify_email' });
    expect(await validate({ verificationToken: token })).toEqual({
      status: 200,
      body: { success: true, data: { validated: true } },
    });
    expect(await verifiedAt(account.userId)).toEqual(expect.any(String));
    expect((await validate({ verificationToken: token })).body.data).toEqual({ validated: false });
  });

  it('answers validated false for an unknown, expired or reset-password token', async () => {
    const account = await unverifiedUser();
    const expired = await createEmailToken(server.db, { userId: account.userId, purpose: 'verify_email' });
    await server.db.query(`UPDATE email_tokens SET expires_at = now() - interval '1 second'`);
    const reset = await createEmailToken(server.db, { userId: account.userId, purpose: 'reset_password' });
    for (const verificationToken of ['nao-existe', expired, reset]) {
      expect((await validate({ verificationToken })).body).toEqual({
        success: true,
        data: { validated: false },
      });
    }
    expect(await verifiedAt(account.userId)).toBeNull();
  });

  it('refuses a malformed body with a 400 in pt-BR', async () => {
    const { status, body } = await validate({ token: 'x' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.issues?.map((issue) => issue.path).sort()).toEqual(['token', 'verificationToken']);
  });
});
