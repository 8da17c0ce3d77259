import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as z from 'zod/mini';
import type { FailureEnvelope } from '../../contracts/envelope';
import { realtimeCloseCodes } from '../../contracts/realtime';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/types';
import { route } from '../../server/http/route';
import { startTestServer, type TestServer } from '../support/server';

const itemContract = {
  method: 'GET',
  url: '/api/test/items/:itemId',
  params: z.strictObject({ itemId: z.uuid() }),
  query: z.strictObject({
    limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  }),
  response: z.object({ itemId: z.string(), limit: z.number() }),
} as const;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    configure(app) {
      // A route with a path id and a query, and one that breaks, to exercise the pipeline.
      route(app, itemContract, {
        handler: ({ params, query }) => ({ itemId: params.itemId, limit: query.limit ?? 20 }),
      });
      route(
        app,
        { method: 'GET', url: '/api/test/drift', response: z.object({ total: z.number() }) } as const,
        {
          // A handler whose answer no longer matches its contract (as after a careless refactor).
          handler: () => ({ total: 'many' }) as unknown as { total: number },
        },
      );
      app.get('/api/test/boom', async () => {
        throw new Error('connection string postgres://secret@db leaked?');
      });
    },
  });
});

afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

const validReport = { message: 'Cannot read properties of undefined', url: 'http://localhost/customers' };

async function clientErrorCount(): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_errors');
  return rows[0]!.n;
}

async function failure(res: Response): Promise<FailureEnvelope> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as FailureEnvelope;
  expect(body.success).toBe(false);
  expect(body.requestId).toBeTruthy();
  expect(res.headers.get('x-request-id')).toBe(body.requestId);
  return body;
}

describe('GET /api/health', () => {
  it('answers the envelope after querying the database', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      data: { status: 'ok', version: expect.any(String), database: server.db.kind, time: expect.any(String) },
    });
    expect(Math.abs(Date.parse(body.data.time) - Date.now())).toBeLessThan(60_000);
  });

  it('answers 503 in the envelope when the database does not answer', async () => {
    const down: Db = { ...server.db, query: () => Promise.reject(new Error('ECONNREFUSED')) };
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      db: down,
      logger: false,
      serveClient: false,
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const res = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`);
      expect(res.status).toBe(503);
      const body = await failure(res);
      expect(body.error).toBe('Banco de dados indisponível.');
      expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
    } finally {
      await app.close();
    }
  });
});

describe('buildApp', () => {
  it('fails with the cause, and releases what it opened, when a route cannot be set up', async () => {
    const attempt = buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      db: server.db,
      logger: false,
      configure(app) {
        app.get('/api/health', async () => 'twice');
      },
    });
    await expect(attempt).rejects.toThrow(/already declared/);
  });
});

describe('GET /api/realtime', () => {
  it('is wired: a socket opens, and without sign-in it is closed with 4401', async () => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`);
    const code = await new Promise<number>((resolve, reject) => {
      socket.on('close', (closeCode) => resolve(closeCode));
      socket.on('error', reject);
    });
    expect(code).toBe(realtimeCloseCodes.unauthenticated);
  });
});

describe('GET /healthz', () => {
  it('answers a bare ok', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
  });
});

