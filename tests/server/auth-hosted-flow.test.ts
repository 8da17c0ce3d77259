import { describe, expect, it } from 'vitest';
import { consumeEmailToken } from '../../server/auth/email-tokens';
import { hashToken } from '../../server/auth/tokens/opaque-token';
import type { Db, Queryable, Row } from '../../server/db/types';
import { serverTokens } from '../support/auth';
import { HostedBrowser, hiddenInputs, linkIn, queuedEmails } from '../support/hosted-login';
import { OTHER_APP, withHostedLoginServer } from '../support/hosted-login-server';
import { startTestServer } from '../support/server';

const APP = 'http://localhost:3000';

const server = withHostedLoginServer();
const browser = () => server.browser();

async function signUp(b: HostedBrowser, fields: { name: string; email: string; password: string }) {
  return b.submit('/auth/signup', '/auth/signup', fields);
}

/**
 * Signing up again with `email` (as `name`) answers the very page a new address gets, so the form
 * never tells whether an account exists.
 */
async function expectSameAnswerAsNewAddress(
  email: string,
  name: string,
  newcomer: { name: string; email: string },
  password: string,
) {
  const again = await signUp(browser(), { name, email, password });
  const fresh = await signUp(browser(), { ...newcomer, password });
  expect(again.status).toBe(fresh.status);
  expect(normalise(again.body).replaceAll(email, 'X')).toBe(
    normalise(fresh.body).replaceAll(newcomer.email, 'X'),
  );
}

/** The verification token from the last e-mail sent to `email`. */
async function verificationToken(email: string): Promise<string> {
  const mails = await queuedEmails(server.db, email);
  const link = linkIn(mails.at(-1)!.text, `${APP}/signup?verificationToken=`);
  return new URL(link).searchParams.get('verificationToken')!;
}

