import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { INVALID_CURSOR_TEXT } from '../../contracts/pagination';
import { isUuid } from '../db/uuid';
import { HttpError } from './errors';
import { nulTextPaths } from './nul-characters';

/**
 * Keyset pagination (contracts/pagination.ts): a cursor names where a page ended (the last row's
 * sort key and id), opaque to the client as base64url JSON, so pages stay right while rows are
 * added or removed.
 *
 * A cursor comes back from the client, so it is input like any other: decodeCursor checks its
 * encoding, its shape and every value's range against the column it will be compared with, and
 * anything else is the one cursor 400, never a query the database refuses.
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

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** What the cursor holds, if it is exactly what `shape` describes (as encodeCursor wrote it); else invalidCursor(). */
export function decodeCursor<S extends $ZodType>(text: string, shape: S): output<S> {
  // Node's decoder skips characters outside the alphabet; only a cursor it would write back the same is ours.
  const bytes = BASE64URL.test(text) ? Buffer.from(text, 'base64url') : null;
  if (!bytes || bytes.toString('base64url') !== text) throw invalidCursor();
  let decoded: unknown;
  try {
    decoded = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (nulTextPaths(decoded).length > 0) throw invalidCursor();
  const parsed = safeParse(shape, decoded);
  if (!parsed.success) throw invalidCursor();
  return parsed.data;
}

// ---- What cursors hold, each within the range of the column it is compared with ----------------

/** A row's id (uuid column). */
export const cursorId = z.string().check(z.refine(isUuid));

/** A place in an order (integer column: 0 to 2^31 − 1). */
export const cursorPosition = z.int().check(z.gte(0), z.lte(2_147_483_647));

/** A text sort key, as long as a cursor can carry (cursorInput's 512). */
export const cursorText = z.string().check(z.maxLength(512));

const SORT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/**
 * A timestamptz to the microsecond in UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ` as isoMicrosecondsSql writes
 * it: a real instant of years 0001–9999 (PostgreSQL has no year 0; 2026-02-30 and 24:00 are not times).
 */
export const cursorInstant = z.string().check(z.refine(isRealInstant));

function isRealInstant(text: string): boolean {
  const parts = SORT_TIME.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = new Date(0);
  instant.setUTCFullYear(year, month - 1, day);
  instant.setUTCHours(hour, minute, second);
  return (
    year >= 1 &&
    instant.getUTCFullYear() === year &&
    instant.getUTCMonth() === month - 1 &&
    instant.getUTCDate() === day &&
    instant.getUTCHours() === hour &&
    instant.getUTCMinutes() === minute &&
    instant.getUTCSeconds() === second
  );
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
