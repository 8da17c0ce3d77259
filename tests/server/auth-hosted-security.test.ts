import { readFile } from 'node:fs/promises';
import argon2 from 'argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/hosted/passwords';
import { hashToken } from '../../server/auth/tokens/opaque-token';
import { HostedBrowser, hiddenInputs } from '../support/hosted-login';
import { startTestServer, type TestServer } from '../support/server';

const APP = 'http://localhost:3000';
const OTHER_APP = 'https://parceiro.fechai.test';
const EVIL = 'https://evil.example';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { ALLOWED_RETURN_ORIGINS: OTHER_APP } });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(async () => {
  await server.db.query('DELETE FROM sign_in_failures');
});

const browser = () => new HostedBrowser(server.app);

/** A confirmed account with this password, written directly. */
async function account(email: string, password: string): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO users (email, name, email_verified_at) VALUES ($1, 'Conta de Teste', now()) RETURNING id`,
    [email],
  );
  await server.db.query('INSERT INTO password_credentials (user_id, password_hash) VALUES ($1, $2)', [
    rows[0]!.id,
    await hashPassword(password),
  ]);
  return rows[0]!.id;
}

const signIn = (b: HostedBrowser, email: string, password: string, page = '/auth/login') =>
  b.submit(page, '/auth/login', { email, password });

describe('wrong e-mail or wrong password', () => {
  it('answer the very same page, whether or not the address has an account', async () => {
    const email = 'gabi@floricultura.com.br';
    const b = browser();
    const unknown = await signIn(b, email, 'qualquer123');
    await account(email, 'certa12345');
    const wrong = await signIn(b, email, 'errada12345');

    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    // Same browser, same CSRF cookie: not a byte apart.
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.body).toContain(
      '<div class="alert" role="alert" id="form-alert">E-mail ou senha incorretos.</div>',
    );
    expect(wrong.body).toMatch(/<input id="password"[^>]* aria-describedby="form-alert"/);
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(wrong.setCookies).toEqual(unknown.setCookies);

    // Two other browsers, two other addresses: the same page but for the CSRF token and the address.
    const other = await signIn(browser(), 'ninguem@lugar-nenhum.com.br', 'qualquer123');
    const mask = (body: string, address: string) =>
      body.replace(/name="csrf" value="[^"]+"/, 'csrf').replaceAll(address, 'ADDRESS');
    expect(mask(other.body, 'ninguem@lugar-nenhum.com.br')).toBe(mask(wrong.body, email));
  });

  it('cost the same argon2 work: an address without an account is checked against a throwaway hash', async () => {
    const email = 'kleber@oficina.com.br';
    await account(email, 'certa12345');
    const verify = vi.spyOn(argon2, 'verify');
    try {
      await signIn(browser(), 'ninguem@oficina.com.br', 'qualquer123');
      expect(verify).toHaveBeenCalledTimes(1);
      expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      await signIn(browser(), email, 'errada12345');
      expect(verify).toHaveBeenCalledTimes(2);
      expect(verify.mock.calls[1]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('lockout', () => {
  it('refuses an address for 15 minutes after 5 failures, even with the right password', async () => {
    const email = 'hugo@academia.com.br';
    const userId = await account(email, 'certa12345');
    const b = browser();
    for (let i = 1; i <= 4; i++) expect((await signIn(b, email, `errada${i}xx`)).status).toBe(401);

    const fifth = await signIn(b, email, 'errada5xx');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toContain(
      'Muitas tentativas de entrar com este e-mail. Por segurança, aguarde 15 minutos',
    );

    // Another address (and browser) cannot get around it: the count is per e-mail address.
    const right = await signIn(browser(), email.toUpperCase(), 'certa12345');
    expect(right.status).toBe(429);
    expect(right.location).toBeUndefined();
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await server.db.query('SELECT 1 FROM auth_sessions WHERE user_id = $1', [userId])).rowCount).toBe(
      0,
    );

    // Once the lock has run out, the right password works again and the count starts over.
    await server.db.query(
      `UPDATE sign_in_failures SET locked_until = now() - interval '1 second',
              window_started_at = now() - interval '16 minutes' WHERE key = $1`,
      [hashToken(email)],
    );
    expect((await signIn(b, email, 'certa12345')).status).toBe(303);
    expect((await server.db.query('SELECT 1 FROM sign_in_failures')).rowCount).toBe(0);
  });

  it('locks addresses without an account in exactly the same way', async () => {
    const known = 'iara@doceria.com.br';
    await account(known, 'certa12345');
    const unknown = 'ninguem@doceria.com.br';
    const b = browser();
    const pages: Record<string, string[]> = { [known]: [], [unknown]: [] };
    for (let i = 1; i <= 6; i++) {
      for (const email of [known, unknown]) {
        const res = await signIn(b, email, `errada${i}xx`);
        pages[email]!.push(`${res.status} ${res.body.replaceAll(email, 'ADDRESS')}`);
      }
    }
    expect(pages[unknown]).toEqual(pages[known]);
    expect(pages[unknown]!.map((page) => page.slice(0, 3))).toEqual([
      '401',
      '401',
      '401',
      '401',
      '429',
      '429',
    ]);
    const { rows } = await server.db.query<{ key: string; failures: number }>(
      'SELECT key, failures FROM sign_in_failures ORDER BY failures',
    );
    // Refused attempts are counted too (that is what refuses them); keys are digests, not addresses.
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: hashToken(known), failures: 6 },
        { key: hashToken(unknown), failures: 6 },
      ]),
    );
  });

  it('checks at most 5 passwords however many guesses arrive at once', async () => {
    const email = 'marta@confeitaria.com.br';
    const userId = await account(email, 'certa12345');
    const b = browser();
    const form = hiddenInputs((await b.get('/auth/login')).body);
    const verify = vi.spyOn(argon2, 'verify');
    let statuses: number[] = [];
    try {
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          b.post('/auth/login', { ...form, email, password: `errada${i}xx` }),
        ),
      );
      statuses = burst.map((res) => res.status);
      expect(verify).toHaveBeenCalledTimes(5);
    } finally {
      verify.mockRestore();
    }
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);

    const right = await b.post('/auth/login', { ...form, email, password: 'certa12345' });
    expect(right.status).toBe(429);
    expect((await server.db.query('SELECT 1 FROM auth_sessions WHERE user_id = $1', [userId])).rowCount).toBe(
      0,
    );
  });

  it('a successful sign-in clears the count', async () => {
    const email = 'joao@barbearia.com.br';
    await account(email, 'certa12345');
    const b = browser();
    for (let i = 0; i < 4; i++) await signIn(b, email, 'errada123');
    expect((await signIn(b, email, 'certa12345')).status).toBe(303);
    for (let i = 0; i < 4; i++) expect((await signIn(b, email, 'errada123')).status).toBe(401);
    expect((await signIn(b, email, 'certa12345')).status).toBe(303);
  });

  it('starts a new window when the last one is older than 15 minutes', async () => {
    const email = 'lia@estudio.com.br';
    const b = browser();
    for (let i = 0; i < 4; i++) await signIn(b, email, 'errada123');
    await server.db.query(
      `UPDATE sign_in_failures SET window_started_at = now() - interval '16 minutes' WHERE key = $1`,
      [hashToken(email)],
    );
    expect((await signIn(b, email, 'errada123')).status).toBe(401);
    const { rows } = await server.db.query('SELECT failures FROM sign_in_failures WHERE key = $1', [
      hashToken(email),
    ]);
    expect(rows).toEqual([{ failures: 1 }]);
  });
});

describe('CSRF', () => {
  const forms = [
    '/auth/login',
    '/auth/signup',
    '/auth/verification/resend',
    '/auth/forgot-password',
    '/auth/reset-password',
  ];

  it('refuses every form without the token, or with one that does not match the cookie, with a pt-BR 403 page', async () => {
    await account('mara@cafe.com.br', 'certa12345');
    const counts = async () =>
      (
        await server.db.query<{ sessions: number; jobs: number }>(
          `SELECT (SELECT count(*)::int FROM auth_sessions) AS sessions,
                  (SELECT count(*)::int FROM jobs WHERE kind = 'mail.send') AS jobs`,
        )
      ).rows[0];
    const before = await counts();
    for (const action of forms) {
      const b = browser();
      const page = await b.get('/auth/login');
      const { csrf } = hiddenInputs(page.body);
      const fields = { email: 'mara@cafe.com.br', password: 'certa12345', name: 'Mara', token: 'x' };

      const missing = await b.post(action, fields);
      // Another last character, whatever it was (a fixed one would match 1 time in 64).
      const other = csrf!.endsWith('A') ? 'B' : 'A';
      const mismatched = await b.post(action, { ...fields, csrf: `${csrf!.slice(0, -1)}${other}` });
      const noCookie = await browser().post(action, { ...fields, csrf: csrf! });
      for (const res of [missing, mismatched, noCookie]) {
        expect(res.status, action).toBe(403);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain('<title>Formulário expirado · Fechaí</title>');
        expect(res.body).toContain('Não foi possível enviar o formulário');
        expect(res.location).toBeUndefined();
      }
    }
    expect(await counts()).toEqual(before);
    expect((await server.db.query("SELECT 1 FROM users WHERE name = 'Mara'")).rowCount).toBe(0);
  });

  it('sets the token cookie httpOnly, SameSite=Strict, under /auth, and keeps it across pages', async () => {
    const b = browser();
    const first = await b.get('/auth/login');
    expect(first.setCookies.map((c) => c.raw)).toEqual([
      expect.stringMatching(/^fechai_auth_csrf=[A-Za-z0-9_-]{43}; Path=\/auth; HttpOnly; SameSite=Strict$/),
    ]);
    const second = await b.get('/auth/signup');
    expect(second.setCookies).toEqual([]);
    expect(hiddenInputs(second.body).csrf).toBe(hiddenInputs(first.body).csrf);
  });
});

describe('where a sign-in returns to', () => {
  it('never redirects to an origin outside the allowed ones', async () => {
    const email = 'nina@pet.com.br';
    await account(email, 'certa12345');
    const hostile = [
      EVIL,
      `${EVIL}/login`,
      'javascript:alert(1)',
      '//evil.example',
      'http://localhost:3000.evil.example',
      'nada',
    ];
    for (const returnTo of hostile) {
      const page = `/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
      const form = await browser().get(page);
      expect(form.body).not.toContain('evil.example');
      const res = await signIn(browser(), email, 'certa12345', page);
      expect(res.status).toBe(303);
      expect(res.location!.startsWith(`${APP}/login?`), returnTo).toBe(true);

      const logout = await browser().get(`/auth/logout?returnTo=${encodeURIComponent(returnTo)}`);
      expect(logout.location).toBe(`/auth/login?returnTo=${encodeURIComponent(APP)}`);
      for (const location of [res.location, logout.location]) expect(location).not.toContain('evil');
    }
  });

  it('keeps only same-app paths as redirect', async () => {
    const email = 'otto@bike.com.br';
    await account(email, 'certa12345');
    for (const redirect of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'home',
      '/ok\nx',
    ]) {
      const res = await signIn(
        browser(),
        email,
        'certa12345',
        `/auth/login?redirect=${encodeURIComponent(redirect)}`,
      );
      expect(new URL(res.location!).searchParams.has('redirect'), redirect).toBe(false);
      const logout = await browser().get(`/auth/logout?redirect=${encodeURIComponent(redirect)}`);
      expect(logout.location).not.toContain('redirect');
    }
    const ok = await signIn(browser(), email, 'certa12345', '/auth/login?redirect=%2Fsales%2Fnew');
    expect(new URL(ok.location!).searchParams.get('redirect')).toBe('/sales/new');
  });
});

