import { INVALID_CURSOR_TEXT } from '../../../contracts/pagination';
import { HttpError } from '../../http/errors';
import { isUuid } from './uuid';

/** Where a column page ended: the last card's place in board order (position, then id). */
export interface BoardCursor {
  position: number;
  id: string;
}

export function encodeBoardCursor(cursor: BoardCursor): string {
  return Buffer.from(JSON.stringify([cursor.position, cursor.id])).toString('base64url');
}

/** The cursor a column page answered, or a 400 (a cursor is opaque: anything else is a stale page). */
export function decodeBoardCursor(text: string): BoardCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  if (
    Array.isArray(decoded) &&
    decoded.length === 2 &&
    Number.isSafeInteger(decoded[0]) &&
    decoded[0] >= 0 &&
    typeof decoded[1] === 'string' &&
    isUuid(decoded[1])
  ) {
    return { position: decoded[0], id: decoded[1] };
  }
  throw new HttpError(400, 'VALIDATION_ERROR', INVALID_CURSOR_TEXT, [
    { path: 'query.cursor', message: INVALID_CURSOR_TEXT },
  ]);
}
