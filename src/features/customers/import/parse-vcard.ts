import type { ImportTable } from '../../../../machines/customer-import/import-table';

/** The columns a vCard file offers to the mapping (the mapping recognises each title). */
export const VCARD_HEADERS = ['Nome', 'Telefone', 'E-mail', 'Observações', 'Etiquetas'] as const;

interface VcardProperty {
  name: string;
  /** Parameter names and values, upper-cased names; TYPE values split on commas. */
  params: Map<string, string[]>;
  value: string;
}

/** One contact as the import uses it. */
export interface VcardContact {
  name: string;
  phone: string;
  email: string;
  note: string;
  categories: string[];
}

/** RFC 6350 §3.2: a line starting with a space or a tab continues the previous one. */
function unfold(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && out.length > 0) {
      out[out.length - 1] += line.slice(1);
    } else out.push(line);
  }
  return out;
}

/** Splits on `separator` outside double quotes (parameter values may be quoted). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function parseProperty(line: string): VcardProperty | null {
  // The value starts after the first colon outside quotes.
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const [rawName = '', ...rawParams] = splitOutsideQuotes(line.slice(0, colon), ';');
  // "item1.TEL" → TEL (Apple groups related properties).
  const name = rawName.slice(rawName.lastIndexOf('.') + 1).toUpperCase();
  const params = new Map<string, string[]>();
  for (const param of rawParams) {
    const equals = param.indexOf('=');
    // vCard 2.1 writes bare types: TEL;CELL;VOICE:…
    const key = (equals < 0 ? 'TYPE' : param.slice(0, equals)).toUpperCase();
    const values = (equals < 0 ? param : param.slice(equals + 1))
      .replace(/"/g, '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, value: line.slice(colon + 1) };
}

/** vCard 2.1 quoted-printable ("Jo=C3=A3o"), decoded as the charset says (UTF-8 by default). */
function decodeQuotedPrintable(value: string, charset: string | undefined): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
  }
}

/** Text value escapes (\n, \, \; \\). */
function unescapeText(value: string): string {
  return value.replace(/\\([nN,;\\:])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

/** A list value (CATEGORIES): split on commas that are not escaped. */
function splitList(value: string): string[] {
  return value
    .split(/(?<!\\),/)
    .map((part) => unescapeText(part).trim())
    .filter(Boolean);
}

function propertyValue(property: VcardProperty): string {
  const encoding = property.params.get('ENCODING')?.[0]?.toUpperCase();
  if (encoding === 'QUOTED-PRINTABLE') {
    return decodeQuotedPrintable(property.value, property.params.get('CHARSET')?.[0]);
  }
  return property.value;
}

function isMobile(property: VcardProperty): boolean {
  return (property.params.get('TYPE') ?? []).some((type) => type.toLowerCase() === 'cell');
}

function contactOf(properties: VcardProperty[]): VcardContact {
  const first = (name: string) => properties.find((p) => p.name === name);
  const fn = first('FN');
  let name = fn ? unescapeText(propertyValue(fn)).trim() : '';
  const n = first('N');
  if (name === '' && n) {
    // N: family;given;additional;prefixes;suffixes → "given additional family".
    const [family = '', given = '', additional = '', prefix = '', suffix = ''] = propertyValue(n)
      .split(/(?<!\\);/)
      .map((part) => unescapeText(part).trim());
    name = [prefix, given, additional, family, suffix].filter(Boolean).join(' ');
  }
  const phones = properties.filter((p) => p.name === 'TEL');
  const phone = phones.find(isMobile) ?? phones[0];
  const email = first('EMAIL');
  const note = first('NOTE');
  return {
    name,
    // vCard 4 may write TEL as a URI: tel:+55-11-98765-4321.
    phone: phone ? propertyValue(phone).replace(/^tel:/i, '').trim() : '',
    email: email ? propertyValue(email).trim() : '',
    note: note ? unescapeText(propertyValue(note)).trim() : '',
    categories: properties.filter((p) => p.name === 'CATEGORIES').flatMap((p) => splitList(propertyValue(p))),
  };
}

/**
 * The contacts of a vCard file (3.0 and 4.0, and the 2.1 that older phones export): FN, else N;
 * the first mobile TEL, else the first; EMAIL; NOTE; CATEGORIES. Folded lines are joined.
 */
export function parseVcardContacts(text: string): VcardContact[] {
  const contacts: VcardContact[] = [];
  let current: VcardProperty[] | null = null;
  const lines = unfold(text.replace(/^\uFEFF/, ''));
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (line.trim() === '') continue;
    const upper = line.trim().toUpperCase();
    if (upper === 'BEGIN:VCARD') {
      current = [];
      continue;
    }
    if (upper === 'END:VCARD') {
      if (current) contacts.push(contactOf(current));
      current = null;
      continue;
    }
    if (!current) continue;
    // Quoted-printable soft line breaks: a line ending in "=" goes on in the next one.
    if (/ENCODING=QUOTED-PRINTABLE/i.test(line.split(':')[0] ?? '')) {
      while (line.endsWith('=') && i + 1 < lines.length) {
        line = line.slice(0, -1) + lines[++i]!;
      }
    }
    const property = parseProperty(line);
    if (property) current.push(property);
  }
  return contacts;
}

/** A vCard file as a table with fixed columns, a row per contact numbered from 1. */
export function parseVcard(text: string): ImportTable {
  const rows = parseVcardContacts(text)
    .map((contact, i) => ({
      line: i + 1,
      cells: [contact.name, contact.phone, contact.email, contact.note, contact.categories.join(', ')],
    }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  return { format: 'vcard', headers: [...VCARD_HEADERS], rows };
}
