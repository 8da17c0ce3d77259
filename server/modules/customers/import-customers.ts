import { randomUUID } from 'node:crypto';
import { customerPhoneKey, normalizeCustomerPhone } from '../../../contracts/brazil/customer-phone';
import {
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NOTES_MAX,
  type ImportBatchBody,
  type ImportBatchResult,
  type ImportFile,
  type ImportRow,
  type ImportRowResult,
  importSkipReasons,
} from '../../../contracts/customers';
import { realtimeEvent } from '../../../contracts/realtime';
import type { Db, Queryable } from '../../db/types';
import { withUniqueConflict } from '../../db/unique-violation';
import { HttpError } from '../../http/errors';
import { publishEvent } from '../../realtime/event-bus';
import { uniqueTags } from './customer-tags';
import { PHONE_KEY_INDEX } from './duplicate-phone';
import { IMPORT_CONFLICT_TEXT } from './texts';

/** The same check as the form's (contracts/customers.ts customerInputSchema). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Imports and their batches are kept this long for retries and resumes, then cleared when the
 * company starts another import.
 */
const KEEP_BATCHES_DAYS = 30;

interface Candidate {
  /** Position in the batch. */
  index: number;
  line: number;
  id: string;
  name: string;
  phone: string | null;
  phoneKey: string | null;
  email: string | null;
  emailKey: string | null;
  notes: string | null;
  tags: string[];
}

/**
 * POST /api/customers/import: one batch of an import, in one transaction. The batch is claimed first
 * (company, import, batch number): the same batch sent again, even while the first is still being
 * written on another connection, answers the stored result and writes nothing.
 */
export async function importCustomerBatch(
  db: Db,
  companyId: string,
  body: ImportBatchBody,
): Promise<ImportBatchResult> {
  const importId = body.importId.toLowerCase();
  // A customer with one of these numbers was saved meanwhile: nothing of the batch was kept.
  const savedMeanwhile = (err: unknown) =>
    new HttpError(409, 'CONFLICT', IMPORT_CONFLICT_TEXT, undefined, { cause: err });
  return withUniqueConflict(PHONE_KEY_INDEX, savedMeanwhile, () =>
    db.transaction(async (tx) => {
      const claimed = await tx.query(
        `INSERT INTO customer_import_batches (company_id, import_id, batch) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING batch`,
        [companyId, importId, body.batch],
      );
      if (claimed.rowCount === 0) {
        const { rows } = await tx.query<{ result: ImportBatchResult }>(
          'SELECT result FROM customer_import_batches WHERE company_id = $1 AND import_id = $2 AND batch = $3',
          [companyId, importId, body.batch],
        );
        return rows[0]!.result;
      }
      if (body.batch === 0) {
        for (const table of ['customer_import_batches', 'customer_imports']) {
          await tx.query(
            `DELETE FROM ${table} WHERE company_id = $1 AND created_at < now() - make_interval(days => $2)`,
            [companyId, KEEP_BATCHES_DAYS],
          );
        }
      }
      if (body.file) await recordFile(tx, companyId, importId, body.file);
      const result = await importRows(tx, companyId, importId, body.rows);
      if (result.created > 0)
        await publishEvent(
          tx,
          companyId,
          realtimeEvent('customer.changed', { customerId: null, change: 'imported' }),
        );
      await tx.query(
        `UPDATE customer_import_batches SET result = $4::jsonb
          WHERE company_id = $1 AND import_id = $2 AND batch = $3`,
        [companyId, importId, body.batch, JSON.stringify(result)],
      );
      return result;
    }),
  );
}

/** The import's file, as its first batch to arrive names it (a resumed import names the same). */
async function recordFile(
  tx: Queryable,
  companyId: string,
  importId: string,
  file: ImportFile,
): Promise<void> {
  await tx.query(
    `INSERT INTO customer_imports (company_id, import_id, file_hash, file_name, row_count, batch_size, mapping)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT DO NOTHING`,
    [companyId, importId, file.hash, file.name, file.rows, file.batchSize, JSON.stringify(file.mapping)],
  );
}

async function importRows(
  tx: Queryable,
  companyId: string,
  importId: string,
  rows: readonly ImportRow[],
): Promise<ImportBatchResult> {
  // By the row's position in the batch: the report lists rows as the file does.
  const results: ImportRowResult[] = new Array(rows.length);
  const candidates: Candidate[] = [];
  rows.forEach((row, index) => {
    const checked = checkRow(row, index);
    if (typeof checked === 'string') results[index] = { line: row.line, status: 'skipped', reason: checked };
    else candidates.push(checked);
  });
  const known = await knownCustomers(tx, companyId, importId, candidates);

  // Rows of this batch already accepted, by phone key and e-mail: a later row with either repeats them.
  const inBatch = { phone: new Map<string, string>(), email: new Map<string, string>() };
  const created: Candidate[] = [];
  for (const candidate of candidates) {
    const reason = duplicateReason(candidate, known, inBatch);
    if (reason) {
      results[candidate.index] = { line: candidate.line, status: 'skipped', reason };
      continue;
    }
    if (candidate.phoneKey) inBatch.phone.set(candidate.phoneKey, candidate.name);
    if (candidate.emailKey) inBatch.email.set(candidate.emailKey, candidate.name);
    created.push(candidate);
    results[candidate.index] = { line: candidate.line, status: 'created', customerId: candidate.id };
  }

  if (created.length > 0) {
    await tx.query(
      `INSERT INTO customers (id, company_id, name, phone, email, notes, tags, source)
       SELECT r.id, $1, r.name, r.phone, r.email, r.notes, r.tags, 'importacao'
         FROM jsonb_to_recordset($2::jsonb)
           AS r(id uuid, name text, phone text, email text, notes text, tags text[])`,
      [companyId, JSON.stringify(created)],
    );
  }
  return { created: created.length, skipped: rows.length - created.length, rows: results };
}

