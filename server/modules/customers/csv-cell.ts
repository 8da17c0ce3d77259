/** The CSV separator Excel expects in pt-BR (a comma is the decimal mark there). */
export const CSV_SEPARATOR = ';';

/**
 * One cell of a CSV row. Quoted when it holds the separator, a quote, a line break or edge spaces
 * (quotes doubled). `text` cells that start like a formula (=, +, -, @) get a leading apostrophe so a
 * spreadsheet shows them instead of running them (CSV injection).
 */
export function csvCell(value: string, { text = false } = {}): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.join(CSV_SEPARATOR)}\r\n`;
}
