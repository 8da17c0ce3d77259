import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  EXPORT_CUSTOMERS_URL,
  exportColumns,
  type ImportBatchResult,
  type ImportRow,
  importSkipReasons,
} from '../../contracts/customers';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber } from '../support/signed-in-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function owner() {
  const { account, api } = await newSubscriber(server);
  return {
    account,
    companyId: account.companyId!,
    api,
    importBatch: (importId: string, batch: number, rows: ImportRow[]) =>
      api.post<ImportBatchResult>('/api/customers/import', { importId, batch, rows }),
    exportCsv: () =>
      fetch(`${server.url}${EXPORT_CUSTOMERS_URL}`, {
        headers: { authorization: `Bearer ${account.accessToken}` },
      }),
  };
}

async function customersOf(companyId: string) {
  const { rows } = await server.db.query<{
    name: string;
    phone: string | null;
    email: string | null;
    notes: string | null;
    tags: string[];
    source: string | null;
  }>('SELECT name, phone, email, notes, tags, source FROM customers WHERE company_id = $1 ORDER BY name', [
    companyId,
  ]);
  return rows;
}

describe('POST /api/customers/import', () => {
  it('imports the rows that check out, as "importacao", and reports why the others were skipped', async () => {
    const { api, importBatch, companyId } = await owner();
    await api.post<{ customer: Customer }>('/api/customers', {
      name: 'Mariana Souza',
      phone: '11 98765-4321',
      email: 'mariana@email.com.br',
    });
    const answer = await importBatch(randomUUID(), 0, [
      {
        line: 1,
        name: ' Ana Lima ',
        phone: '(11) 91234-5678',
        email: 'ana@ex.com',
        tags: ['VIP', 'vip', ' bolo '],
      },
      { line: 2, name: '', phone: '11 92222-3333' },
      { line: 3, name: 'Telefone Ruim', phone: '123' },
      { line: 4, name: 'E-mail Ruim', email: 'nao-e-email' },
      { line: 5, name: 'Mariana de Novo', phone: '11 8765-4321' },
      { line: 6, name: 'Mesmo E-mail', email: 'MARIANA@email.com.br' },
      { line: 7, name: 'Ana Repetida', phone: '5511912345678' },
      { line: 8, name: 'Só Nome', notes: '  cliente antiga  ' },
      { line: 9, name: 'Ana E-mail Repetido', email: 'Ana@Ex.com' },
    ]);
    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result).toMatchObject({ created: 2, skipped: 7 });
    expect(result.rows.map((r) => [r.line, r.status, r.reason])).toEqual([
      [1, 'created', undefined],
      [2, 'skipped', importSkipReasons.missingName],
      [3, 'skipped', importSkipReasons.invalidPhone],
      [4, 'skipped', importSkipReasons.invalidEmail],
      [5, 'skipped', `${importSkipReasons.duplicatePhone} (Mariana Souza).`],
      [6, 'skipped', `${importSkipReasons.duplicateEmail} (Mariana Souza).`],
      [7, 'skipped', `${importSkipReasons.duplicateInFile} (Ana Lima).`],
      [8, 'created', undefined],
      [9, 'skipped', `${importSkipReasons.duplicateInFile} (Ana Lima).`],
    ]);
    expect(result.rows[0]!.customerId).toEqual(expect.any(String));
    expect(await customersOf(companyId)).toEqual([
      {
        name: 'Ana Lima',
        phone: '5511912345678',
        email: 'ana@ex.com',
        notes: null,
        tags: ['VIP', 'bolo'],
        source: 'importacao',
      },
      {
        name: 'Mariana Souza',
        phone: '5511987654321',
        email: 'mariana@email.com.br',
        notes: null,
        tags: [],
        source: null,
      },
      { name: 'Só Nome', phone: null, email: null, notes: 'cliente antiga', tags: [], source: 'importacao' },
    ]);
    const detail = await api.get<{ customer: Customer }>(`/api/customers/${result.rows[0]!.customerId}`);
    expect(detail.body.data.customer.name).toBe('Ana Lima');
  });

  it('answers a batch sent again with its first result and writes nothing', async () => {
    const { importBatch, companyId } = await owner();
    const importId = randomUUID();
    const rows = [
      { line: 1, name: 'Carlos', phone: '11 99123-4567' },
      { line: 2, name: 'Fernanda', phone: '11 97654-3210' },
    ];
    const first = await importBatch(importId, 0, rows);
    expect(first.body.data.created).toBe(2);
    const again = await importBatch(importId, 0, rows);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    // Even with other rows under the same (import, batch): the batch is done.
    const changed = await importBatch(importId.toUpperCase(), 0, [{ line: 1, name: 'Outro Alguém' }]);
    expect(changed.body.data).toEqual(first.body.data);
    expect((await customersOf(companyId)).map((c) => c.name)).toEqual(['Carlos', 'Fernanda']);
  });

  it('answers two copies of a batch sent at once with the same result, importing it once', async () => {
    const { importBatch, companyId } = await owner();
    const importId = randomUUID();
    const rows = Array.from({ length: 50 }, (_, i) => ({
      line: i + 1,
      name: `Pessoa ${i + 1}`,
      phone: `11 9${String(7000_0000 + i)}`,
    }));
    const answers = await Promise.all([importBatch(importId, 0, rows), importBatch(importId, 0, rows)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body.data).toEqual(answers[1]!.body.data);
    expect(answers[0]!.body.data.created).toBe(50);
    expect(await customersOf(companyId)).toHaveLength(50);
  });

  it('tells rows repeating an earlier batch of the same import from customers already registered', async () => {
    const { importBatch, api } = await owner();
    await api.post('/api/customers', { name: 'Cadastrada Antes', phone: '21 98888-0000' });
    const importId = randomUUID();
    const first = await importBatch(importId, 0, [
      { line: 1, name: 'Renata', phone: '21 97999-0011', email: 'r@buffet.example' },
    ]);
    expect(first.body.data.created).toBe(1);
    const second = await importBatch(importId, 1, [
      { line: 501, name: 'Renata Ferreira', phone: '21 7999-0011' },
      { line: 502, name: 'Renata de Novo', email: 'R@BUFFET.example' },
      { line: 503, name: 'Outra', phone: '21 98888-0000' },
    ]);
    expect(second.body.data.rows.map((r) => r.reason)).toEqual([
      `${importSkipReasons.duplicateInFile} (Renata).`,
      `${importSkipReasons.duplicateInFile} (Renata).`,
      `${importSkipReasons.duplicatePhone} (Cadastrada Antes).`,
    ]);
    // A new import of the same file finds them all registered.
    const later = await importBatch(randomUUID(), 0, [{ line: 1, name: 'Renata', phone: '21 97999-0011' }]);
    expect(later.body.data.rows[0]!.reason).toBe(`${importSkipReasons.duplicatePhone} (Renata).`);
  });

  it('cuts what is longer than a customer holds instead of refusing the row', async () => {
    const { importBatch, companyId } = await owner();
    const answer = await importBatch(randomUUID(), 0, [
      {
        line: 1,
        name: `${'N'.repeat(130)}`,
        notes: 'x'.repeat(2500),
        tags: [...Array.from({ length: 12 }, (_, i) => `etiqueta ${i}`), 'e'.repeat(40), ''],
      },
    ]);
    expect(answer.body.data.created).toBe(1);
    const [customer] = await customersOf(companyId);
    expect(customer!.name).toHaveLength(120);
    expect(customer!.notes).toHaveLength(2000);
    expect(customer!.tags).toHaveLength(10);
  });

  it('refuses a malformed batch with 400 and writes nothing', async () => {
    const { api, companyId } = await owner();
    const bad = [
      { importId: 'x', batch: 0, rows: [{ line: 1, name: 'A' }] },
      { importId: randomUUID(), batch: -1, rows: [{ line: 1, name: 'A' }] },
      { importId: randomUUID(), batch: 0, rows: [] },
      {
        importId: randomUUID(),
        batch: 0,
        rows: Array.from({ length: 501 }, (_, i) => ({ line: i + 1, name: 'A' })),
      },
      { importId: randomUUID(), batch: 0, rows: [{ line: 0, name: 'A' }] },
      { importId: randomUUID(), batch: 0, rows: [{ line: 1, name: 'A', cpf: '1' }] },
    ];
    for (const body of bad) {
      const answer = await api.post('/api/customers/import', body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
    }
    expect(await customersOf(companyId)).toEqual([]);
  });

  it('imports a 500-row batch', async () => {
    const { importBatch, companyId } = await owner();
    const rows = Array.from({ length: 500 }, (_, i) => ({
      line: i + 1,
      name: `Cliente ${i + 1}`,
      phone: `+55 (31) 9${String(8000_0000 + i)}`,
      email: `cliente${i + 1}@exemplo.com`,
      tags: ['importado'],
    }));
    const answer = await importBatch(randomUUID(), 0, rows);
    expect(answer.body.data).toMatchObject({ created: 500, skipped: 0 });
    expect(answer.body.data.rows.map((r) => r.line)).toEqual(rows.map((r) => r.line));
    expect(await customersOf(companyId)).toHaveLength(500);
    const count = await server.db.query<{ total: number }>(
      'SELECT total FROM customer_counts WHERE company_id = $1',
      [companyId],
    );
    expect(count.rows[0]!.total).toBe(500);
  });
});

/** The body as sent, BOM included (Response.text() would drop it). */
async function bodyText(response: Response): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
}

