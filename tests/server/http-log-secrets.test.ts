import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { loggableUrl } from '../../server/http/loggable-url';
import { openTestDb, type TestDb } from '../support/db';

describe('loggableUrl', () => {
  it('hides the values of secret-bearing parameters and keeps the rest', () => {
    expect(loggableUrl('/login?accessToken=a.b.c&refreshToken=r&userId=u&redirect=%2Fhome')).toBe(
      '/login?accessToken=%5Boculto%5D&refreshToken=%5Boculto%5D&userId=u&redirect=%2Fhome',
    );
    expect(loggableUrl('https://app.fechai.com.br/signup?verificationToken=v#x')).toBe(
      'https://app.fechai.com.br/signup?verificationToken=%5Boculto%5D',
    );
    expect(loggableUrl('/auth/reset-password?token=t')).toBe('/auth/reset-password?token=%5Boculto%5D');
    expect(loggableUrl('/customers?page=2')).toBe('/customers?page=2');
    expect(loggableUrl('/home')).toBe('/home');
  });
});

describe('what the server logs and stores', () => {
  let t: TestDb;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await openTestDb();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', LOG_PRETTY: '0' }),
      db: t.db,
      serveClient: false,
      logStream: { write: (line) => void lines.push(line) },
    });
  });

  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('never contains the tokens of sign-in addresses, e-mail links or reported page URLs', async () => {
    await app.inject({ url: '/login?accessToken=SEGREDO-1&refreshToken=SEGREDO-2&userId=u' });
    await app.inject({ url: '/auth/reset-password?token=SEGREDO-3' });
    await app.inject({ url: '/api/nada?token=SEGREDO-4' });
    const reported = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: 'quebrou', url: 'http://localhost/signup?verificationToken=SEGREDO-5' },
    });
    expect(reported.statusCode).toBe(202);

    const logged = lines.join('');
    expect(logged).toContain('/auth/reset-password?token=%5Boculto%5D');
    expect(logged).toContain('verificationToken=%5Boculto%5D');
    expect(logged).not.toMatch(/SEGREDO/);
    const stored = await t.db.query<{ url: string }>('SELECT url FROM client_errors');
    expect(stored.rows).toEqual([{ url: 'http://localhost/signup?verificationToken=%5Boculto%5D' }]);
  });

  it('never contains the headers of a request the HTTP parser refused', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write(
        'POST /api/client-errors HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer SEGREDO-6\r\nContent-Length: -1\r\n\r\n',
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const logged = lines.join('');
    expect(logged).toContain('request refused by the HTTP parser');
    // Neither as text nor as the bytes of a serialised buffer.
    expect(logged).not.toMatch(/SEGREDO/);
    expect(logged).not.toContain(Buffer.from('SEGREDO').join(','));
  });
});
