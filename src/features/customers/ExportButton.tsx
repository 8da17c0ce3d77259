import { useState } from 'react';
import { toast } from '../../lib/toasts';
import { fetchCustomersExport } from './export-customers';
import { saveFile } from './save-file';

export const EXPORT_DONE_TEXT = 'Exportação pronta.';

/** "Exportar": every customer as CSV, saved under the server's file name; a failure says why. */
export function ExportButton() {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    const result = await fetchCustomersExport();
    setExporting(false);
    if (!result.ok) {
      toast.error(result.error, { id: 'customers-export' });
      return;
    }
    saveFile(result.blob, result.filename);
    toast.success(EXPORT_DONE_TEXT, { id: 'customers-export', description: result.filename });
  };
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={exporting}
      aria-busy={exporting || undefined}
      onClick={() => void run()}
    >
      {exporting ? 'Exportando...' : 'Exportar'}
    </button>
  );
}