describe('pages', () => {
  const pages: [string, string][] = [
    ['/auth/login', 'Entrar · Fechaí'],
    ['/auth/signup', 'Criar conta · Fechaí'],
    ['/auth/forgot-password', 'Esqueci minha senha · Fechaí'],
    ['/auth/reset-password?token=nao-existe', 'Link inválido · Fechaí'],
  ];

  it('are pt-BR documents with a title, the product header, and nothing from elsewhere', async () => {
    for (const [url, title] of pages) {
      const res = await browser().get(url);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.startsWith('<!doctype html>\n<html lang="pt-BR">')).toBe(true);
      expect(res.body).toContain(`<title>${title}</title>`);
      expect(res.body).toContain('<header class="site-header">');
      // The theme is applied by a blocking script of ours in <head>, before the stylesheet and first paint.
      expect(res.body).toMatch(
        /<head>[\s\S]*<script src="\/auth\/assets\/theme\.js\?v=[0-9a-f]+"><\/script>\n<link rel="stylesheet"[\s\S]*<\/head>/,
      );
      expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
      expect(res.body).not.toMatch(/<script>|<style>| style="| on[a-z]+="/);
      expect(res.headers['cache-control']).toBe('no-store');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain(`form-action 'self' ${APP} ${OTHER_APP}`);
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('answer an unknown /auth address with a pt-BR 404 page that leads to sign-in', async () => {
    for (const url of ['/auth/entrar', '/auth/login/velho?x=1']) {
      const res = await browser().get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<title>Página não encontrada · Fechaí</title>');
      expect(res.body).toContain('href="/auth/login"');
    }
  });

  it('serves their scripts and stylesheet from here, cached for good under a content-hashed URL', async () => {
    const page = await browser().get('/auth/signup');
    const urls = [...page.body.matchAll(/(?:src|href)="(\/auth\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(urls.map((url) => url.split('?')[0]).sort()).toEqual([
      '/auth/assets/favicon.svg',
      '/auth/assets/hosted.css',
      '/auth/assets/password-rules.js',
      '/auth/assets/theme.js',
      '/auth/assets/tokens.css',
    ]);
    for (const url of urls) {
      expect(url).toMatch(/\?v=[0-9a-f]{12}$/);
      const res = await server.app.inject({ url: url.replaceAll('&amp;', '&') });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await server.app.inject({ url: '/auth/assets/../routes.ts' })).statusCode).toBe(404);
    // The theme script and the tokens are the app's own files, not copies that could drift.
    const served = async (name: string) =>
      (await server.app.inject({ url: urls.find((url) => url.includes(name))! })).body;
    expect(await served('theme.js')).toBe(await readFile('public/theme-init.js', 'utf8'));
    expect(await served('tokens.css')).toBe(await readFile('src/styles/tokens.css', 'utf8'));
  });

  it('lists the password rules under the new-password field, described by them', async () => {
    const page = await browser().get('/auth/signup');
    expect(page.body).toMatch(
      /<input id="password" name="password" type="password" autocomplete="new-password" required maxlength="128" aria-describedby="password-rules" data-password-rules="password-rules" data-email-input="email">/,
    );
    for (const label of [
      'Pelo menos 8 caracteres',
      'Pelo menos uma letra',
      'Pelo menos um número',
      'Diferente do seu e-mail',
    ]) {
      expect(page.body).toContain(label);
    }
  });
});

describe('rate limits', () => {
  it('answer a pt-BR HTML page, not JSON, once an address sends too many', async () => {
    const b = browser();
    for (let i = 0; i < 5; i++) {
      expect(
        (await b.submit('/auth/forgot-password', '/auth/forgot-password', { email: `x${i}@a.com.br` }))
          .status,
      ).toBe(200);
    }
    const limited = await b.submit('/auth/forgot-password', '/auth/forgot-password', { email: 'y@a.com.br' });
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toContain('<title>Muitas tentativas · Fechaí</title>');
    expect(limited.body).toMatch(/Muitas requisições\. Tente novamente em \d+ segundos\./);
    expect(limited.body).toContain('href="/auth/forgot-password"');

    // Another address is not affected.
    expect(
      (await browser().submit('/auth/forgot-password', '/auth/forgot-password', { email: 'z@a.com.br' }))
        .status,
    ).toBe(200);
  });

  it('limit signing in per address', async () => {
    const b = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push(
        (await b.submit('/auth/login', '/auth/login', { email: `p${i}@a.com.br`, password: 'x' })).status,
      );
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('are raised for addresses many people share when AUTH_RATE_LIMIT_MULTIPLIER says so', async () => {
    const shared = await startTestServer({ env: { AUTH_RATE_LIMIT_MULTIPLIER: '2' } });
    try {
      const b = new HostedBrowser(shared.app);
      const statuses: number[] = [];
      for (let i = 0; i < 41; i++)
        statuses.push(
          (await b.submit('/auth/login', '/auth/login', { email: `q${i}@a.com.br`, password: 'x' })).status,
        );
      expect(statuses.slice(0, 40).every((s) => s === 401)).toBe(true);
      expect(statuses[40]).toBe(429);
    } finally {
      await shared.close();
    }
  });
});

describe('form bodies', () => {
  it('are parsed only here: the API still refuses them', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'message=x&url=y',
    });
    expect(res.statusCode).toBe(415);
  });

  it('answer a body the forms never send with an HTML page', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('lang="pt-BR"');
  });
});
