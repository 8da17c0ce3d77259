import { INVALID_CURSOR_TEXT } from '../../../contracts/pagination';
import { HttpError } from '../../http/errors';

/**
 * Where a page of the customer list ended (keyset: the sort name and id of its last row), opaque to
 * the client: base64url JSON. A row whose name makes the cursor too long for the contract (512) is
 * named by its id alone and looked up when the next page is asked for.
 */
export type ListPosition = { sortName: string; id: string } | { id: string };

const CURSOR_MAX = 512;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

export function encodeListCursor(sortName: string, id: string): string {
  const full = encode({ n: sortName, i: id });
  return full.length <= CURSOR_MAX ? full : encode({ i: id });
}

export function invalidCursor(): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', INVALID_CURSOR_TEXT, [
    { path: 'query.cursor', message: INVALID_CURSOR_TEXT },
  ]);
}

export function decodeListCursor(cursor: string): ListPosition {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof decoded !== 'object' || decoded === null) throw invalidCursor();
  const { n, i } = decoded as { n?: unknown; i?: unknown };
  if (typeof i !== 'string' || !UUID.test(i)) throw invalidCursor();
  if (n === undefined) return { id: i };
  if (typeof n !== 'string') throw invalidCursor();
  return { sortName: n, id: i };
}
