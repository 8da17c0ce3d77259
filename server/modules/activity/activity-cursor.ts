import * as z from 'zod/mini';
import { cursorId, cursorInstant, decodeCursor, encodeCursor } from '../../http/keyset-cursor';

/** Where a page of a customer's activity ended: the last line's time (to the microsecond) and id. */
export interface ActivityCursor {
  at: string;
  id: string;
}

const shape = z.strictObject({ k: z.literal('activity'), a: cursorInstant, i: cursorId });

export function encodeActivityCursor(cursor: ActivityCursor): string {
  return encodeCursor({ k: 'activity', a: cursor.at, i: cursor.id });
}

/** A cursor this list did not write is the pagination 400. */
export function decodeActivityCursor(text: string): ActivityCursor {
  const { a, i } = decodeCursor(text, shape);
  return { at: a, id: i };
}
