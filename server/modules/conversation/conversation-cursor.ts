import * as z from 'zod/mini';
import { cursorId, cursorInstant, decodeCursor, encodeCursor } from '../../http/keyset-cursor';

/** Where a page of a conversation ended: the last message's time (to the microsecond) and id. */
export interface ConversationCursor {
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (isoMicrosecondsSql). */
  at: string;
  id: string;
}

const shape = z.strictObject({ a: cursorInstant, i: cursorId });

export function encodeConversationCursor(cursor: ConversationCursor): string {
  return encodeCursor({ a: cursor.at, i: cursor.id });
}

/** A cursor this list did not write is the pagination 400. */
export function decodeConversationCursor(text: string): ConversationCursor {
  const { a, i } = decodeCursor(text, shape);
  return { at: a, id: i };
}