describe('errors in the envelope', () => {
  it('404 for an unknown /api route, any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${server.url}/api/nope`, { method, headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      const body = await failure(res);
      expect(body).toMatchObject({ error: 'Rota não encontrada.', code: 'NOT_FOUND' });
    }
  });

  it('400 for malformed JSON, and nothing is stored', async () => {
    const res = await post('/api/client-errors', '{"message": "oops",');
    expect(res.status).toBe(400);
    const body = await failure(res);
    expect(body).toMatchObject({ error: 'JSON inválido no corpo da requisição.', code: 'VALIDATION_ERROR' });
    expect(await clientErrorCount()).toBe(0);
  });

  it('400 with pt-BR issues for wrong types and missing fields', async () => {
    const res = await post('/api/client-errors', JSON.stringify({ message: 42, stack: ['x'] }));
    expect(res.status).toBe(400);
    const body = await failure(res);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.error).toBe('Dados inválidos. Confira os campos informados.');
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: 'message', message: expect.stringMatching(/esperava um texto, recebeu um número/) },
        { path: 'stack', message: expect.stringMatching(/esperava um texto/) },
        { path: 'url', message: 'Campo obrigatório' },
      ]),
    );
    expect(body.issues).toHaveLength(3);
  });

  it('400 for an unknown field, named in the issues', async () => {
    const res = await post('/api/client-errors', JSON.stringify({ ...validReport, isAdmin: true }));
    expect(res.status).toBe(400);
    const body = await failure(res);
    expect(body.issues).toEqual([{ path: 'isAdmin', message: 'Campo não permitido' }]);
    expect(await clientErrorCount()).toBe(0);
  });

  it('400 for a string over its limit', async () => {
    const res = await post(
      '/api/client-errors',
      JSON.stringify({ ...validReport, message: 'x'.repeat(2001) }),
    );
    expect(res.status).toBe(400);
    const body = await failure(res);
    expect(body.issues).toEqual([{ path: 'message', message: 'Deve ter no máximo 2000 caracteres' }]);
  });

  it('413 for a body over 1 MB', async () => {
    const res = await post(
      '/api/client-errors',
      JSON.stringify({ ...validReport, stack: 'x'.repeat(1024 * 1024) }),
    );
    expect(res.status).toBe(413);
    const body = await failure(res);
    expect(body).toMatchObject({ error: 'Corpo da requisição excede 1 MB.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await post('/api/client-errors', 'message=oi', { 'content-type': type });
      expect(res.status).toBe(415);
      const body = await failure(res);
      expect(body.error).toBe('Tipo de conteúdo não suportado: envie application/json.');
    }
  });

  it('400 for a bad path id and a bad query value; the route answers good ones', async () => {
    const bad = await fetch(`${server.url}/api/test/items/123`);
    expect(bad.status).toBe(400);
    const badBody = await failure(bad);
    expect(badBody.error).toBe('Parâmetro inválido no endereço da requisição.');
    expect(badBody.issues).toEqual([{ path: 'params.itemId', message: 'Identificador inválido' }]);

    const id = '5f0c7d5e-8a43-4c1e-9a4b-2f7e9c3d1a20';
    const badQuery = await fetch(`${server.url}/api/test/items/${id}?limit=500`);
    expect(badQuery.status).toBe(400);
    expect((await failure(badQuery)).issues).toEqual([{ path: 'query.limit', message: expect.any(String) }]);

    const good = await fetch(`${server.url}/api/test/items/${id}?limit=5`);
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ success: true, data: { itemId: id, limit: 5 } });
  });

  it('500 without stack or internals, with the request id', async () => {
    const res = await fetch(`${server.url}/api/test/boom`);
    expect(res.status).toBe(500);
    const body = await failure(res);
    expect(body).toEqual({
      success: false,
      error: 'Erro interno do servidor.',
      code: 'INTERNAL_ERROR',
      requestId: expect.any(String),
    });
  });

  it('500 when a handler answers outside its contract, so tests catch the drift', async () => {
    const res = await fetch(`${server.url}/api/test/drift`);
    expect(res.status).toBe(500);
    expect((await failure(res)).code).toBe('INTERNAL_ERROR');
  });

  it('400 for a malformed address', async () => {
    const res = await fetch(`${server.url}/api/test/items/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect((await failure(res)).error).toBe('Endereço da requisição inválido.');
  });

  it("keeps a sane incoming x-request-id and replaces one that isn't", async () => {
    const kept = await fetch(`${server.url}/api/nope`, { headers: { 'x-request-id': 'lb-1234.abc' } });
    expect((await failure(kept)).requestId).toBe('lb-1234.abc');
    const replaced = await fetch(`${server.url}/api/nope`, { headers: { 'x-request-id': '<script>' } });
    expect((await failure(replaced)).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('POST /api/client-errors', () => {
  it('stores exactly one row and answers 202', async () => {
    const before = await clientErrorCount();
    const report = {
      ...validReport,
      stack: 'TypeError: x\n    at CustomersPage',
      componentStack: '\n    at CustomersPage',
      release: '0.1.0',
    };
    const res = await post('/api/client-errors', JSON.stringify(report), {
      'user-agent': 'Mozilla/5.0 test',
      'x-request-id': 'req-client-error-1',
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ success: true, data: { received: true } });
    expect(await clientErrorCount()).toBe(before + 1);
    const { rows } = await server.db.query(
      'SELECT message, stack, component_stack, url, release, user_agent, request_id FROM client_errors WHERE request_id = $1',
      ['req-client-error-1'],
    );
    expect(rows).toEqual([
      {
        message: report.message,
        stack: report.stack,
        component_stack: report.componentStack,
        url: report.url,
        release: '0.1.0',
        user_agent: 'Mozilla/5.0 test',
        request_id: 'req-client-error-1',
      },
    ]);
  });
});

describe('security headers', () => {
  it('sends helmet headers with a CSP fit for the client', async () => {
    const res = await fetch(`${server.url}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
