import { useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { customerExportMachine } from '../../../machines/customer-export/customer-export.machine';
import { toast } from '../../lib/toasts';
import { type ExportResult, fetchCustomersExport } from './export-customers';
import { saveFile } from './save-file';

export const EXPORT_DONE_TEXT = 'Exportação pronta.';

interface ExportButtonProps {
  /** The button's words while ready; "Exportando..." while the file is made. */
  label?: string;
  /** The download; every customer as CSV unless said otherwise. */
  fetchExport?: () => Promise<ExportResult>;
  /** The toast's id, so a second export replaces the first one's toast. */
  toastId?: string;
}

/** "Exportar": a file from the server, saved under the name it gave; a failure says why. */
export function ExportButton({
  label = 'Exportar',
  fetchExport = fetchCustomersExport,
  toastId = 'customers-export',
}: ExportButtonProps) {
  // The chart reads the latest render's download (the page's customer may change).
  const latest = useRef({ fetchExport, toastId });
  useLayoutEffect(() => {
    latest.current = { fetchExport, toastId };
  });
  const [machine] = useState(() =>
    customerExportMachine.provide({
      actors: {
        exportCustomers: fromPromise(async () => {
          const result = await latest.current.fetchExport();
          if (!result.ok) throw new Error(result.error);
          return { filename: result.filename, content: result.blob };
        }),
      },
      actions: {
        saveFile: (_, file) => {
          saveFile(file.content, file.filename);
          toast.success(EXPORT_DONE_TEXT, { id: latest.current.toastId, description: file.filename });
        },
        showFailure: (_, message) => toast.error(message, { id: latest.current.toastId }),
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
      {exporting ? 'Exportando...' : label}
    </button>
  );
}
