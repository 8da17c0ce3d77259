/** A timestamp column as it comes back: a Date from pg and PGlite, a string from some drivers. */
export type Timestamp = Date | string;

export function asDate(value: Timestamp): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The column as the API answers times: ISO 8601 in UTC. */
export function isoTimestamp(value: Timestamp): string {
  return asDate(value).toISOString();
}
