import { importSkipReasons } from '../../contracts/customers';

export interface CustomersCsv {
  /** The file's text: a header and `rows` customers, ";"-separated as Excel in pt-BR saves it. */
  text: string;
  /** Rows the import must create. */
  created: number;
  /** Rows the import must skip: their line (header excluded) and the reason the report gives. */
  skipped: { line: number; reason: string }[];
}

const pad = (n: number) => String(n).padStart(4, '0');

/**
 * A customer list to import: `rows` distinct customers ("Cliente 0001", a Rio mobile, an e-mail),
 * except three rows that must be skipped: one without a name, one with the phone of `existing`
 * written without its ninth digit (the same person), and one repeating the phone of the row above.
 */
export function customersCsv(rows: number, existing: { name: string; phoneWithoutNinthDigit: string }) {
  const noName = 10;
  const existingPhone = 20;
  const repeated = 30;
  const phoneOf = (line: number) => `2197000${pad(line)}`;
  const lines = ['Nome;WhatsApp;E-mail'];
  for (let line = 1; line <= rows; line++) {
    const name = line === noName ? '' : `Cliente ${pad(line)}`;
    const phone =
      line === existingPhone
        ? existing.phoneWithoutNinthDigit
        : line === repeated
          ? phoneOf(line - 1)
          : phoneOf(line);
    lines.push(`${name};${phone};cliente${pad(line)}@exemplo.com.br`);
  }
  const skipped = [
    { line: noName, reason: importSkipReasons.missingName },
    { line: existingPhone, reason: `${importSkipReasons.duplicatePhone} (${existing.name}).` },
    { line: repeated, reason: `${importSkipReasons.duplicateInFile} (Cliente ${pad(repeated - 1)}).` },
  ];
  return {
    text: `${lines.join('\r\n')}\r\n`,
    created: rows - skipped.length,
    skipped,
  } satisfies CustomersCsv;
}
