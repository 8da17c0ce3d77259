import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../contracts/customers';
import type { FailureEnvelope } from '../../contracts/envelope';
import { BROKEN_CHARACTER_TEXT, NUL_CHARACTER_TEXT, nulTextPaths } from '../../server/http/nul-characters';
import { loadSimulatorCredentials } from '../../server/integrations/billing/stripe-simulator/credentials';
import { createTestAccount } from '../support/auth';
import { HostedBrowser, hiddenInputs } from '../support/hosted-login';
import { signedInApi, withSubscriberServer } from '../support/signed-in-api';

/**
 * Issue 11: text with a NUL character (U+0000), which PostgreSQL cannot store, is a 400 naming the
 * field wherever it is sent (body at any depth, query, path, forms, dev pages), never a 500; where
 * the text is copied from elsewhere rather than typed (an imported file, a client error report) the
 * character is dropped instead.
 */

const NUL = '\u0000';

const setup = withSubscriberServer();

async function customerCount(companyId: string): Promise<number> {
  const { rows } = await setup.server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM customers WHERE company_id = $1',
    [companyId],
  );
  return rows[0]!.n;
}

function expectNulIssue(answer: { status: number; body: unknown }, path: string, error: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toEqual({
    success: false,
    error,
    code: 'VALIDATION_ERROR',
    issues: [{ path, message: NUL_CHARACTER_TEXT }],
    requestId: expect.any(String),
  });
}

describe('in the API', () => {
  it('a body field is a 400 on that field, and nothing is stored', async () => {
    const before = await customerCount(setup.owner.companyId);
    const answer = await setup.owner.api.post('/api/customers', { name: `Ana${NUL} Lima` });
    expectNulIssue(answer, 'name', 'Dados inválidos. Confira os campos informados.');
    expect(await customerCount(setup.owner.companyId)).toBe(before);
  });

  it('a field inside an array or a nested object is named by its full path', async () => {
    const tagged = await setup.owner.api.post('/api/customers', {
      name: 'Bruno',
      tags: ['vip', `atacado${NUL}`],
    });
    expectNulIssue(tagged, 'tags.1', 'Dados inválidos. Confira os campos informados.');

    const serviceId = randomUUID();
    const deal = await setup.owner.api.post('/api/sales/deals', {
      title: 'Bolo',
      valueCents: 100,
      services: [{ serviceId: `${serviceId}${NUL}` }],
    });
    expectNulIssue(deal, 'services.0.serviceId', 'Dados inválidos. Confira os campos informados.');
  });

  it('half of a character (an emoji cut in two) is a 400 on its field, and nothing is stored', async () => {
    // JSON carries it as "\ud83c"; PostgreSQL's json refuses that escape, text would keep U+FFFD.
    const before = await customerCount(setup.owner.companyId);
    const answer = await setup.owner.api.post('/api/customers', { name: 'Bolo', notes: 'Festa \ud83c!' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      issues: [{ path: 'notes', message: BROKEN_CHARACTER_TEXT }],
    });
    expect(await customerCount(setup.owner.companyId)).toBe(before);
    // A whole emoji is fine.
    const whole = await setup.owner.api.post('/api/customers', {
      name: 'Bolo',
      notes: 'Festa \ud83c\udf89!',
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
  });

  it('a query parameter is a 400 on query.<name>', async () => {
    const answer = await setup.owner.api.get(`/api/customers?search=${encodeURIComponent(`an${NUL}a`)}`);
    expectNulIssue(answer, 'query.search', 'Parâmetros de consulta inválidos.');
  });

  it('a path parameter is a 400 on params.<name>', async () => {
    const answer = await setup.owner.api.put(
      `/api/customers/${encodeURIComponent(`${randomUUID()}${NUL}`)}`,
      {
        name: 'Ana',
      },
    );
    expectNulIssue(answer, 'params.id', 'Parâmetro inválido no endereço da requisição.');
  });

  it('is checked after the route guards: without a session it is the same 401 as any input', async () => {
    const response = await fetch(`${setup.server.url}/api/customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Ana${NUL}` }),
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as FailureEnvelope).code).toBe('UNAUTHENTICATED');
  });

  it('an imported row loses the character: the file is the person’s, the row is imported', async () => {
    const answer = await setup.owner.api.post<{ created: number; rows: { customerId?: string }[] }>(
      '/api/customers/import',
      {
        importId: randomUUID(),
        batch: 0,
        rows: [
          { line: 1, name: `Car${NUL}la Dias`, email: `carla${NUL}@email.com.br`, tags: [`novo${NUL}`] },
        ],
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.created).toBe(1);
    const detail = await setup.owner.api.get<{ customer: Customer }>(
      `/api/customers/${answer.body.data.rows[0]!.customerId}`,
    );
    expect(detail.body.data.customer).toMatchObject({
      name: 'Carla Dias',
      email: 'carla@email.com.br',
      tags: ['novo'],
    });
  });

  it('a client error report loses the character and is stored', async () => {
    const requestId = `nul-report-${randomUUID()}`;
    const response = await fetch(`${setup.server.url}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({
        message: `Unexpected ${NUL} in JSON`,
        stack: `SyntaxError${NUL}\n    at parse`,
        url: `http://localhost/customers?q=${NUL}`,
      }),
    });
    expect(response.status).toBe(202);
    const { rows } = await setup.server.db.query(
      'SELECT message, stack, url FROM client_errors WHERE request_id = $1',
      [requestId],
    );
    expect(rows).toEqual([
      {
        message: 'Unexpected  in JSON',
        stack: 'SyntaxError\n    at parse',
        url: 'http://localhost/customers?q=',
      },
    ]);
  });
});

