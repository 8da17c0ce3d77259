import { INVALID_CURSOR_TEXT } from '../../../contracts/pagination';
import type { TaskFilter } from '../../../contracts/tasks';
import { HttpError } from '../../http/errors';
import { isUuid } from './task-row';

/**
 * Where a page of tasks ended: the filter it belongs to, the last row's sort time (microseconds, as
 * the database keeps it, so no row is skipped or repeated) and its id. Opaque to clients (base64url JSON).
 */
export interface TaskCursor {
  filter: TaskFilter;
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the list query writes it. */
  at: string;
  id: string;
}

const SORT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeTaskCursor(cursor: TaskCursor): string {
  return Buffer.from(JSON.stringify({ f: cursor.filter, a: cursor.at, i: cursor.id })).toString('base64url');
}

/** The cursor of a page of `filter`; a cursor that does not decode, or came from another filter, is a 400. */
export function decodeTaskCursor(text: string, filter: TaskFilter): TaskCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const { f, a, i } = (parsed ?? {}) as Record<string, unknown>;
  if (f !== filter || typeof a !== 'string' || !SORT_TIME.test(a) || typeof i !== 'string' || !isUuid(i)) {
    throw invalidCursor();
  }
  return { filter, at: a, id: i };
}

function invalidCursor(): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', INVALID_CURSOR_TEXT, [
    { path: 'query.cursor', message: INVALID_CURSOR_TEXT },
  ]);
}
