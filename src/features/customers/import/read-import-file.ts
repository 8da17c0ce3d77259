import type { ImportFormat, ImportTable } from '../../../../machines/customer-import/import-table';
import { decodeText } from './decode-text';
import { parseCsv } from './parse-csv';
import { parseVcard } from './parse-vcard';

/** The file's bytes (FileReader: every browser has it, and so does the test DOM). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** The parsed table of a chosen file: decoded (UTF-8, else Windows-1252), then CSV or vCard. */
export async function readImportFile(file: Blob, format: ImportFormat): Promise<ImportTable> {
  const text = decodeText(await readBytes(file));
  return format === 'vcard' ? parseVcard(text) : parseCsv(text);
}
