import { isUuid } from '../../db/uuid';
import { decodeCursor, encodeCursor, invalidCursor } from '../../http/keyset-cursor';

/**
 * Where a page of the customer list ended (keyset: the sort name and id of its last row). A row
 * whose name makes the cursor too long for the contract (512) is named by its id alone and looked
 * up when the next page is asked for.
 */
export type ListPosition = { sortName: string; id: string } | { id: string };

const CURSOR_MAX = 512;

export function encodeListCursor(sortName: string, id: string): string {
  const full = encodeCursor({ n: sortName, i: id });
  return full.length <= CURSOR_MAX ? full : encodeCursor({ i: id });
}

export function decodeListCursor(cursor: string): ListPosition {
  const decoded = decodeCursor(cursor);
  if (typeof decoded !== 'object' || decoded === null) throw invalidCursor();
  const { n, i } = decoded as { n?: unknown; i?: unknown };
  if (!isUuid(i)) throw invalidCursor();
  if (n === undefined) return { id: i };
  if (typeof n !== 'string') throw invalidCursor();
  return { sortName: n, id: i };
}
