/**
 * A customer file as the browser read it (CSV or vCard), before the person maps its columns.
 * Pure data: the parsers (src/features/customers/import/) make it, the import chart holds it.
 */

export type ImportFormat = 'csv' | 'vcard';

/** One data row: its line (1-based, header excluded, as the report names it) and its cells. */
export interface ImportRecord {
  line: number;
  cells: string[];
}

export interface ImportTable {
  format: ImportFormat;
  /** Column titles from the file's first row (a vCard gets fixed ones). */
  headers: string[];
  rows: ImportRecord[];
}

/** What the chart knows of the chosen file (a browser File fits it). */
export interface ImportFile {
  name: string;
  size: number;
  type?: string;
}

/** The format from the name's extension, else the declared type; null when neither says CSV or vCard. */
export function importFormatOf(file: ImportFile): ImportFormat | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.vcf') || name.endsWith('.vcard')) return 'vcard';
  const type = (file.type ?? '').toLowerCase();
  if (type === 'text/csv' || type === 'application/csv') return 'csv';
  if (type === 'text/vcard' || type === 'text/x-vcard' || type === 'text/directory') return 'vcard';
  return null;
}