describe('on the hosted login', () => {
  it('a form field is the 400 page, not a crash', async () => {
    const browser = new HostedBrowser(setup.server.app);
    for (const [page, fields] of [
      ['/auth/login', { email: `ana${NUL}@email.com.br`, password: 'uma senha qualquer' }],
      ['/auth/signup', { name: `Ana${NUL}`, email: 'ana.nova@email.com.br', password: 'Senha-forte-2026' }],
      ['/auth/forgot-password', { email: `ana${NUL}@email.com.br` }],
    ] as const) {
      const answer = await browser.submit(page, page, fields);
      expect(answer.status, page).toBe(400);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('Não foi possível continuar');
    }
  });

  it('a query parameter is the 400 page too', async () => {
    const answer = await new HostedBrowser(setup.server.app).get(
      `/auth/reset-password?token=${encodeURIComponent(`abc${NUL}`)}`,
    );
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('on the dev pages', () => {
  it('the outbox page and its JSON answer 400', async () => {
    const page = await fetch(`${setup.server.url}/dev/outbox?to=${encodeURIComponent(`a${NUL}`)}`);
    expect(page.status).toBe(400);
    const json = await fetch(`${setup.server.url}/dev/outbox/messages?to=${encodeURIComponent(`a${NUL}`)}`);
    expect(json.status).toBe(400);
    expect(((await json.json()) as FailureEnvelope).issues).toEqual([
      { path: 'query.to', message: NUL_CHARACTER_TEXT },
    ]);
  });

  it('the Stripe simulator answers 400 on its API (Stripe’s shape) and on its checkout page', async () => {
    const { secretKey } = await loadSimulatorCredentials(setup.server.db);
    const api = await fetch(`${setup.server.url}/dev/stripe/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: `ana${NUL}@email.com.br` }).toString(),
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.any(String), param: 'email' },
    });

    const unpaid = signedInApi(
      setup.server.url,
      await createTestAccount(setup.server.db, { subscription: 'expired' }),
    );
    const checkout = await unpaid.post<{ url: string }>('/api/billing/checkout', { planId: 'monthly' });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const path = new URL(checkout.body.data.url).pathname;
    const form = hiddenInputs(await (await fetch(`${setup.server.url}${path}`)).text());
    const paid = await fetch(`${setup.server.url}${path}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, email: `ana${NUL}@email.com.br`, cardNumber: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(400);
    expect(paid.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await paid.text()).toContain('Dados inválidos. Confira os campos informados.');
  });
});

describe('finding them', () => {
  it('names each one by its path, keys included, however deep the value is nested', () => {
    let deep: unknown = `fim${NUL}`;
    for (let level = 0; level < 200_000; level++) deep = [deep];
    const [path] = nulTextPaths({ ok: 'sim', [`chave${NUL}`]: 1, deep }, ['body']);
    expect(path).toBe(`body.chave${NUL}`);
    expect(nulTextPaths({ deep })).toEqual([`deep${'.0'.repeat(200_000)}`]);
  });
});
