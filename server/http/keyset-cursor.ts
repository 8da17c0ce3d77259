import { INVALID_CURSOR_TEXT } from '../../contracts/pagination';
import { HttpError } from './errors';

/**
 * Keyset pagination (contracts/pagination.ts): a cursor names where a page ended (the last row's
 * sort key and id), opaque to the client as base64url JSON, so pages stay right while rows are
 * added or removed.
 */

export function encodeCursor(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** The 400 of a cursor that does not decode, or is not one this list wrote (a stale or edited page). */
export function invalidCursor(): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', INVALID_CURSOR_TEXT, [
    { path: 'query.cursor', message: INVALID_CURSOR_TEXT },
  ]);
}

/** What a cursor holds, still to be checked by the list that reads it; invalidCursor() when it is not JSON. */
export function decodeCursor(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
}

export interface KeysetPage<T> {
  rows: T[];
  hasNextPage: boolean;
  /** The cursor of the page's last row; null for an empty page. */
  endCursor: string | null;
}

/** `rows` read with one more than `limit`: the page, whether another follows, and where it ends. */
export function keysetPage<T>(rows: T[], limit: number, cursorOf: (last: T) => string): KeysetPage<T> {
  const page = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    rows: page,
    hasNextPage: rows.length > limit,
    endCursor: last === undefined ? null : cursorOf(last),
  };
}
