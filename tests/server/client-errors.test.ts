import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureEnvelope } from '../../contracts/envelope';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

const post = (body: unknown, requestId: string) =>
  fetch(`${server.url}/api/client-errors`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId },
    body: JSON.stringify(body),
  });

async function storedTag(requestId: string): Promise<Array<{ message: string; tag: string | null }>> {
  const { rows } = await server.db.query<{ message: string; tag: string | null }>(
    'SELECT message, tag FROM client_errors WHERE request_id = $1',
    [requestId],
  );
  return rows;
}

const report = {
  message: 'customer create failed: 500 INTERNAL_ERROR',
  url: 'http://localhost/customers/new',
};

describe('POST /api/client-errors: the error tracker tags its reports', () => {
  it('stores the tag beside the report', async () => {
    const res = await post({ ...report, tag: 'customer.create' }, 'req-tagged-1');
    expect(res.status).toBe(202);
    expect(await storedTag('req-tagged-1')).toEqual([{ message: report.message, tag: 'customer.create' }]);
  });

  it('a report without a tag (a screen that failed to render) stores none', async () => {
    const res = await post(report, 'req-untagged-1');
    expect(res.status).toBe(202);
    expect(await storedTag('req-untagged-1')).toEqual([{ message: report.message, tag: null }]);
  });

  it.each([
    ['upper case and spaces', 'Customer Create'],
    ['markup', '<script>'],
    ['empty', ''],
    ['too long', 'a'.repeat(65)],
  ])('refuses a tag with %s: 400 on the tag, nothing stored', async (_what, tag) => {
    const requestId = `req-bad-tag-${tag.length}-${tag.charCodeAt(0) || 0}`;
    const res = await post({ ...report, tag }, requestId);
    expect(res.status).toBe(400);
    const body = (await res.json()) as FailureEnvelope;
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(new Set(body.issues?.map((issue) => issue.path))).toEqual(new Set(['tag']));
    expect(await storedTag(requestId)).toEqual([]);
  });
});
