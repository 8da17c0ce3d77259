import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_INVALID_TEXT, IDEMPOTENCY_KEY_REUSED_TEXT } from '../../server/http/idempotency';
import { waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { type Answer, newSubscriber, type Subscriber } from '../support/signed-in-api';
import { workspaceContracts } from '../support/workspace-contracts';

/**
 * Idempotency-Key on every create (issue 11, "Nothing done twice"): a repeat with the same key answers
 * the first answer and makes no second row, whatever happened to the first answer. The creates are
 * read from the contracts (`idempotent: true`), so a create added later is walked here too, once it
 * has a sample below.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface CreateSample {
  /** A valid body, new each time (names and phones are unique per company). */
  body(n: number): unknown;
  /** Rows the create adds, counted in the caller's company. */
  count: string;
  /** The new row's id in the answer. */
  idOf(data: never): string;
}

let unique = 0;
const next = () => ++unique;
const phone = (n: number) => `11 9${String(10_000_000 + n).slice(-8)}`;

const samples: Record<string, CreateSample> = {
  'POST /api/customers': {
    body: (n) => ({ name: `Cliente ${n}`, phone: phone(n) }),
    count: 'SELECT count(*)::int AS n FROM customers WHERE company_id = $1',
    idOf: (data: { customer: { id: string } }) => data.customer.id,
  },
  'POST /api/customers/import': {
    body: (n) => ({ importId: randomUUID(), batch: 0, rows: [{ line: 1, name: `Importado ${n}` }] }),
    count: 'SELECT count(*)::int AS n FROM customers WHERE company_id = $1',
    idOf: (data: { rows: { customerId: string }[] }) => data.rows[0]!.customerId,
  },
  'POST /api/tasks': {
    body: (n) => ({ title: `Ligar ${n}`, dueAt: new Date(Date.now() + 86_400_000).toISOString() }),
    count: 'SELECT count(*)::int AS n FROM tasks WHERE company_id = $1',
    idOf: (data: { task: { id: string } }) => data.task.id,
  },
  'POST /api/sales/deals': {
    body: (n) => ({ title: `Bolo de casamento ${n}`, valueCents: 100 * n }),
    count: 'SELECT count(*)::int AS n FROM deals WHERE company_id = $1',
    idOf: (data: { deal: { id: string } }) => data.deal.id,
  },
  'POST /api/sales/stages': {
    body: (n) => ({ name: `Etapa ${n}` }),
    count: 'SELECT count(*)::int AS n FROM deal_stages WHERE company_id = $1',
    idOf: (data: { stage: { id: string } }) => data.stage.id,
  },
  'POST /api/settings/services': {
    body: (n) => ({ name: `Serviço ${n}`, priceCents: 1000 + n }),
    count: 'SELECT count(*)::int AS n FROM services WHERE company_id = $1',
    idOf: (data: { businessService: { id: string } }) => data.businessService.id,
  },
};

const creates = workspaceContracts.filter((c) => (c as { idempotent?: boolean }).idempotent === true);
const nameOf = (c: { method: string; url: string }) => `${c.method} ${c.url}`;

it('every create of the contracts is idempotent and has a sample here', () => {
  // A POST to a collection (no id in the path) makes something: it must take a key.
  const posts = workspaceContracts.filter((c) => c.method === 'POST' && !c.url.includes(':')).map(nameOf);
  expect(creates.map(nameOf).sort()).toEqual(posts.sort());
  expect(Object.keys(samples).sort()).toEqual(posts.sort());
});

async function rows(subscriber: Subscriber, sample: CreateSample): Promise<number> {
  return (await server.db.query<{ n: number }>(sample.count, [subscriber.companyId])).rows[0]!.n;
}

const keyed = (key: string) => ({ 'idempotency-key': key });

