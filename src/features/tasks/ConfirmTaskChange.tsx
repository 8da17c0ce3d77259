import type { ReactNode } from 'react';
import { useConfirmDelete, useConfirmDeleteView } from '../../lib/confirm/useConfirmDelete';
import { ConfirmAction } from '../../ui/confirm/ConfirmAction';

/**
 * A confirmation page for something that cannot be undone: the question as the page's heading,
 * what it means, the action and "Cancelar" (back to the task). A failure stays on screen. Runs on
 * the confirm-delete chart, asked from the start; once done the page leaves for `doneTo`.
 */
export function ConfirmTaskChange({
  question,
  children,
  confirmLabel,
  pendingLabel,
  cancelTo,
  doneTo,
  onConfirm,
  onDone,
}: {
  question: string;
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelTo: string;
  /** Where the page goes once done (replacing the confirmation in the history). */
  doneTo: string;
  onConfirm: () => Promise<unknown>;
  onDone: () => void;
}) {
  const chart = useConfirmDelete({
    asked: true,
    doneTo,
    replace: true,
    remove: onConfirm,
    onDeleted: onDone,
  });
  const change = useConfirmDeleteView(chart);
  return (
    <div className="page page--narrow">
      <ConfirmAction
        page
        question={question}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={change.pending}
        error={change.error}
        onConfirm={change.confirm}
        cancel={{ to: cancelTo }}
      >
        {children}
      </ConfirmAction>
    </div>
  );
}
