import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '../../app/routing/Link';

/**
 * A confirmation screen for something that cannot be undone: the question as the page's heading,
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
    <div className="tasks-page tasks-page--narrow">
      <section className="task-card task-confirm" aria-labelledby="task-confirm-title">
        <h1 id="task-confirm-title" className="page-heading">
          {question}
        </h1>
        {children}
        {change.isError ? (
          <p className="form-error" role="alert">
            {change.error.message}
          </p>
        ) : null}
        <div className="tasks-actions">
          <button
            type="button"
            className="button task-button--danger"
            disabled={change.isPending || change.isSuccess}
            onClick={() => change.mutate()}
          >
            {change.isPending ? pendingLabel : confirmLabel}
          </button>
          <Link to={cancelTo} className="button button--secondary">
            Cancelar
          </Link>
        </div>
      </section>
    </div>
  );
}
