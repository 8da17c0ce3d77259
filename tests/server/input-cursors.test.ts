import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR_TEXT } from '../../contracts/pagination';
import type { DealStage } from '../../contracts/sales';
import { taskFilters } from '../../contracts/tasks';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';

/**
 * Issue 11: a cursor is input like any other. One that does not decode, has the wrong shape, names an
 * impossible time, a position beyond the column's range or a text PostgreSQL cannot hold is the same
 * 400 ("Página inválida. Recarregue a lista.") on every list, never a 500.
 */

let server: TestServer;
let owner: Subscriber;
let stageId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await newSubscriber(server);
  stageId = (await owner.api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data.stages[0]!.id;
});
afterAll(() => server?.close());

const id = randomUUID();
const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** Cursors no list writes: garbage, and JSON of every wrong shape. */
const shapeless = [
  'abc',
  '!!!!',
  '%E2%82',
  encode(null),
  encode(42),
  encode('texto'),
  encode([]),
  encode({}),
  encode({ i: 'nao-e-um-id' }),
  Buffer.from('{"i":', 'utf8').toString('base64url'),
  `${encode({ i: id })}!`,
];

const lists: Record<string, { url: string; forged: unknown[] }> = {
  customers: {
    url: '/api/customers',
    forged: [
      { n: 'ana\u0000', i: id },
      { n: 42, i: id },
      { n: 'ana', i: `${id}\u0000` },
      { n: 'ana', i: id, extra: true },
    ],
  },
  ...Object.fromEntries(
    taskFilters.map((filter) => [
      `tasks (${filter})`,
      {
        url: `/api/tasks?filter=${filter}`,
        forged: [
          { f: filter, a: '2026-02-30T10:00:00.000000Z', i: id },
          { f: filter, a: '0000-01-01T10:00:00.000000Z', i: id },
          { f: filter, a: '2026-01-01T24:00:00.000000Z', i: id },
          { f: filter, a: '2026-13-01T10:00:00.000000Z', i: id },
          { f: filter, a: '+275760-09-13T00:00:00.000000Z', i: id },
          { f: filter, a: '2026-01-01T10:00:00.000000Z\u0000', i: id },
          { f: filter === 'today' ? 'future' : 'today', a: '2026-01-01T10:00:00.000000Z', i: id },
          { f: filter, a: 1767261600000, i: id },
        ],
      },
    ]),
  ),
  'deals of a stage': {
    url: '/api/sales/stages/:stageId/deals',
    forged: [
      [2 ** 31, id],
      [2 ** 40, id],
      [Number.MAX_SAFE_INTEGER, id],
      [-1, id],
      [1.5, id],
      ['3', id],
      [1e308, id],
      [3, id, 'mais'],
      [3, `${id}\u0000`],
    ],
  },
};

describe.each(Object.entries(lists))('%s', (_name, list) => {
  const call = (cursor: string) => {
    const url = list.url.replace(':stageId', stageId);
    return owner.api.get(`${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`);
  };

  it('refuses cursors it did not write with the cursor 400', async () => {
    for (const cursor of [...shapeless, ...list.forged.map(encode)]) {
      const answer = await call(cursor);
      expect(answer.status, `${cursor}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        error: INVALID_CURSOR_TEXT,
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'query.cursor', message: INVALID_CURSOR_TEXT }],
        requestId: expect.any(String),
      });
    }
  });

  it('refuses a cursor longer than any it writes, on query.cursor', async () => {
    const answer = await call(encode({ n: 'x'.repeat(600), i: id }));
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'query.cursor', message: INVALID_CURSOR_TEXT }]);
  });
});
