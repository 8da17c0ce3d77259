import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/hosted/passwords';
import { createTestAccount, sessionHeadersFor } from '../support/auth';
import { hiddenInputs, linkIn, queuedEmails } from '../support/hosted-login';
import { startTestServer, type TestServer } from '../support/server';

/**
 * With APP_URL unset, links and redirects stay on the address the person used when that address is
 * this server's own (127.0.0.1, localhost, this machine's interfaces, on its port), and fall back to
 * the default (http://localhost:3000) for any other Host, which the caller is free to forge. Over real
 * HTTP, since the check reads the port the connection came in on.
 */

const DEFAULT = 'http://localhost:3000';
const PASSWORD = 'brigadeiro123';

let server: TestServer;
let port: number;
let configured: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(server.url).port);
  configured = await startTestServer({ env: { APP_URL: 'https://app.fechai.test' } });
});
afterAll(async () => {
  await server?.close();
  await configured?.close();
});

interface Answer {
  status: number;
  location: string | undefined;
  body: string;
  setCookies: string[];
}

/** A browser on `host` (the Host header it sends), connected to the test server on 127.0.0.1. */
function browserOn(target: TestServer, host: string) {
  const cookies = new Map<string, string>();
  const targetPort = Number(new URL(target.url).port);
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: targetPort,
          method,
          path,
          headers: { host, accept: 'text/html', ...(cookie && { cookie }), ...headers },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            const setCookies = res.headers['set-cookie'] ?? [];
            for (const line of setCookies) {
              const [pair = ''] = line.split(';');
              const eq = pair.indexOf('=');
              cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
            }
            resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: text, setCookies });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return {
    get: (path: string, headers?: Record<string, string>) => send('GET', path, headers),
    /** Opens `page` and submits its form to `action` with `fields`, as a browser would. */
    async submit(page: string, action: string, fields: Record<string, string>) {
      const opened = await send('GET', page);
      const form = new URLSearchParams({ ...hiddenInputs(opened.body), ...fields }).toString();
      return send('POST', action, { 'content-type': 'application/x-www-form-urlencoded' }, form);
    },
  };
}

async function accountWithPassword(target: TestServer): Promise<string> {
  const account = await createTestAccount(target.db);
  await target.db.query('INSERT INTO password_credentials (user_id, password_hash) VALUES ($1, $2)', [
    account.userId,
    await hashPassword(PASSWORD),
  ]);
  return account.email;
}

const signInOn = async (target: TestServer, host: string, query = '') => {
  const email = await accountWithPassword(target);
  return browserOn(target, host).submit(`/auth/login${query}`, '/auth/login', { email, password: PASSWORD });
};

const returnOf = (answer: Answer) => {
  expect(answer.status).toBe(303);
  const url = new URL(answer.location!);
  return `${url.origin}${url.pathname}`;
};

