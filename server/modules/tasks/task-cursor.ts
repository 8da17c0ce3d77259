import * as z from 'zod/mini';
import type { TaskFilter } from '../../../contracts/tasks';
import { cursorId, cursorInstant, decodeCursor, encodeCursor } from '../../http/keyset-cursor';

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

export function encodeTaskCursor(cursor: TaskCursor): string {
  return encodeCursor({ f: cursor.filter, a: cursor.at, i: cursor.id });
}

/** The cursor of a page of `filter`; a cursor that does not decode, or came from another filter, is a 400. */
export function decodeTaskCursor(text: string, filter: TaskFilter): TaskCursor {
  const { a, i } = decodeCursor(
    text,
    z.strictObject({ f: z.literal(filter), a: cursorInstant, i: cursorId }),
  );
  return { filter, at: a, id: i };
}
