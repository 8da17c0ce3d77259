import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/hosted/passwords';
import { startAuthSession } from '../../server/auth/sessions/auth-sessions';
import { hashToken } from '../../server/auth/tokens/opaque-token';
import { hiddenInputs, linkIn, queuedEmails } from '../support/hosted-login';
import { OTHER_APP, withHostedLoginServer } from '../support/hosted-login-server';

const AUTH = 'http://localhost:3000';

const server = withHostedLoginServer();
const browser = () => server.browser();

async function account(email: string, password: string, { verified = true } = {}): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO users (email, name, email_verified_at) VALUES ($1, 'Rita', CASE WHEN $2 THEN now() END) RETURNING id`,
    [email, verified],
  );
  await server.db.query('INSERT INTO password_credentials (user_id, password_hash) VALUES ($1, $2)', [
    rows[0]!.id,
    await hashPassword(password),
  ]);
  return rows[0]!.id;
}

/** Asks for a reset link and returns the path it opens (path and query, on the hosted login). */
async function requestReset(email: string, page = '/auth/forgot-password'): Promise<string> {
  const res = await browser().submit(page, '/auth/forgot-password', { email });
  expect(res.status).toBe(200);
  const mail = (await queuedEmails(server.db, email)).at(-1)!;
  expect(mail.subject).toBe('Redefina sua senha do Fechaí');
  const link = new URL(linkIn(mail.text, `${AUTH}/auth/reset-password?token=`));
  return link.pathname + link.search;
}

const signIn = (email: string, password: string) =>
  browser().submit('/auth/login', '/auth/login', { email, password });

describe('forgot password → reset', () => {
  it('replaces the password, confirms the e-mail, ends every session, and the link works once', async () => {
    const email = 'rita1975@costura.com.br';
    const userId = await account(email, 'antiga12345', { verified: false });
    const open = [
      await startAuthSession(server.db, { userId }),
      await startAuthSession(server.db, { userId }),
    ];

    const link = await requestReset(
      email,
      `/auth/forgot-password?returnTo=${encodeURIComponent(OTHER_APP)}&redirect=%2Ftasks`,
    );
    const token = new URLSearchParams(link.split('?')[1]).get('token')!;
    expect(
      (
        await server.db.query(
          `SELECT 1 FROM email_tokens WHERE token_hash = $1 AND purpose = 'reset_password'
          AND expires_at BETWEEN now() + interval '59 minutes' AND now() + interval '61 minutes'`,
          [hashToken(token)],
        )
      ).rowCount,
    ).toBe(1);

    const b = browser();
    const form = await b.get(link);
    expect(form.status).toBe(200);
    expect(form.body).toContain('<title>Nova senha · Fechaí</title>');
    expect(hiddenInputs(form.body)).toMatchObject({ token, returnTo: OTHER_APP, redirect: '/tasks' });

    // A password that breaks the rules is refused and leaves the link usable.
    const weak = await b.post('/auth/reset-password', { ...hiddenInputs(form.body), password: 'curta' });
    expect(weak.status).toBe(400);
    expect(weak.body).toContain('id="password-error"');
    const sameAsEmail = await b.post('/auth/reset-password', { ...hiddenInputs(form.body), password: email });
    expect(sameAsEmail.status).toBe(400);
    expect(sameAsEmail.body).toMatch(/diferente do seu e-mail/);

    const changed = await b.post('/auth/reset-password', {
      ...hiddenInputs(form.body),
      password: 'nova123456',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toContain('<title>Senha alterada · Fechaí</title>');
    expect(changed.body).toContain(
      `href="/auth/login?returnTo=${encodeURIComponent(OTHER_APP)}&amp;redirect=%2Ftasks"`,
    );

    const sessions = await server.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM auth_sessions WHERE id = ANY($1::uuid[])',
      [open.map((s) => s.sessionId)],
    );
    expect(sessions.rows).toEqual([
      { revoked_reason: 'password_reset' },
      { revoked_reason: 'password_reset' },
    ]);
    const user = await server.db.query(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [userId],
    );
    expect(user.rows).toEqual([{ verified: true }]);
    expect((await queuedEmails(server.db, email)).at(-1)!.subject).toBe('Sua senha do Fechaí foi alterada');

    expect((await signIn(email, 'antiga12345')).status).toBe(401);
    expect((await signIn(email, 'nova123456')).status).toBe(303);

    // Single use: the same link, opened or submitted again, is refused.
    const reopened = await browser().get(link);
    expect(reopened.status).toBe(400);
    expect(reopened.body).toContain('<title>Link inválido · Fechaí</title>');
    expect(reopened.body).toContain('href="/auth/forgot-password');
    const replay = await b.post('/auth/reset-password', {
      ...hiddenInputs(form.body),
      password: 'outra123456',
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toContain('Este link não vale mais');
    expect((await signIn(email, 'outra123456')).status).toBe(401);
  });

  it('answers the same page for an address without an account, and sends nothing', async () => {
    const known = 'sara@bolos.com.br';
    await account(known, 'antiga12345');
    const a = await browser().submit('/auth/forgot-password', '/auth/forgot-password', { email: known });
    const b = await browser().submit('/auth/forgot-password', '/auth/forgot-password', {
      email: 'ninguem@bolos.com.br',
    });
    const mask = (body: string, address: string) =>
      body.replace(/name="csrf" value="[^"]+"/, 'csrf').replaceAll(address, 'ADDRESS');
    expect(a.status).toBe(b.status);
    expect(mask(a.body, known)).toBe(mask(b.body, 'ninguem@bolos.com.br'));
    expect(a.body).toContain('Se houver uma conta com <strong>sara@bolos.com.br</strong>');
    expect(await queuedEmails(server.db, 'ninguem@bolos.com.br')).toEqual([]);
    expect(await queuedEmails(server.db, known)).toHaveLength(1);
  });

  it('explains an unknown or expired link and offers a new one', async () => {
    const email = 'tati@flores.com.br';
    await account(email, 'antiga12345');
    const link = await requestReset(email);
    await server.db.query(
      `UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password'`,
    );
    for (const url of [link, '/auth/reset-password', '/auth/reset-password?token=inventado']) {
      const res = await browser().get(url);
      expect(res.status, url).toBe(400);
      expect(res.body).toContain('Este link não vale mais');
      expect(res.body).toContain('<a class="button" href="/auth/forgot-password">Pedir um novo link</a>');
    }
    const b = browser();
    const page = await b.get('/auth/login');
    const post = await b.post('/auth/reset-password', {
      csrf: hiddenInputs(page.body).csrf!,
      token: new URLSearchParams(link.split('?')[1]).get('token')!,
      password: 'nova123456',
    });
    expect(post.status).toBe(400);
    expect((await signIn(email, 'nova123456')).status).toBe(401);
  });

  it('a reset ends a lockout of the address', async () => {
    const email = 'ugo@gelato.com.br';
    await account(email, 'antiga12345');
    for (let i = 0; i < 5; i++) await signIn(email, 'errada123');
    expect((await signIn(email, 'antiga12345')).status).toBe(429);

    const link = await requestReset(email);
    const b = browser();
    const form = await b.get(link);
    expect(
      (await b.post('/auth/reset-password', { ...hiddenInputs(form.body), password: 'nova123456' })).status,
    ).toBe(200);
    expect((await signIn(email, 'nova123456')).status).toBe(303);
  });
});
