import type { ImportMapping, ImportSummary } from '../../../contracts/customers';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';

interface ImportRow extends Record<string, unknown> {
  import_id: string;
  file_name: string;
  created_at: Timestamp;
  last_batch_at: Timestamp | null;
  row_count: number;
  batch_size: number;
  mapping: ImportMapping;
  batches_done: number;
  created: number;
  skipped: number;
}

/**
 * GET /api/customers/imports?fileHash: the company's latest import of the file with this hash, with
 * what its batches did so far (null when the company never imported it, or not in 30 days).
 */
export async function findImport(
  db: Queryable,
  companyId: string,
  fileHash: string,
): Promise<ImportSummary | null> {
  const { rows } = await db.query<ImportRow>(
    `SELECT i.import_id, i.file_name, i.created_at, i.row_count, i.batch_size, i.mapping,
            max(b.created_at) AS last_batch_at,
            count(b.result)::int AS batches_done,
            COALESCE(sum((b.result->>'created')::int), 0)::int AS created,
            COALESCE(sum((b.result->>'skipped')::int), 0)::int AS skipped
       FROM customer_imports i
       LEFT JOIN customer_import_batches b ON b.company_id = i.company_id AND b.import_id = i.import_id
      WHERE i.company_id = $1 AND i.file_hash = $2
      GROUP BY i.company_id, i.import_id
      ORDER BY i.created_at DESC, i.import_id
      LIMIT 1`,
    [companyId, fileHash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    importId: row.import_id,
    fileName: row.file_name,
    startedAt: row.created_at,
    lastBatchAt: row.last_batch_at ?? row.created_at,
    rows: row.row_count,
    batchSize: row.batch_size,
    batches: Math.ceil(row.row_count / row.batch_size),
    batchesDone: row.batches_done,
    created: row.created,
    skipped: row.skipped,
    mapping: row.mapping,
  };
}
