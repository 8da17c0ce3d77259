import type { ImportTable } from '../../../../machines/customer-import/import-table';

export type CsvSeparator = ',' | ';' | '\t';
const separators: readonly CsvSeparator[] = [';', ',', '\t'];

/**
 * The separator of a file: the one that splits its first line (outside quotes) most; ";" wins a
 * tie, as Excel in pt-BR writes it; "," when none appears (a single column).
 */
export function detectSeparator(text: string): CsvSeparator {
  const counts = new Map<CsvSeparator, number>(separators.map((s) => [s, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char as CsvSeparator)) {
      counts.set(char as CsvSeparator, counts.get(char as CsvSeparator)! + 1);
    }
  }
  let best: CsvSeparator = ',';
  let bestCount = 0;
  for (const separator of separators) {
    const count = counts.get(separator)!;
    if (count > bestCount) {
      best = separator;
      bestCount = count;
    }
  }
  return best;
}

/**
 * RFC 4180 records: fields may be quoted, a quoted field may hold the separator, line breaks and
 * doubled quotes (""); lines end in CRLF, LF or CR. Lenient where files are sloppy: a quote inside an
 * unquoted field is kept as it is, and an unclosed quote runs to the end of the file.
 */
export function parseCsvRecords(text: string, separator: CsvSeparator = detectSeparator(text)): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += char;
      continue;
    }
    if (char === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (char === separator) endField();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (field !== '' || fieldStarted || record.length > 0) endRecord();
  return records;
}

function isBlank(record: readonly string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/**
 * A CSV file as a table: the first non-blank record gives the headers; each later non-blank record
 * is a row, numbered by its place after the header (blank records count, so the numbers match the
 * spreadsheet's rows minus the header). Cells are as written (trimmed later, when mapped).
 */
export function parseCsv(text: string): ImportTable {
  const records = parseCsvRecords(text.replace(/^\uFEFF/, ''));
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex < 0) return { format: 'csv', headers: [], rows: [] };
  const headers = records[headerIndex]!.map((header) => header.trim());
  const rows = records
    .slice(headerIndex + 1)
    .map((cells, i) => ({ line: i + 1, cells }))
    .filter((row) => !isBlank(row.cells));
  return { format: 'csv', headers, rows };
}