describe('signing in keeps the address the app was opened on', () => {
  it('returns to 127.0.0.1 and to localhost, each where it started', async () => {
    const ip = `127.0.0.1:${port}`;
    const named = `localhost:${port}`;
    expect(returnOf(await signInOn(server, ip, `?returnTo=http%3A%2F%2F${ip}`))).toBe(`http://${ip}/login`);
    expect(returnOf(await signInOn(server, named, `?returnTo=http%3A%2F%2F${named}`))).toBe(
      `http://${named}/login`,
    );
    // Without returnTo (a bookmarked /auth/login), the address of the page itself.
    expect(returnOf(await signInOn(server, ip))).toBe(`http://${ip}/login`);
  });

  it('never returns to a forged Host, another port or another machine asked for in returnTo', async () => {
    expect(returnOf(await signInOn(server, 'evil.example'))).toBe(`${DEFAULT}/login`);
    expect(returnOf(await signInOn(server, `evil.example:${port}`))).toBe(`${DEFAULT}/login`);
    expect(returnOf(await signInOn(server, `127.0.0.1:${port + 1}`))).toBe(`${DEFAULT}/login`);
    const askedElsewhere = await signInOn(
      server,
      `127.0.0.1:${port}`,
      `?returnTo=${encodeURIComponent('http://evil.example')}`,
    );
    expect(returnOf(askedElsewhere)).toBe(`http://127.0.0.1:${port}/login`);
    const askedOtherPort = await signInOn(
      server,
      `127.0.0.1:${port}`,
      `?returnTo=${encodeURIComponent(`http://127.0.0.1:${port + 1}`)}`,
    );
    expect(returnOf(askedOtherPort)).toBe(`http://127.0.0.1:${port}/login`);
  });

  it('signs out back to the sign-in page on the same address', async () => {
    const answer = await browserOn(server, `127.0.0.1:${port}`).get('/auth/logout?redirect=%2Ftasks');
    expect(answer.status).toBe(303);
    const next = new URLSearchParams(answer.location!.split('?')[1]);
    expect(next.get('returnTo')).toBe(`http://127.0.0.1:${port}`);
    expect(next.get('redirect')).toBe('/tasks');
  });

  it('with APP_URL set, always returns there', async () => {
    const host = `127.0.0.1:${new URL(configured.url).port}`;
    expect(returnOf(await signInOn(configured, host, `?returnTo=http%3A%2F%2F${host}`))).toBe(
      'https://app.fechai.test/login',
    );
  });
});

describe('e-mail links point at the address the request was made on, when it is this server', () => {
  async function resetLinkVia(target: TestServer, host: string): Promise<string> {
    const email = await accountWithPassword(target);
    const answer = await browserOn(target, host).submit('/auth/forgot-password', '/auth/forgot-password', {
      email,
    });
    expect(answer.status).toBe(200);
    const mail = (await queuedEmails(target.db, email)).at(-1)!;
    return linkIn(mail.text, 'http');
  }

  it('a password reset asked on 127.0.0.1 links to 127.0.0.1', async () => {
    const link = await resetLinkVia(server, `127.0.0.1:${port}`);
    expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/auth/reset-password\\?token=`));
  });

  it('a forged Host gets the default address in the link, never its own', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `10.255.255.1:${port}`]) {
      const link = await resetLinkVia(server, host);
      expect(link.startsWith(`${DEFAULT}/auth/reset-password?token=`)).toBe(true);
    }
  });

  it('a sign-up confirmation opens the app on the address used to sign up', async () => {
    const email = 'nova@exemplo.com.br';
    const answer = await browserOn(server, `localhost:${port}`).submit('/auth/signup', '/auth/signup', {
      name: 'Nova Pessoa',
      email,
      password: PASSWORD,
    });
    expect(answer.status).toBe(200);
    const mail = (await queuedEmails(server.db, email)).at(-1)!;
    expect(linkIn(mail.text, 'http')).toMatch(
      new RegExp(`^http://localhost:${port}/signup\\?verificationToken=`),
    );
  });

  it('with APP_URL set, links use it whatever the Host', async () => {
    const link = await resetLinkVia(configured, `127.0.0.1:${new URL(configured.url).port}`);
    expect(link.startsWith('https://app.fechai.test/auth/reset-password?token=')).toBe(true);
  });
});

describe('checkout returns to the address the app is used on', () => {
  async function checkoutVia(host: string): Promise<string> {
    const account = await createTestAccount(server.db);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/billing/checkout',
          headers: { ...sessionHeadersFor(account), host, 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ planId: 'monthly' }));
    });
    expect(answer.status).toBe(200);
    return (JSON.parse(answer.body) as { data: { url: string } }).data.url;
  }

  it('opens the checkout page on 127.0.0.1 or localhost, and on the default for a forged Host', async () => {
    expect(await checkoutVia(`127.0.0.1:${port}`)).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/dev/stripe/checkout/cs_test_`),
    );
    expect(await checkoutVia(`localhost:${port}`)).toMatch(
      new RegExp(`^http://localhost:${port}/dev/stripe/checkout/cs_test_`),
    );
    expect(await checkoutVia('evil.example')).toMatch(new RegExp(`^${DEFAULT}/dev/stripe/checkout/cs_test_`));
  });
});
