import * as z from 'zod/mini';
import { cursorId, cursorPosition, decodeCursor, encodeCursor } from '../../http/keyset-cursor';

/** Where a column page ended: the last card's place in board order (position, then id). */
export interface BoardCursor {
  position: number;
  id: string;
}

const boardCursor = z.tuple([cursorPosition, cursorId]);

export function encodeBoardCursor(cursor: BoardCursor): string {
  return encodeCursor([cursor.position, cursor.id]);
}

/** The cursor a column page answered, or a 400 (a cursor is opaque: anything else is a stale page). */
export function decodeBoardCursor(text: string): BoardCursor {
  const [position, id] = decodeCursor(text, boardCursor);
  return { position, id };
}
