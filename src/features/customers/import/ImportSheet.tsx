import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ImportBatchResult, ImportSummary } from '../../../../contracts/customers';
import {
  type BatchSubmission,
  type CustomerImportInput,
  customerImportMachine,
  type ImportFileRead,
  type ReadFileInput,
} from '../../../../machines/customer-import/customer-import.machine';
import { invalidateAfter } from '../../../lib/cache/invalidate-after';
import { useDialogFocus } from '../../../ui/dialog/useDialogFocus';
import { findImport, sendImportBatch } from '../customer-calls';
import { ImportWizard } from './ImportWizard';
import { readImportFile } from './read-import-file';
import './import.css';

type ImportSheetProps = {
  onClose: () => void;
  /** Smaller batches and limits for tests; the contract's by default. */
  limits?: CustomerImportInput;
};

/**
 * "Importar" on /customers: a modal sheet (a bottom sheet on phones, a centred panel on wider
 * screens) holding the import wizard. Focus stays inside while it is open; Esc closes it, except
 * while batches are going out, where it asks the import to stop after the current one.
 */
export default function ImportSheet({ onClose, limits = {} }: ImportSheetProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [machine] = useState(() =>
    customerImportMachine.provide({
      // The list changes with what was imported (also when the import stopped halfway).
      actions: { importEnded: () => void invalidateAfter(queryClient, 'customer') },
      actors: {
        // The CHOOSE_FILE event carried the browser's File; the chart only knows its name and size.
        readFile: fromPromise<ImportFileRead, ReadFileInput>(({ input }) =>
          readImportFile(input.file as unknown as Blob, input.format),
        ),
        findImport: fromPromise<ImportSummary | null, { fileHash: string }>(({ input, signal }) =>
          findImport(input.fileHash, signal),
        ),
        sendBatch: fromPromise<ImportBatchResult, BatchSubmission>(({ input, signal }) =>
          sendImportBatch(input, signal),
        ),
      },
    }),
  );
  const actor = useActorRef(machine, { input: limits });
  const importing = useSelector(actor, (s) => s.matches('importing'));

  const requestClose = () => {
    if (importing) actor.send({ type: 'CANCEL' });
    else onClose();
  };

  const onKeyDown = useDialogFocus(panel, null, requestClose);

  return (
    <div className="sheet sheet--wide">
      <div className="sheet__backdrop" aria-hidden="true" onClick={requestClose} />
      <div
        ref={panel}
        className="sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="sheet__head">
          <h2 id={titleId} className="sheet__title">
            Importar clientes
          </h2>
          {/* While batches go out, stopping is the wizard's own "Cancelar importação". */}
          {importing ? null : (
            <button type="button" className="sheet__close" aria-label="Fechar" onClick={onClose}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          )}
        </div>
        <ImportWizard actor={actor} onClose={onClose} />
      </div>
    </div>
  );
}
