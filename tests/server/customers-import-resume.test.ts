import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatchResult, ImportFile, ImportRow, ImportSummary } from '../../contracts/customers';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber } from '../support/signed-in-api';

/**
 * The same import file chosen again (after a reload) is recognised by its hash, with what its import
 * did so far, and resumed under the same import id: the batches already done write nothing, so the
 * rows without phone or e-mail are not created twice (issue 11).
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Five contacts with a name only: nothing but the import itself tells them apart from a repeat. */
const rows: ImportRow[] = [1, 2, 3, 4, 5].map((line) => ({ line, name: `Contato ${line}` }));
const BATCH_SIZE = 2;
const batchRows = (batch: number) => rows.slice(batch * BATCH_SIZE, (batch + 1) * BATCH_SIZE);

function fileOf(contents: string): ImportFile {
  return {
    hash: createHash('sha256').update(contents).digest('hex'),
    name: 'contatos.csv',
    rows: rows.length,
    batchSize: BATCH_SIZE,
    mapping: { name: 0, phone: null, email: null, notes: null, tags: null },
  };
}

async function owner() {
  const { companyId, api } = await newSubscriber(server);
  return {
    companyId,
    send: (importId: string, batch: number, file: ImportFile) =>
      api.post<ImportBatchResult>('/api/customers/import', { importId, batch, file, rows: batchRows(batch) }),
    find: (hash: string) =>
      api.get<{ import: ImportSummary | null }>(`/api/customers/imports?fileHash=${hash}`),
    customers: async () =>
      (
        await server.db.query<{ name: string }>(
          'SELECT name FROM customers WHERE company_id = $1 ORDER BY name',
          [companyId],
        )
      ).rows.map((r) => r.name),
  };
}

describe('GET /api/customers/imports?fileHash', () => {
  it('answers the import of that file: when, its mapping, batches done of all, rows created and skipped', async () => {
    const ana = await owner();
    const file = fileOf('nome\nContato 1\n…');
    expect((await ana.find(file.hash)).body).toEqual({ success: true, data: { import: null } });

    const importId = randomUUID();
    const before = Date.now();
    expect((await ana.send(importId, 0, file)).status).toBe(200);
    expect((await ana.send(importId, 1, file)).status).toBe(200);

    const found = await ana.find(file.hash);
    expect(found.status).toBe(200);
    const summary = found.body.data.import!;
    expect(summary).toEqual({
      importId,
      fileName: 'contatos.csv',
      startedAt: expect.any(String),
      lastBatchAt: expect.any(String),
      rows: 5,
      batchSize: 2,
      batches: 3,
      batchesDone: 2,
      created: 4,
      skipped: 0,
      mapping: file.mapping,
    });
    expect(Date.parse(summary.startedAt)).toBeGreaterThanOrEqual(before - 60_000);
    expect(Date.parse(summary.lastBatchAt)).toBeGreaterThanOrEqual(Date.parse(summary.startedAt));
  });

  it("never answers another company's import of the same file", async () => {
    const [ana, bruno] = [await owner(), await owner()];
    const file = fileOf('nome\nContato 1\n(a arquivo de duas empresas)');
    await ana.send(randomUUID(), 0, file);
    expect((await bruno.find(file.hash)).body.data.import).toBeNull();
  });

  it('answers the latest import when the file was imported again on purpose', async () => {
    const ana = await owner();
    const file = fileOf('nome\nContato 1\n(importado duas vezes)');
    await ana.send(randomUUID(), 0, file);
    const again = randomUUID();
    await ana.send(again, 0, file);
    expect((await ana.find(file.hash)).body.data.import?.importId).toBe(again);
  });

  it('refuses a hash that is not one (400 in pt-BR)', async () => {
    const ana = await owner();
    const answer = await ana.find('abc');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(answer.body.issues).toEqual([{ path: 'query.fileHash', message: 'Arquivo inválido.' }]);
  });
});

describe('resuming an import', () => {
  it('sends every batch again under the same import id: the ones done write nothing, the rest are imported once', async () => {
    const ana = await owner();
    const file = fileOf('nome\nContato 1\n(interrompido)');
    const importId = randomUUID();
    const first = [(await ana.send(importId, 0, file)).body, (await ana.send(importId, 1, file)).body];
    // The page reloaded here; the same file is chosen again and recognised.
    const summary = (await ana.find(file.hash)).body.data.import!;
    expect([summary.importId, summary.batchesDone, summary.batches]).toEqual([importId, 2, 3]);

    const resumed = [];
    for (let batch = 0; batch < summary.batches; batch++)
      resumed.push((await ana.send(importId, batch, file)).body);
    expect(resumed.slice(0, 2)).toEqual(first);
    expect(resumed[2]!.data).toMatchObject({ created: 1, skipped: 0 });
    expect(await ana.customers()).toEqual(rows.map((row) => row.name));
    expect((await ana.find(file.hash)).body.data.import).toMatchObject({ batchesDone: 3, created: 5 });
  });
});
