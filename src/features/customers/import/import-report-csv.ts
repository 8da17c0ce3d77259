/** One line of the report of skipped rows. */
export interface SkippedReportRow {
  line: number;
  name: string;
  reason: string;
}

function cell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** "Baixar relatório": the skipped rows as a CSV Excel in pt-BR opens as is (BOM, ";"). */
export function importReportCsv(rows: readonly SkippedReportRow[]): string {
  const lines = [['linha', 'nome', 'motivo'], ...rows.map((row) => [String(row.line), row.name, row.reason])];
  return `\uFEFF${lines.map((line) => line.map(cell).join(';')).join('\r\n')}\r\n`;
}