describe('sign up, confirm, sign in', () => {
  const email = 'ana@docesdaana.com.br';
  const password = 'brigadeiro123';

  it('creates the account and queues a confirmation e-mail that opens the app', async () => {
    const b = browser();
    const res = await signUp(b, { name: 'Ana Souza', email: '  Ana@DocesDaAna.com.br ', password });
    expect(res.status).toBe(200);
    expect(res.body).toContain('Enviamos um link de confirmação para <strong>ana@docesdaana.com.br</strong>');

    const { rows } = await server.db.query<{ name: string; verified: boolean; hash: string }>(
      `SELECT u.name, u.email_verified_at IS NOT NULL AS verified, c.password_hash AS hash
         FROM users u JOIN password_credentials c ON c.user_id = u.id WHERE u.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Ana Souza');
    expect(rows[0]!.verified).toBe(false);
    expect(rows[0]!.hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.hash).not.toContain(password);

    const mails = await queuedEmails(server.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirme seu e-mail no Fechaí');
    const token = await verificationToken(email);
    expect(mails[0]!.html).toContain(`${APP}/signup?verificationToken=${token}`);
    const stored = await server.db.query(
      `SELECT 1 FROM email_tokens WHERE token_hash = $1 AND purpose = 'verify_email'
          AND expires_at BETWEEN now() + interval '23 hours' AND now() + interval '25 hours'`,
      [hashToken(token)],
    );
    expect(stored.rowCount).toBe(1);
  });

  it('shows an unconfirmed account, with the right password, a page to re-send the e-mail', async () => {
    const b = browser();
    const res = await b.submit('/auth/login', '/auth/login', { email, password });
    expect(res.status).toBe(403);
    expect(res.location).toBeUndefined();
    expect(res.body).toContain('<title>Confirme seu e-mail · Fechaí</title>');
    expect(res.body).toContain('action="/auth/verification/resend"');
    expect(await server.db.query('SELECT 1 FROM auth_sessions')).toMatchObject({ rowCount: 0 });

    const before = (await queuedEmails(server.db, email)).length;
    const resend = await b.submit('/auth/login', '/auth/verification/resend', { email });
    expect(resend.status).toBe(200);
    expect(resend.body).toContain('enviamos um novo link');
    expect(await queuedEmails(server.db, email)).toHaveLength(before + 1);
  });

  it('signs a confirmed account in: a session, its cookie and a redirect to the app with the tokens', async () => {
    expect(await consumeEmailToken(server.db, await verificationToken(email), 'verify_email')).not.toBeNull();
    await server.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);

    const b = browser();
    const res = await b.submit(
      `/auth/login?returnTo=${encodeURIComponent(OTHER_APP)}&redirect=%2Fcustomers%3Fpage%3D2`,
      '/auth/login',
      {
        email: 'ANA@docesdaana.com.br',
        password,
      },
    );
    expect(res.status).toBe(303);
    const location = new URL(res.location!);
    expect(location.origin).toBe(OTHER_APP);
    expect(location.pathname).toBe('/login');
    expect([...location.searchParams.keys()]).toEqual(['accessToken', 'refreshToken', 'userId', 'redirect']);
    expect(location.searchParams.get('redirect')).toBe('/customers?page=2');
    expect(res.headers['cache-control']).toBe('no-store');

    const userId = (await server.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))
      .rows[0]!.id;
    expect(location.searchParams.get('userId')).toBe(userId);

    const verified = await (await serverTokens(server.db)).verify(location.searchParams.get('accessToken')!);
    expect(verified.status).toBe('valid');
    if (verified.status !== 'valid') return;
    expect(verified.claims.userId).toBe(userId);

    const refresh = await server.db.query<{ session_id: string }>(
      'SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NULL',
      [hashToken(location.searchParams.get('refreshToken')!)],
    );
    expect(refresh.rows[0]?.session_id).toBe(verified.claims.sessionId);

    const cookie = res.setCookies.find((c) => c.name === 'fechai_auth_session')!;
    expect(cookie.raw).toMatch(/; Path=\/auth; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const session = await server.db.query<{ user_agent: string }>(
      'SELECT user_agent FROM auth_sessions WHERE id = $1 AND sso_secret_hash = $2 AND revoked_at IS NULL',
      [verified.claims.sessionId, hashToken(decodeURIComponent(cookie.value))],
    );
    expect(session.rows).toEqual([{ user_agent: 'vitest-browser' }]);
  });

  it('marks the session cookie Secure when the request came over https', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { 'x-forwarded-proto': 'https' },
    });
    // TRUST_PROXY is off here: the header is ignored and the request counts as plain http.
    expect(String(res.headers['set-cookie'])).not.toContain('Secure');
    const proxied = await startTestServer({ db: server.db, env: { TRUST_PROXY: '1' } });
    try {
      const secure = await proxied.app.inject({
        method: 'GET',
        url: '/auth/login',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(secure.headers['set-cookie'])).toMatch(
        /fechai_auth_csrf=[^;]+; Path=\/auth; HttpOnly; SameSite=Strict; Secure/,
      );
    } finally {
      await proxied.close();
    }
  });

  it('marks the cookies Secure when the hosted login is served on https, even over plain http behind a proxy', async () => {
    // A proxy that ends TLS, with TRUST_PROXY off: the request reaches the server as plain http.
    const behindTls = await startTestServer({
      db: server.db,
      env: { AUTH_URL: 'https://entrar.fechai.test' },
    });
    try {
      const b = new HostedBrowser(behindTls.app);
      const page = await b.get('/auth/login');
      expect(page.setCookies.map((c) => c.raw)).toEqual([
        expect.stringMatching(/^fechai_auth_csrf=[^;]+; Path=\/auth; HttpOnly; SameSite=Strict; Secure$/),
      ]);
      const signedIn = await b.post('/auth/login', { ...hiddenInputs(page.body), email, password });
      expect(signedIn.status).toBe(303);
      expect(signedIn.setCookies.find((c) => c.name === 'fechai_auth_session')?.raw).toMatch(
        /; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/,
      );
      const signedOut = await b.get('/auth/logout');
      expect(signedOut.setCookies.find((c) => c.name === 'fechai_auth_session')?.raw).toMatch(
        /^fechai_auth_session=; Path=\/auth; HttpOnly; SameSite=Lax; Max-Age=0; Secure$/,
      );
    } finally {
      await behindTls.close();
    }
  });

  it('signs out: ends the session behind the cookie, clears it, and shows the sign-in form for the same app', async () => {
    const b = browser();
    const signedIn = await b.submit('/auth/login', '/auth/login', { email, password });
    const sessionId = (await (
      await serverTokens(server.db)
    ).verify(new URL(signedIn.location!).searchParams.get('accessToken')!)) as {
      claims: { sessionId: string };
    };
    expect(b.cookies.has('fechai_auth_session')).toBe(true);

    const res = await b.get(`/auth/logout?returnTo=${encodeURIComponent(OTHER_APP)}&redirect=%2Fsales`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/auth/login?returnTo=${encodeURIComponent(OTHER_APP)}&redirect=%2Fsales`);
    expect(res.setCookies.find((c) => c.name === 'fechai_auth_session')?.raw).toMatch(
      /^fechai_auth_session=; Path=\/auth; HttpOnly; SameSite=Lax; Max-Age=0/,
    );
    expect(b.cookies.has('fechai_auth_session')).toBe(false);

    const { rows } = await server.db.query<{ revoked_reason: string | null }>(
      'SELECT revoked_reason FROM auth_sessions WHERE id = $1',
      [sessionId.claims.sessionId],
    );
    expect(rows).toEqual([{ revoked_reason: 'logout' }]);

    // The form it leads to keeps the app to return to, and the next sign-in goes there.
    const form = await b.get(res.location!);
    expect(form.body).toContain(`<input type="hidden" name="returnTo" value="${OTHER_APP}">`);
    expect(form.body).toContain('<input type="hidden" name="redirect" value="/sales">');
  });

  it('signs out without a cookie too, back to the app by default', async () => {
    const res = await browser().get('/auth/logout');
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/auth/login?returnTo=${encodeURIComponent(APP)}`);
  });

  it('signing in again on the same browser ends the session its cookie pointed at', async () => {
    const b = browser();
    const first = await b.submit('/auth/login', '/auth/login', { email, password });
    const second = await b.submit('/auth/login', '/auth/login', { email, password });
    const tokens = await serverTokens(server.db);
    const sessionOf = async (location: string) =>
      (
        (await tokens.verify(new URL(location).searchParams.get('accessToken')!)) as {
          claims: { sessionId: string };
        }
      ).claims.sessionId;
    const { rows } = await server.db.query<{ id: string; revoked_reason: string | null }>(
      'SELECT id, revoked_reason FROM auth_sessions WHERE id = ANY($1::uuid[]) ORDER BY created_at',
      [[await sessionOf(first.location!), await sessionOf(second.location!)]],
    );
    expect(rows.map((r) => r.revoked_reason)).toEqual(['logout', null]);
  });
});

describe('signing up with an address that already has an account', () => {
  it('answers the same page; a confirmed account gets an "account exists" e-mail and keeps its password', async () => {
    const email = 'bruno@oficina.com.br';
    await signUp(browser(), { name: 'Bruno', email, password: 'primeira123' });
    await server.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    const hashBefore = await passwordHash(email);

    await expectSameAnswerAsNewAddress(
      email,
      'Outra pessoa',
      { name: 'Carla', email: 'carla@salao.com.br' },
      'segunda456',
    );

    expect(await passwordHash(email)).toBe(hashBefore);
    const mails = await queuedEmails(server.db, email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirme seu e-mail no Fechaí',
      'Você já tem uma conta no Fechaí',
    ]);
    expect(mails[1]!.text).toContain(`${APP}/auth/forgot-password`);
    expect(mails[1]!.text).not.toContain('verificationToken');
    const users = await server.db.query('SELECT name FROM users WHERE email = $1', [email]);
    expect(users.rows).toEqual([{ name: 'Bruno' }]);
  });

  it('an unconfirmed account keeps its name and password, and gets only a link to confirm by choosing a password', async () => {
    const email = 'dani@padaria.com.br';
    await signUp(browser(), { name: 'Dani', email, password: 'primeira123' });
    const hashBefore = await passwordHash(email);

    await expectSameAnswerAsNewAddress(
      email,
      'Daniela',
      { name: 'Elis', email: 'elis@padaria.com.br' },
      'segunda456',
    );

    expect(await passwordHash(email)).toBe(hashBefore);
    const users = await server.db.query(
      'SELECT name, email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [email],
    );
    expect(users.rows).toEqual([{ name: 'Dani', verified: false }]);

    const mails = await queuedEmails(server.db, email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirme seu e-mail no Fechaí',
      'Seu cadastro no Fechaí aguarda confirmação',
    ]);
    const pending = mails[1]!;
    expect(pending.text).toContain('Se não foi você, ignore este e-mail.');
    const resetLink = linkIn(pending.text, `${APP}/auth/reset-password?token=`);
    expect(pending.html).toContain(`href="${resetLink}"`);
    // No plain confirmation: it would activate the first sign-up's password, perhaps someone else's.
    expect(pending.text).not.toContain('verificationToken');

    // The reset link confirms the address with a password chosen there.
    const b = browser();
    const form = await b.get(new URL(resetLink).pathname + new URL(resetLink).search);
    expect(form.status).toBe(200);
    const changed = await b.post('/auth/reset-password', {
      ...hiddenInputs(form.body),
      password: 'escolhida789',
    });
    expect(changed.status).toBe(200);
    expect(
      (await browser().submit('/auth/login', '/auth/login', { email, password: 'segunda456' })).status,
    ).toBe(401);
    expect(
      (await browser().submit('/auth/login', '/auth/login', { email, password: 'escolhida789' })).status,
    ).toBe(303);
  });

  it('a later sign-up cannot take over an unconfirmed account once its owner confirms it', async () => {
    const email = 'gil@quitanda.com.br';
    await signUp(browser(), { name: 'Gil', email, password: 'dono123456' });
    const ownersToken = await verificationToken(email);
    const attack = await signUp(browser(), { name: 'Gil', email, password: 'atacante999' });
    expect(attack.status).toBe(200);

    // The owner opens the link of their own sign-up, which the app's /signup sends here.
    const validated = await server.app.inject({
      method: 'POST',
      url: '/api/auth/validate-email',
      payload: { verificationToken: ownersToken },
    });
    expect(validated.json()).toEqual({ success: true, data: { validated: true } });

    const attacker = await browser().submit('/auth/login', '/auth/login', { email, password: 'atacante999' });
    expect(attacker.status).toBe(401);
    const owner = await browser().submit('/auth/login', '/auth/login', { email, password: 'dono123456' });
    expect(owner.status).toBe(303);
  });
});

describe('sign-up form', () => {
  it('enforces the password rules on the server, field by field, and writes nothing', async () => {
    const cases: [string, RegExp][] = [
      ['curta1', /pelo menos 8 caracteres/],
      ['somenteletras', /pelo menos um número/],
      ['1234567890', /pelo menos uma letra/],
      ['eva@loja.com.br', /diferente do seu e-mail/],
      [`a1${'x'.repeat(127)}`, /no máximo 128 caracteres/],
    ];
    for (const [password, message] of cases) {
      const res = await signUp(browser(), { name: 'Eva', email: 'eva@loja.com.br', password });
      expect(res.status, password).toBe(400);
      const error = res.body.match(/<p class="field-error" id="password-error">([^<]+)<\/p>/)?.[1];
      expect(error, password).toMatch(message);
      expect(res.body).toMatch(
        /<input id="password"[^>]* aria-describedby="password-rules password-error" aria-invalid="true"/,
      );
    }
    expect((await server.db.query("SELECT 1 FROM users WHERE email = 'eva@loja.com.br'")).rowCount).toBe(0);
    expect(await queuedEmails(server.db, 'eva@loja.com.br')).toEqual([]);
  });

  it('asks for a name and a valid e-mail', async () => {
    const res = await signUp(browser(), { name: '  ', email: 'sem-arroba', password: 'valida123' });
    expect(res.status).toBe(400);
    expect(res.body).toContain('<p class="field-error" id="name-error">Informe seu nome.</p>');
    expect(res.body).toContain('<p class="field-error" id="email-error">Informe um e-mail válido');
    expect(res.body).toMatch(
      /<input id="name"[^>]* aria-describedby="name-error" aria-invalid="true" autofocus>/,
    );
  });

  it('escapes what people type wherever it is written back into HTML', async () => {
    const hostile = `<script>alert(1)</script>"'&`;
    const res = await signUp(browser(), {
      name: hostile,
      email: `"><img src=x onerror=alert(1)>@x.com`,
      password: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"');

    // A stored name reaches e-mails' HTML escaped too.
    const email = 'hostil@teste.com.br';
    await signUp(browser(), { name: hostile, email, password: 'valida123' });
    await server.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
    await signUp(browser(), { name: 'Outro', email, password: 'valida123' });
    const exists = (await queuedEmails(server.db, email)).at(-1)!;
    expect(exists.html).toContain('Olá, &lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;!');
    expect(exists.html).not.toContain('<script>');
  });
});

describe('when the session cannot be created', () => {
  it('sends the user back to the app with a pt-BR error instead of a broken page', async () => {
    const email = 'fabio@mercado.com.br';
    await signUp(browser(), { name: 'Fábio', email, password: 'mercado123' });
    await server.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);

    const broken = await startTestServer({ db: failingSessions(server.db) });
    try {
      const b = new HostedBrowser(broken.app);
      const res = await b.submit('/auth/login?redirect=%2Fhome', '/auth/login', {
        email,
        password: 'mercado123',
      });
      expect(res.status).toBe(303);
      const location = new URL(res.location!);
      expect(location.origin + location.pathname).toBe(`${APP}/login`);
      expect(location.searchParams.get('error')).toBe(
        'Não foi possível entrar agora. Tente novamente em instantes.',
      );
      expect(location.searchParams.get('redirect')).toBe('/home');
      expect(location.searchParams.has('accessToken')).toBe(false);
      expect(res.setCookies.map((c) => c.name)).not.toContain('fechai_auth_session');
    } finally {
      await broken.close();
    }
  });
});

async function passwordHash(email: string): Promise<string> {
  const { rows } = await server.db.query<{ password_hash: string }>(
    'SELECT c.password_hash FROM password_credentials c JOIN users u ON u.id = c.user_id WHERE u.email = $1',
    [email],
  );
  return rows[0]!.password_hash;
}

/** Pages differ only by their CSRF token when two browsers see them. */
function normalise(body: string): string {
  return body.replace(/name="csrf" value="[^"]+"/g, 'name="csrf" value="…"');
}

/** The same database, except that starting an auth session fails (as in an outage mid-sign-in). */
function failingSessions(db: Db): Db {
  const guard = (q: Queryable): Queryable => ({
    query: <T extends Row>(sql: string, params?: unknown[]) =>
      sql.includes('INSERT INTO auth_sessions')
        ? Promise.reject(new Error('Connection terminated unexpectedly'))
        : q.query<T>(sql, params),
  });
  return {
    kind: db.kind,
    ...guard(db),
    transaction: (fn) => db.transaction((tx) => fn(guard(tx))),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
  };
}

describe('a link that names the address (a team invitation)', () => {
  it('starts the sign-up and sign-in forms with it, normalised', async () => {
    for (const page of ['/auth/signup', '/auth/login']) {
      const res = await browser().get(
        `${page}?${new URLSearchParams({ email: ' Carla@DocesDaAna.com.br ' })}`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/<input[^>]*name="email"[^>]*value="carla@docesdaana\.com\.br"/);
    }
  });

  it('leaves the field empty for anything that is not an address, and never writes markup', async () => {
    for (const email of ['não é e-mail', `${'a'.repeat(250)}@x.com.br`]) {
      const res = await browser().get(`/auth/signup?${new URLSearchParams({ email })}`);
      expect(res.status).toBe(200);
      const input = /<input[^>]*name="email"[^>]*>/.exec(res.body)?.[0];
      expect(input).toBeDefined();
      expect(input).not.toMatch(/value="[^"]/);
    }
    const forged = await browser().get(
      `/auth/signup?${new URLSearchParams({ email: '"><script>alert(1)</script>@x.com' })}`,
    );
    expect(forged.status).toBe(200);
    expect(forged.body).not.toContain('<script>alert(1)</script>');
  });
});