/** A row as it would be stored, or why it is not imported. */
function checkRow(row: ImportRow, index: number): Candidate | string {
  const name = (row.name ?? '').trim().slice(0, CUSTOMER_NAME_MAX).trim();
  if (!name) return importSkipReasons.missingName;
  const rawPhone = row.phone?.trim() ?? '';
  const phone = rawPhone ? normalizeCustomerPhone(rawPhone) : null;
  if (rawPhone && phone === null) return importSkipReasons.invalidPhone;
  const email = row.email?.trim() || null;
  if (email !== null && (email.length > CUSTOMER_EMAIL_MAX || !EMAIL.test(email))) {
    return importSkipReasons.invalidEmail;
  }
  const notes = row.notes?.trim().slice(0, CUSTOMER_NOTES_MAX).trim() || null;
  return {
    index,
    line: row.line,
    id: randomUUID(),
    name,
    phone,
    phoneKey: phone === null ? null : customerPhoneKey(phone),
    email,
    emailKey: email?.toLowerCase() ?? null,
    notes,
    tags: uniqueTags(row.tags ?? [], { lenient: true }),
  };
}

interface KnownCustomers {
  byPhone: Map<string, { name: string; fromThisImport: boolean }>;
  byEmail: Map<string, { name: string; fromThisImport: boolean }>;
}

/**
 * The company's customers with a phone or e-mail of these rows, and whether an earlier batch of this
 * same import created them (then the row repeats one of the file, not one already registered).
 */
async function knownCustomers(
  tx: Queryable,
  companyId: string,
  importId: string,
  candidates: Candidate[],
): Promise<KnownCustomers> {
  const known: KnownCustomers = { byPhone: new Map(), byEmail: new Map() };
  const phoneKeys = candidates.flatMap((c) => (c.phoneKey ? [c.phoneKey] : []));
  const emailKeys = candidates.flatMap((c) => (c.emailKey ? [c.emailKey] : []));
  if (phoneKeys.length === 0 && emailKeys.length === 0) return known;
  const { rows } = await tx.query<{
    id: string;
    name: string;
    phone_key: string | null;
    email_key: string | null;
  }>(
    `SELECT id, name, phone_key, lower(email) AS email_key
       FROM customers
      WHERE company_id = $1
        AND (phone_key = ANY($2::text[]) OR (email IS NOT NULL AND lower(email) = ANY($3::text[])))
      ORDER BY created_at, id`,
    [companyId, phoneKeys, emailKeys],
  );
  if (rows.length === 0) return known;
  const ours = await tx.query<{ id: string }>(
    `SELECT DISTINCT r.value->>'customerId' AS id
       FROM customer_import_batches b, jsonb_array_elements(b.result->'rows') r
      WHERE b.company_id = $1 AND b.import_id = $2 AND b.result IS NOT NULL
        AND r.value->>'customerId' = ANY($3::text[])`,
    [companyId, importId, rows.map((r) => r.id)],
  );
  const fromThisImport = new Set(ours.rows.map((r) => r.id));
  for (const row of rows) {
    const entry = { name: row.name, fromThisImport: fromThisImport.has(row.id) };
    if (row.phone_key && !known.byPhone.has(row.phone_key)) known.byPhone.set(row.phone_key, entry);
    if (row.email_key && !known.byEmail.has(row.email_key)) known.byEmail.set(row.email_key, entry);
  }
  return known;
}

function duplicateReason(
  candidate: Candidate,
  known: KnownCustomers,
  inBatch: { phone: Map<string, string>; email: Map<string, string> },
): string | null {
  const named = (reason: string, name: string) => `${reason} (${name}).`;
  const checks = [
    {
      key: candidate.phoneKey,
      known: known.byPhone,
      seen: inBatch.phone,
      reason: importSkipReasons.duplicatePhone,
    },
    {
      key: candidate.emailKey,
      known: known.byEmail,
      seen: inBatch.email,
      reason: importSkipReasons.duplicateEmail,
    },
  ];
  for (const check of checks) {
    if (!check.key) continue;
    const existing = check.known.get(check.key);
    if (existing) {
      return named(existing.fromThisImport ? importSkipReasons.duplicateInFile : check.reason, existing.name);
    }
    const earlier = check.seen.get(check.key);
    if (earlier !== undefined) return named(importSkipReasons.duplicateInFile, earlier);
  }
  return null;
}
