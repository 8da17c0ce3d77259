import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureEnvelope } from '../../contracts/envelope';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDevOutboxMailer } from '../../server/integrations/mail/dev-outbox-mailer';
import { recordInDevOutbox } from '../../server/modules/dev-outbox/store';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const mailer = createDevOutboxMailer(server.db);
  // Oldest first, with distinct times, so "newest first" is observable.
  await server.db.query(
    `INSERT INTO dev_outbox (channel, recipient, subject, body_text, created_at)
     VALUES ('email', 'ana@docesdaana.com.br', 'Bem-vinda', 'Primeira mensagem', now() - interval '2 minutes')`,
  );
  await recordInDevOutbox(server.db, { channel: 'sms', to: '+5511999990000', text: 'Seu código: 123456' });
  // The e-mail below is written within the same millisecond on a fast machine (PGlite's clock).
  await server.db.query(
    "UPDATE dev_outbox SET created_at = now() - interval '1 minute' WHERE recipient = '+5511999990000'",
  );
  await mailer.send({
    to: 'Ana@DocesDaAna.com.br',
    subject: '<script>alert("assunto")</script> & "aspas"',
    text: 'Confirme: http://localhost:3000/auth/verify?token=a1&next=%2Fhome. Depois <b>entre</b>.\njavascript:alert(1)',
    html: '<p onclick="x()">Olá <a href="http://localhost:3000/auth/verify?token=a1">Confirmar</a></p><script>alert("corpo")</script>',
  });
});

afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetch(`${server.url}${path}`);

interface Listed {
  id: string;
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  links: string[];
  createdAt: string;
}

describe('GET /dev/outbox/messages', () => {
  it('lists the latest messages, newest first, in the envelope', async () => {
    const res = await get('/dev/outbox/messages');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { success: true; data: { messages: Listed[] } };
    expect(body.success).toBe(true);
    expect(body.data.messages.map((m) => m.channel)).toEqual(['email', 'sms', 'email']);
    expect(body.data.messages.map((m) => m.subject)).toEqual([
      '<script>alert("assunto")</script> & "aspas"',
      null,
      'Bem-vinda',
    ]);
    const times = body.data.messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by recipient (any letter case), channel and limit, and lists the links of the text', async () => {
    const byTo = (await (await get('/dev/outbox/messages?to=ana%40docesdaana.com.br')).json()) as {
      data: { messages: Listed[] };
    };
    expect(byTo.data.messages.map((m) => m.subject)).toEqual([
      '<script>alert("assunto")</script> & "aspas"',
      'Bem-vinda',
    ]);
    expect(byTo.data.messages[0]!.links).toEqual(['http://localhost:3000/auth/verify?token=a1&next=%2Fhome']);

    const sms = (await (await get('/dev/outbox/messages?channel=sms')).json()) as {
      data: { messages: Listed[] };
    };
    expect(sms.data.messages).toEqual([
      expect.objectContaining({ to: '+5511999990000', text: 'Seu código: 123456' }),
    ]);

    const one = (await (await get('/dev/outbox/messages?limit=1')).json()) as {
      data: { messages: Listed[] };
    };
    expect(one.data.messages).toHaveLength(1);
  });

  it('answers 400 in the envelope for a bad limit; an unknown parameter is ignored, as on every route', async () => {
    expect((await get('/dev/outbox/messages?page=2')).status).toBe(200);
    for (const query of ['limit=0', 'limit=abc', 'limit=101']) {
      const res = await get(`/dev/outbox/messages?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as FailureEnvelope;
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /dev/outbox', () => {
  it('is a pt-BR page, newest first, with everything escaped and the links clickable', async () => {
    const res = await get('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();

    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('Caixa de saída (desenvolvimento)');
    // No script of any kind runs here: the hostile subject, text and HTML body are inert text.
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;assunto&quot;)&lt;/script&gt; &amp; &quot;aspas&quot;');
    expect(html).toContain('Depois &lt;b&gt;entre&lt;/b&gt;.');
    expect(html).not.toContain('<b>entre</b>');
    // The verification link is a real link; the javascript: text is not.
    expect(html).toContain(
      '<a href="http://localhost:3000/auth/verify?token=a1&amp;next=%2Fhome" rel="noopener noreferrer">',
    );
    expect(html).not.toMatch(/href="javascript:/i);
    // The HTML body only inside a sandboxed iframe (no allow-scripts, no allow-same-origin), as srcdoc.
    const iframe = /<iframe [^>]*>/.exec(html)?.[0] ?? '';
    expect(iframe).toMatch(/ sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(iframe).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(iframe).toContain(
      'srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p onclick=&quot;x()&quot;&gt;',
    );
    expect(html).not.toContain('onclick="x()"');

    // Newest first: the hostile message, the SMS, then the oldest.
    const order = ['&lt;script&gt;alert', 'Seu código: 123456', 'Bem-vinda'].map((s) => html.indexOf(s));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('filters by recipient, keeping the filter escaped in the form', async () => {
    const res = await get(`/dev/outbox?to=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<img');
    expect(html).toContain('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toContain('Nenhuma mensagem para &quot;&gt;&lt;img');
  });
});

describe('with dev pages off (production)', () => {
  it('neither route exists: 404 in the envelope', async () => {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: 'memory://',
        APP_URL: 'https://app.fechai.com.br',
      }),
      db: server.db,
      logger: false,
      serveClient: false,
    });
    try {
      for (const url of ['/dev/outbox', '/dev/outbox/messages', '/dev/outbox/messages?to=ana%40x.com']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      }
    } finally {
      await app.close();
    }
  });
});
