import * as z from 'zod/mini';
import { cursorId, cursorText, decodeCursor, encodeCursor } from '../../http/keyset-cursor';

/**
 * Where a page of the customer list ended (keyset: the sort name and id of its last row). A row
 * whose name makes the cursor too long for the contract (512) is named by its id alone and looked
 * up when the next page is asked for.
 */
export type ListPosition = { sortName: string; id: string } | { id: string };

const CURSOR_MAX = 512;

const listCursor = z.union([z.strictObject({ n: cursorText, i: cursorId }), z.strictObject({ i: cursorId })]);

export function encodeListCursor(sortName: string, id: string): string {
  const full = encodeCursor({ n: sortName, i: id });
  return full.length <= CURSOR_MAX ? full : encodeCursor({ i: id });
}

export function decodeListCursor(cursor: string): ListPosition {
  const decoded = decodeCursor(cursor, listCursor);
  return 'n' in decoded ? { sortName: decoded.n, id: decoded.i } : { id: decoded.i };
}
