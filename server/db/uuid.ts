const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can name a row of a uuid column. Ids from paths, bodies, cursors and payloads are
 * checked with it before they reach one: a malformed id names no row (the same 404 or 400 as an
 * unknown one), where the cast would fail the whole query.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
