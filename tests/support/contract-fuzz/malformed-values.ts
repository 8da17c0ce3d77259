/**
 * The malformed values the contract fuzz sends, by family: what an attacker, a broken client or a
 * pasted document would put where a contract expects something else.
 */

const NUL = '\u0000';

/** Text with NUL characters, which PostgreSQL cannot store. */
export const nulTexts = [NUL, `Ana${NUL}Lima`, `${'a'.repeat(20)}${NUL}`];

/** Odd but well-formed-looking dates and times: before year 1000, past 9999, off the calendar. */
export const oddDates = [
  '0000-01-01',
  '0001-01-01',
  '0099-06-01',
  '1899-12-31',
  '2100-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '0099-06-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-02-30T10:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T10:00:00+25:00',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
];

/** Numbers at and past every edge: JSON numbers, then what JSON cannot hold, as text. */
export const hugeNumbers: unknown[] = [
  1e308,
  -1e308,
  2 ** 63,
  2 ** 53,
  2 ** 31,
  -(2 ** 31) - 1,
  -1,
  0.5,
  5e-324,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '9223372036854775808',
];

/** Numbers written straight into the JSON text: parsed to Infinity, or beyond any integer type. */
export const rawJsonNumbers = ['1e400', '-1e400', '123456789012345678901234567890', '-0'];

/** Every JSON type where another was expected. */
export const wrongTypes: unknown[] = [null, true, 12345, 'texto', [], {}, ['a'], { a: 'b' }];

/** Text that is long, wide or strange. */
export const strangeTexts = [
  'x'.repeat(100_000),
  '😀'.repeat(300),
  '\uD800',
  '\u202Etxet',
  '   ',
  '',
  "'; DROP TABLE customers; --",
  'ab\\',
  '%_%',
  '%00',
  '\\u0000',
  '<script>alert(1)</script>',
];

/** Values for one query parameter, as they go on the wire (already encoded). */
export const queryValues = [
  encodeURIComponent(`a${NUL}b`),
  '%00',
  '',
  'x'.repeat(2000),
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  encodeURIComponent('ab\\'),
  '%25_%25',
  '1e308',
  '-1',
  'NaN',
  'Infinity',
  '9223372036854775808',
  '0x10',
  '1.5',
  ...oddDates.map(encodeURIComponent),
];

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const anId = '0b6f3c5e-8d0a-4c1e-9a57-3f1d2b4c6e8a';

/** Cursors no list writes: garbage, wrong shapes, impossible times, positions out of range, NULs. */
export const forgedCursors = [
  '!!!!',
  '%00',
  '====',
  'x'.repeat(600),
  base64url(null),
  base64url(42),
  base64url('texto'),
  base64url([]),
  base64url({}),
  base64url([2 ** 31, anId]),
  base64url([2 ** 53, anId]),
  base64url([-1, anId]),
  base64url([1e308, anId]),
  base64url([1.5, anId]),
  base64url(['1', anId]),
  base64url([0, `${anId}${NUL}`]),
  base64url({ i: 'nao-e-um-id' }),
  base64url({ n: `ana${NUL}`, i: anId }),
  base64url({ n: 7, i: anId }),
  ...['today', 'future', 'completed', 'overdue'].flatMap((f) => [
    base64url({ f, a: '2026-02-30T10:00:00.000000Z', i: anId }),
    base64url({ f, a: '0000-01-01T10:00:00.000000Z', i: anId }),
    base64url({ f, a: '+275760-09-13T00:00:00.000000Z', i: anId }),
    base64url({ f, a: '2026-01-01T10:00:00.000000Z', i: anId, x: 1 }),
  ]),
  Buffer.from('{"i":', 'utf8').toString('base64url'),
];

/** Whole JSON bodies that are not what any route takes. */
export const malformedJsonBodies: { name: string; body: string | Buffer }[] = [
  { name: 'empty', body: '' },
  { name: 'null', body: 'null' },
  { name: 'an array', body: '[]' },
  { name: 'a string', body: '"texto"' },
  { name: 'a number', body: '123' },
  { name: 'true', body: 'true' },
  { name: 'cut short', body: '{"a":' },
  { name: 'not JSON', body: '{a: 1}' },
  { name: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  { name: 'a byte-order mark before it', body: '\uFEFF{}' },
  { name: 'arrays nested 10,000 deep', body: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
  { name: 'objects nested 5,000 deep', body: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
  { name: 'a __proto__ key', body: '{"__proto__":{"isAdmin":true}}' },
  { name: 'a constructor.prototype key', body: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { name: 'over 1 MB', body: JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
];

/** Content types other than the JSON the API reads. */
export const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/json, text/plain',
  ';;;',
];
