import type * as z from 'zod/mini';
import {
  BLOCKLIST_DUPLICATE_TEXT,
  BLOCKLIST_NOT_FOUND_TEXT,
  type BlocklistEntry,
  type blocklistInputSchema,
} from '../../../contracts/blocklist';
import { BRAZIL_COUNTRY_CODE } from '../../../contracts/brazil/mobile-phone';
import type { Timestamp } from '../../db/timestamp';
import type { Db } from '../../db/types';
import { withUniqueConflict } from '../../db/unique-violation';
import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';

export type BlocklistBody = z.output<typeof blocklistInputSchema>;

/** UNIQUE (company_id, phone_key) of migration 014: the ninth digit makes no second entry. */
const PHONE_KEY_UNIQUE = 'whatsapp_blocklist_company_id_phone_key_key';

interface BlocklistRow extends Record<string, unknown> {
  id: string;
  name: string;
  phone: string;
  created_at: Timestamp;
}

const COLUMNS = 'id, name, phone, created_at';

function toEntry(row: BlocklistRow): BlocklistEntry {
  return {
    id: row.id,
    name: row.name,
    // Stored with the country code; the page speaks the national number.
    phoneNumber: row.phone.startsWith(BRAZIL_COUNTRY_CODE) ? row.phone.slice(2) : row.phone,
    createdAt: row.created_at,
  };
}

const duplicate = () =>
  new HttpError(409, 'BLOCKLIST_DUPLICATE', BLOCKLIST_DUPLICATE_TEXT, [
    { path: 'phoneNumber', message: BLOCKLIST_DUPLICATE_TEXT },
  ]);

const notFound = () => new HttpError(404, 'NOT_FOUND', BLOCKLIST_NOT_FOUND_TEXT);

/** The company's ignored contacts, newest first. */
export async function listBlocklist(db: Db, companyId: string): Promise<BlocklistEntry[]> {
  const { rows } = await db.query<BlocklistRow>(
    `SELECT ${COLUMNS} FROM whatsapp_blocklist WHERE company_id = $1 ORDER BY created_at DESC, id`,
    [companyId],
  );
  return rows.map(toEntry);
}

/** Adds a number (kept with 55); the same number with or without the ninth digit is a 409. */
export async function addToBlocklist(
  db: Db,
  companyId: string,
  body: BlocklistBody,
): Promise<BlocklistEntry> {
  return withUniqueConflict(PHONE_KEY_UNIQUE, duplicate, async () => {
    const { rows } = await db.query<BlocklistRow>(
      `INSERT INTO whatsapp_blocklist (company_id, name, phone) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [companyId, body.name, `${BRAZIL_COUNTRY_CODE}${body.phoneNumber}`],
    );
    return toEntry(rows[0]!);
  });
}

/** Removes one entry of the company; another company's, or none, is the same 404. */
export async function removeFromBlocklist(db: Db, companyId: string, entryId: string): Promise<void> {
  if (!isUuid(entryId)) throw notFound();
  const { rowCount } = await db.query('DELETE FROM whatsapp_blocklist WHERE company_id = $1 AND id = $2', [
    companyId,
    entryId,
  ]);
  if (rowCount === 0) throw notFound();
}