describe.each(creates.map((c) => [nameOf(c), c.url] as const))('%s', (name, url) => {
  const sample = samples[name]!;
  const idOf = (answer: Answer<unknown>) => sample.idOf(answer.body.data as never);

  it('a repeat with the same key answers the first answer (marked as a replay) and creates nothing', async () => {
    const owner = await newSubscriber(server);
    const before = await rows(owner, sample);
    const key = randomUUID();
    const body = sample.body(next());

    const first = await owner.api.post(url, body, keyed(key));
    expect(first.status).toBeLessThan(300);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await owner.api.post(url, body, keyed(key));
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    expect(idOf(again)).toBe(idOf(first));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await rows(owner, sample)).toBe(before + 1);

    // Without a key, or with another one, the same body is a new request.
    const other = await owner.api.post(url, sample.body(next()), keyed(randomUUID()));
    expect(idOf(other)).not.toBe(idOf(first));
    expect(await rows(owner, sample)).toBe(before + 2);
  });

  it('ten requests at once with one key make one row, and all get its answer', async () => {
    const owner = await newSubscriber(server);
    const before = await rows(owner, sample);
    const key = randomUUID();
    const body = sample.body(next());

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => owner.api.post(url, body, keyed(key))),
    );
    expect(new Set(answers.map((a) => a.status)).size).toBe(1);
    expect(answers[0]!.status).toBeLessThan(300);
    expect(new Set(answers.map(idOf)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await rows(owner, sample)).toBe(before + 1);
  });

  it('the same key with other data is refused in pt-BR and creates nothing', async () => {
    const owner = await newSubscriber(server);
    const key = randomUUID();
    await owner.api.post(url, sample.body(next()), keyed(key));
    const before = await rows(owner, sample);

    const refused = await owner.api.post(url, sample.body(next()), keyed(key));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      success: false,
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: IDEMPOTENCY_KEY_REUSED_TEXT,
      requestId: expect.any(String),
    });
    expect(await rows(owner, sample)).toBe(before);
  });

  it("another company's request with the same key is its own", async () => {
    const [ana, bruno] = [await newSubscriber(server), await newSubscriber(server)];
    const key = randomUUID();
    const body = sample.body(next());

    const hers = await ana.api.post(url, body, keyed(key));
    const his = await bruno.api.post(url, body, keyed(key));
    expect(his.status).toBe(hers.status);
    expect(his.headers.get('idempotent-replayed')).toBeNull();
    expect(idOf(his)).not.toBe(idOf(hers));
    const stored = await server.db.query<{ company_id: string }>(
      'SELECT company_id FROM idempotency_keys WHERE key = $1 ORDER BY company_id',
      [key],
    );
    expect(stored.rows.map((r) => r.company_id).sort()).toEqual([ana.companyId, bruno.companyId].sort());
  });

  it('a create whose answer never arrived is answered, not done again, when retried', async () => {
    const owner = await newSubscriber(server);
    const before = await rows(owner, sample);
    const key = randomUUID();
    const body = sample.body(next());

    // The request goes out, the server commits, and the connection is cut before the answer is read.
    await sendAndHangUp(owner, url, body, key);
    await waitFor(() => rows(owner, sample).then((n) => n === before + 1), { what: 'the create to commit' });

    const retried = await owner.api.post(url, body, keyed(key));
    expect(retried.status).toBeLessThan(300);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await rows(owner, sample)).toBe(before + 1);
  });
});

/** Writes a keyed POST on a raw connection and closes it once the key's answer is stored, unread. */
async function sendAndHangUp(owner: Subscriber, url: string, body: unknown, key: string) {
  const { port } = new URL(server.url);
  const json = JSON.stringify(body);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  socket.write(
    [
      `POST ${url} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      `authorization: Bearer ${owner.account.accessToken}`,
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(json)}`,
      `idempotency-key: ${key}`,
      '',
      json,
    ].join('\r\n'),
  );
  await waitFor(
    async () =>
      (await server.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1 AND status IS NOT NULL', [key]))
        .rowCount === 1,
    { what: 'the answer to be stored' },
  );
  socket.destroy();
}

describe('Idempotency-Key', () => {
  it('is refused when malformed (empty, too long, spaces, control or non-ASCII characters): 400 in pt-BR', async () => {
    const owner = await newSubscriber(server);
    const sample = samples['POST /api/customers']!;
    const before = await rows(owner, sample);
    for (const key of ['', 'x'.repeat(256), 'duas palavras', 'tab\there', 'chave-\u00e7']) {
      const answer = await owner.api.post('/api/customers', sample.body(next()), keyed(key));
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        code: 'VALIDATION_ERROR',
        error: IDEMPOTENCY_KEY_INVALID_TEXT,
        issues: [{ path: 'headers.idempotency-key', message: IDEMPOTENCY_KEY_INVALID_TEXT }],
        requestId: expect.any(String),
      });
    }
    expect(await rows(owner, sample)).toBe(before);
    const longest = await owner.api.post('/api/customers', sample.body(next()), keyed('k'.repeat(255)));
    expect(longest.status).toBe(201);
  });

  it('keeps no failure: the corrected request with the same key runs', async () => {
    const owner = await newSubscriber(server);
    const taken = await owner.api.post<{ customer: { name: string } }>('/api/customers', {
      name: 'Ana Souza',
      phone: '11 91234-5678',
    });
    expect(taken.status).toBe(201);
    const key = randomUUID();

    const refused = await owner.api.post(
      '/api/customers',
      { name: 'Bia', phone: '11 91234-5678' },
      keyed(key),
    );
    expect(refused.status).toBe(409);
    const again = await owner.api.post('/api/customers', { name: 'Bia', phone: '11 91234-5678' }, keyed(key));
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBeNull();

    const corrected = await owner.api.post<{ customer: { name: string } }>(
      '/api/customers',
      { name: 'Bia', phone: '11 98888-7777' },
      keyed(key),
    );
    expect(corrected.status).toBe(201);
    expect(corrected.body.data.customer.name).toBe('Bia');
  });
});
