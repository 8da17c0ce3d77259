import type { TaskFilter } from '../../../contracts/tasks';
import { isUuid } from '../../db/uuid';
import { decodeCursor, encodeCursor, invalidCursor } from '../../http/keyset-cursor';

/**
 * Where a page of tasks ended: the filter it belongs to, the last row's sort time (microseconds, as
 * the database keeps it, so no row is skipped or repeated) and its id.
 */
export interface TaskCursor {
  filter: TaskFilter;
  /** UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`, as the list query writes it (isoMicrosecondsSql). */
  at: string;
  id: string;
}

const SORT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeTaskCursor(cursor: TaskCursor): string {
  return encodeCursor({ f: cursor.filter, a: cursor.at, i: cursor.id });
}

/** The cursor of a page of `filter`; a cursor that does not decode, or came from another filter, is a 400. */
export function decodeTaskCursor(text: string, filter: TaskFilter): TaskCursor {
  const { f, a, i } = (decodeCursor(text) ?? {}) as Record<string, unknown>;
  if (f !== filter || typeof a !== 'string' || !SORT_TIME.test(a) || !isUuid(i)) throw invalidCursor();
  return { filter, at: a, id: i };
}