/** The CSV's rows, split into cells as Excel reads a ';' file with quoted cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) throw new Error('the file does not end with CRLF');
  return rows;
}

describe('GET /api/customers/export', () => {
  it('answers every customer as a pt-BR CSV attachment: BOM, ";", quotes escaped, local dates', async () => {
    const { companyId, exportCsv } = await owner();
    await server.db.query(
      `INSERT INTO customers (company_id, name, phone, email, notes, tags, source, created_at, last_contact_at)
       VALUES ($1, 'Élida "Lida" Brandão', '5511987654321', 'elida@ex.com', E'Linha 1;\\nLinha 2', '{VIP,Festa}',
               'indicacao', '2026-03-05T13:07:00Z', '2026-03-06T02:30:00Z'),
              ($1, 'Bruno', '14155550100', NULL, '=HYPERLINK("x")', '{}', NULL, '2026-01-10T12:00:00Z', NULL),
              ($1, 'ana', NULL, NULL, NULL, '{}', 'importacao', '2025-12-31T23:59:00Z', NULL)`,
      [companyId],
    );
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = await bodyText(response);
    expect(body.startsWith('\uFEFF')).toBe(true);
    const text = body.slice(1);
    expect(text.split('\r\n')[0]).toBe(exportColumns.join(';'));
    expect(parseCsv(text)).toEqual([
      [...exportColumns],
      // Sorted by name ignoring accents and case; dates in America/Sao_Paulo (UTC−3).
      ['ana', '', '', '', 'Importação', '', '31/12/2025 20:59', ''],
      ['Bruno', '+14155550100', '', '', '', `'=HYPERLINK("x")`, '10/01/2026 09:00', ''],
      [
        'Élida "Lida" Brandão',
        '(11) 98765-4321',
        'elida@ex.com',
        'VIP, Festa',
        'Indicação',
        'Linha 1;\nLinha 2',
        '05/03/2026 10:07',
        '05/03/2026 23:30',
      ],
    ]);
    expect(text).toContain('"Élida ""Lida"" Brandão"');
  });

  it('uses the company’s time zone', async () => {
    const { companyId, exportCsv } = await owner();
    await server.db.query(`UPDATE companies SET timezone = 'America/Manaus' WHERE id = $1`, [companyId]);
    await server.db.query(
      `INSERT INTO customers (company_id, name, created_at) VALUES ($1, 'Thiago', '2026-03-05T13:07:00Z')`,
      [companyId],
    );
    const rows = parseCsv((await bodyText(await exportCsv())).slice(1));
    expect(rows[1]![6]).toBe('05/03/2026 09:07');
  });

  it('exports a header only for a company without customers, and thousands of rows in order', async () => {
    const empty = await owner();
    const text = await bodyText(await empty.exportCsv());
    expect(text).toBe(`\uFEFF${exportColumns.join(';')}\r\n`);

    const { companyId, exportCsv } = await owner();
    await server.db.query(
      `INSERT INTO customers (company_id, name, phone)
       SELECT $1, 'Cliente ' || lpad(g::text, 5, '0'), '55119' || lpad(g::text, 8, '0')
         FROM generate_series(1, 4500) g`,
      [companyId],
    );
    const rows = parseCsv((await bodyText(await exportCsv())).slice(1));
    expect(rows).toHaveLength(4501);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      Array.from({ length: 4500 }, (_, i) => `Cliente ${String(i + 1).padStart(5, '0')}`),
    );
  });
});
