import { isUuid } from '../../db/uuid';
import { decodeCursor, encodeCursor, invalidCursor } from '../../http/keyset-cursor';

/** Where a column page ended: the last card's place in board order (position, then id). */
export interface BoardCursor {
  position: number;
  id: string;
}

export function encodeBoardCursor(cursor: BoardCursor): string {
  return encodeCursor([cursor.position, cursor.id]);
}

/** The cursor a column page answered, or a 400 (a cursor is opaque: anything else is a stale page). */
export function decodeBoardCursor(text: string): BoardCursor {
  const decoded = decodeCursor(text);
  if (
    Array.isArray(decoded) &&
    decoded.length === 2 &&
    Number.isSafeInteger(decoded[0]) &&
    decoded[0] >= 0 &&
    isUuid(decoded[1])
  ) {
    return { position: decoded[0], id: decoded[1] };
  }
  throw invalidCursor();
}
