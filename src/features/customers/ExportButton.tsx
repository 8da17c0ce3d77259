import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { customerExportMachine } from '../../../machines/customer-export/customer-export.machine';
import { toast } from '../../lib/toasts';
import { fetchCustomersExport } from './export-customers';
import { saveFile } from './save-file';

export const EXPORT_DONE_TEXT = 'Exportação pronta.';

const exportCustomers = fromPromise(async () => {
  const result = await fetchCustomersExport();
  if (!result.ok) throw new Error(result.error);
  return { filename: result.filename, content: result.blob };
});

/** "Exportar": every customer as CSV, saved under the server's file name; a failure says why. */
export function ExportButton() {
  const [machine] = useState(() =>
    customerExportMachine.provide({
      actors: { exportCustomers },
      actions: {
        saveFile: (_, file) => {
          saveFile(file.content, file.filename);
          toast.success(EXPORT_DONE_TEXT, { id: 'customers-export', description: file.filename });
        },
        showFailure: (_, message) => toast.error(message, { id: 'customers-export' }),
      },
    }),
  );
  const exporter = useActorRef(machine);
  const exporting = useSelector(exporter, (snapshot) => snapshot.matches('exporting'));
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={exporting}
      aria-busy={exporting || undefined}
      onClick={() => exporter.send({ type: 'EXPORT' })}
    >
      {exporting ? 'Exportando...' : 'Exportar'}
    </button>
  );
}
