import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FailureEnvelope } from '../../contracts/envelope';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const report = () =>
  fetch(`${server.url}/api/client-errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'boom', url: 'http://localhost/home' }),
  });

it('limits client error reports to 30 a minute per address, in the envelope and in pt-BR', async () => {
  for (let i = 0; i < 30; i++) expect((await report()).status).toBe(202);

  const res = await report();
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  const body = (await res.json()) as FailureEnvelope;
  expect(body).toEqual({
    success: false,
    error: expect.stringMatching(/^Muitas requisições\. Tente novamente em \d+ segundos?\.$/),
    code: 'RATE_LIMITED',
    requestId: res.headers.get('x-request-id'),
  });

  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM client_errors');
  expect(rows[0]!.n).toBe(30);

  // Routes that do not opt in are not limited.
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
});
