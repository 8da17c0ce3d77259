import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../server/db/timestamp';

describe('isoTimestamp: PostgreSQL timestamptz text as the API answers times', () => {
  it('keeps milliseconds of fractions of 0 to 6 digits, truncating (never rounding up a second)', () => {
    expect(isoTimestamp('2026-11-25 12:00:00+00')).toBe('2026-11-25T12:00:00.000Z');
    expect(isoTimestamp('2026-11-25 12:00:00.1+00')).toBe('2026-11-25T12:00:00.100Z');
    expect(isoTimestamp('2026-11-25 12:00:00.12+00')).toBe('2026-11-25T12:00:00.120Z');
    expect(isoTimestamp('2026-11-25 12:00:00.123+00')).toBe('2026-11-25T12:00:00.123Z');
    expect(isoTimestamp('2026-11-25 12:00:00.1234+00')).toBe('2026-11-25T12:00:00.123Z');
    expect(isoTimestamp('2026-11-25 12:00:00.12345+00')).toBe('2026-11-25T12:00:00.123Z');
    expect(isoTimestamp('2026-12-31 23:59:59.999999+00')).toBe('2026-12-31T23:59:59.999Z');
  });

  it('reads JSON text (to_json) and text already in the API form alike', () => {
    expect(isoTimestamp('2026-11-25T12:00:00.123456+00:00')).toBe('2026-11-25T12:00:00.123Z');
    expect(isoTimestamp('2026-11-25T12:00:00+00:00')).toBe('2026-11-25T12:00:00.000Z');
    expect(isoTimestamp('2026-11-25T12:00:00.123Z')).toBe('2026-11-25T12:00:00.123Z');
  });

  it('writes years before 1000 with four digits, as they are (no 19xx guessing)', () => {
    expect(isoTimestamp('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
    expect(isoTimestamp('0099-06-01 10:30:00.123456+00')).toBe('0099-06-01T10:30:00.123Z');
    expect(isoTimestamp('0999-12-31 23:59:59+00')).toBe('0999-12-31T23:59:59.000Z');
  });

  it('moves other offsets to UTC, to the second', () => {
    expect(isoTimestamp('2026-11-25 09:00:00.5-03')).toBe('2026-11-25T12:00:00.500Z');
    expect(isoTimestamp('2026-11-25 17:30:00+05:30')).toBe('2026-11-25T12:00:00.000Z');
    expect(isoTimestamp('2026-01-01 00:00:00-03:00')).toBe('2026-01-01T03:00:00.000Z');
    // Local mean time of São Paulo before 1914, as PostgreSQL writes it.
    expect(isoTimestamp('1900-01-01 00:00:00-03:06:28')).toBe('1900-01-01T03:06:28.000Z');
    expect(isoTimestamp('0050-03-01 01:00:00+02')).toBe('0050-02-28T23:00:00.000Z');
  });

  it('writes BC years and years past 9999 in the extended ISO form', () => {
    expect(isoTimestamp('0001-01-01 00:00:00+00 BC')).toBe('0000-01-01T00:00:00.000Z');
    expect(isoTimestamp('0044-03-15 12:00:00.25+00 BC')).toBe('-000043-03-15T12:00:00.250Z');
    expect(isoTimestamp('10000-01-01 00:00:00+00')).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoTimestamp('12026-01-02 03:04:05.6-03')).toBe('+012026-01-02T06:04:05.600Z');
  });

  it('keeps infinity, which has no ISO form, and refuses text it cannot read', () => {
    expect(isoTimestamp('infinity')).toBe('infinity');
    expect(isoTimestamp('-infinity')).toBe('-infinity');
    expect(() => isoTimestamp('11/25/2026 12:00:00 UTC')).toThrow('unrecognised timestamp text');
  });
});
