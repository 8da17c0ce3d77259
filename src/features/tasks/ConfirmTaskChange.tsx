import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmAction } from '../../ui/confirm/ConfirmAction';

/**
 * A confirmation page for something that cannot be undone: the question as the page's heading,
 * what it means, the action and "Cancelar" (back to the task). A failure stays on screen.
 */
export function ConfirmTaskChange({
  question,
  children,
  confirmLabel,
  pendingLabel,
  cancelTo,
  onConfirm,
  onDone,
}: {
  question: string;
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  cancelTo: string;
  onConfirm: () => Promise<unknown>;
  onDone: () => void;
}) {
  const change = useMutation({ mutationFn: onConfirm, onSuccess: onDone });
  return (
    <div className="page page--narrow">
      <ConfirmAction
        page
        question={question}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={change.isPending || change.isSuccess}
        error={change.isError ? change.error.message : null}
        onConfirm={() => change.mutate()}
        cancel={{ to: cancelTo }}
      >
        {children}
      </ConfirmAction>
    </div>
  );
}
