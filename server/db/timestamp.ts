/** A timestamp column as it comes back: a Date from pg and PGlite, a string from some drivers. */
export type Timestamp = Date | string;

export function asDate(value: Timestamp): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The column as the API answers times: ISO 8601 in UTC. */
export function isoTimestamp(value: Timestamp): string {
  return asDate(value).toISOString();
}

/** isoTimestamp of a nullable column ("not yet": null). */
export function isoTimestampOrNull(value: Timestamp | null): string | null {
  return value === null ? null : isoTimestamp(value);
}

/**
 * SQL that writes the timestamptz `expression` as ISO 8601 in UTC to the microsecond, as the
 * database keeps it: cursors and job keys built from it name the row's exact time, where a JS Date
 * (milliseconds) would skip or repeat rows that differ in the last three digits.
 */
export function isoMicrosecondsSql(expression: string): string {
  return `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
