import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import { type CustomerSource, customerSourceLabels, exportColumns } from '../../../contracts/customers';
import type { Queryable } from '../../db/types';
import { companyToday } from '../company/company-today';
import { csvCell, csvLine } from './csv-cell';

/** Rows read per query: the whole file is never in memory, and other requests interleave. */
const CHUNK_ROWS = 2000;
const BOM = '\uFEFF';

interface ExportRow extends Record<string, unknown> {
  id: string;
  sort_name: string;
  name: string;
  phone: string | null;
  email: string | null;
  tags: string[];
  source: CustomerSource | null;
  notes: string | null;
  created_at_text: string;
  last_contact_text: string | null;
}

export interface CustomersCsv {
  /** clientes-AAAA-MM-DD.csv, today in the company's time zone. */
  filename: string;
  /** The file: BOM and header, then the customers by name, a chunk of rows at a time. */
  chunks(): AsyncGenerator<string>;
}

/**
 * GET /api/customers/export. Dates read as people write them, DD/MM/AAAA HH:mm in the company's time
 * zone (America/Sao_Paulo unless the company set another); the phone as (11) 98765-4321, which a
 * spreadsheet keeps as text and an import reads back; the source by its pt-BR label. The first
 * chunk is read before anything is sent, so a failure there is still an envelope.
 */
export async function customersCsv(db: Queryable, companyId: string): Promise<CustomersCsv> {
  const { timeZone, today } = await companyToday(db, companyId);
  const readChunk = (after: ExportRow | null) =>
    db.query<ExportRow>(
      `SELECT id, sort_name, name, phone, email, tags, source, notes,
              to_char(created_at AT TIME ZONE $2, 'DD/MM/YYYY HH24:MI') AS created_at_text,
              to_char(last_contact_at AT TIME ZONE $2, 'DD/MM/YYYY HH24:MI') AS last_contact_text
         FROM customers
        WHERE company_id = $1 AND ($3::text IS NULL OR (sort_name, id) > ($3::text, $4::uuid))
        ORDER BY sort_name, id
        LIMIT ${CHUNK_ROWS}`,
      [companyId, timeZone, after?.sort_name ?? null, after?.id ?? null],
    );
  const first = await readChunk(null);

  return {
    filename: `clientes-${today}.csv`,
    async *chunks() {
      yield BOM + csvLine(exportColumns);
      let chunk = first.rows;
      while (chunk.length > 0) {
        yield chunk.map(exportLine).join('');
        if (chunk.length < CHUNK_ROWS) return;
        chunk = (await readChunk(chunk.at(-1) ?? null)).rows;
      }
    },
  };
}

/** One customer in exportColumns' order. */
function exportLine(row: ExportRow): string {
  return csvLine([
    csvCell(row.name, { text: true }),
    csvCell(row.phone ? formatCustomerPhone(row.phone) : ''),
    csvCell(row.email ?? '', { text: true }),
    csvCell((row.tags ?? []).join(', '), { text: true }),
    csvCell(row.source ? customerSourceLabels[row.source] : ''),
    csvCell(row.notes ?? '', { text: true }),
    csvCell(row.created_at_text),
    csvCell(row.last_contact_text ?? ''),
  ]);
}
