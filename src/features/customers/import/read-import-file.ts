import type { ImportFileRead } from '../../../../machines/customer-import/customer-import.machine';
import type { ImportFormat } from '../../../../machines/customer-import/import-table';
import { sha256Hex } from '../../../lib/sha256-hex';
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

/**
 * The parsed table of a chosen file: decoded (UTF-8, else Windows-1252), NUL characters dropped
 * (a UTF-16 file without its BOM, odd exporters: nobody means them, and the server refuses them),
 * then CSV or vCard; and the hash of its bytes, which recognises the same file chosen again.
 */
export async function readImportFile(file: Blob, format: ImportFormat): Promise<ImportFileRead> {
  const bytes = await readBytes(file);
  const text = decodeText(bytes).replaceAll('\u0000', '');
  return {
    table: format === 'vcard' ? parseVcard(text) : parseCsv(text),
    fileHash: await sha256Hex(bytes),
  };
}
