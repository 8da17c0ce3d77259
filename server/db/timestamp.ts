/**
 * A timestamptz column as both drivers hand it back: already the API's text, ISO 8601 in UTC to
 * the millisecond ("2026-11-25T12:00:00.123Z"), so row mappers pass it through. Code that does
 * arithmetic on it makes a Date of it where it needs one (`new Date(text)`).
 */
export type Timestamp = string;

export const TIMESTAMPTZ_OID = 1184;

/** Shortest fast-path text: "YYYY-MM-DD HH:MM:SS" and a zone. */
const SECONDS_END = 19;
const MINUS = 45;
const SPACE = 32;
const T = 84;
const DOT = 46;

/**
 * PostgreSQL's text of a timestamptz (the drivers' "2026-11-25 12:00:00.123456+00", or to_json's
 * "2026-11-25T12:00:00.123456+00:00") as the API answers times: ISO 8601 in UTC, milliseconds
 * (truncated: microseconds the API never shows; cursors that need them are built in SQL with
 * isoMicrosecondsSql). Every connection's session runs in UTC, so the text almost always ends in
 * "+00" and is rewritten without making a Date; anything else (another offset, BC, years past
 * 9999) takes the slower general conversion.
 */
export function isoTimestamp(text: string): string {
  const zone = text.endsWith('+00') ? 3 : text.endsWith('+00:00') ? 6 : text.endsWith('Z') ? 1 : 0;
  const end = text.length - zone;
  const separator = text.charCodeAt(10);
  if (
    zone > 0 &&
    end >= SECONDS_END &&
    end <= SECONDS_END + 7 &&
    text.charCodeAt(4) === MINUS &&
    (separator === SPACE || separator === T) &&
    (end === SECONDS_END || (text.charCodeAt(SECONDS_END) === DOT && end > SECONDS_END + 1))
  ) {
    const fraction = end === SECONDS_END ? '000' : `${text.slice(SECONDS_END + 1, end)}00`.slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, SECONDS_END)}.${fraction}Z`;
  }
  return generalIsoTimestamp(text);
}

/** isoTimestamp of a nullable column ("not yet": null). */
export function isoTimestampOrNull(text: string | null): string | null {
  return text === null ? null : isoTimestamp(text);
}

// year, month, day, hour, minute, second, fraction, zone (Z, ±HH, ±HH:MM, ±HH:MM:SS), BC
const GENERAL =
  /^(\d{4,})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:Z|([+-])(\d{2})(?::?(\d{2}))?(?::?(\d{2}))?)?( BC)?$/;

/**
 * Any timestamp text PostgreSQL writes in the ISO DateStyle, through a Date: years past 9999 come
 * out in ISO 8601's expanded form ("+010000-01-01T00:00:00.000Z"), BC years as negative ones
 * (1 BC is year 0). 'infinity' and '-infinity' have no ISO form and stay as they are. Text without
 * a zone is read as UTC, the session's zone.
 */
function generalIsoTimestamp(text: string): string {
  if (text === 'infinity' || text === '-infinity') return text;
  const m = GENERAL.exec(text);
  if (!m) throw new Error(`unrecognised timestamp text: ${text}`);
  const [
    ,
    written,
    month,
    day,
    hour,
    minute,
    second,
    fraction = '',
    sign,
    zoneH = 0,
    zoneM = 0,
    zoneS = 0,
    bc,
  ] = m;
  const instant = new Date(0);
  // One setter for the date: Date.UTC would read years 0–99 as 1900–1999.
  instant.setUTCFullYear(bc ? 1 - Number(written) : Number(written), Number(month) - 1, Number(day));
  instant.setUTCHours(Number(hour), Number(minute), Number(second), Number(`${fraction}00`.slice(0, 3)));
  const offsetSeconds = (Number(zoneH) * 60 + Number(zoneM)) * 60 + Number(zoneS);
  return new Date(instant.getTime() - (sign === '-' ? -1 : 1) * offsetSeconds * 1000).toISOString();
}

/**
 * SQL that writes the timestamptz `expression` as ISO 8601 in UTC to the microsecond, as the
 * database keeps it: cursors and job keys built from it name the row's exact time, where a JS Date
 * (milliseconds) would skip or repeat rows that differ in the last three digits.
 */
export function isoMicrosecondsSql(expression: string): string {
  return `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
