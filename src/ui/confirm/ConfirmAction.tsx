import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Link } from '../../lib/routing/Link';
import './confirm-action.css';

type ConfirmActionProps = {
  /** "Excluir Ana Souza?": names the group, so it is what a screen reader announces. */
  question: string;
  /** What it means (what goes with it, what stays). */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why the last try failed: the server's words. */
  error?: string | null;
  onConfirm: () => void;
  /** "Cancelar" leaves the question: a page to go back to, or a way to close it in place. */
  cancel: { to: string } | { onCancel: () => void };
  /** The question is the page's own heading (a confirmation page), rather than a box inside one. */
  page?: boolean;
};

/**
 * The question before something that cannot be undone (deleting a customer, a task, a deal, a
 * stage): what it means, the red action and "Cancelar". Asked in place, it takes the focus, so
 * the keyboard lands on it; the failure stays on screen beside it.
 */
export function ConfirmAction({
  question,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error = null,
  onConfirm,
  cancel,
  page = false,
}: ConfirmActionProps) {
  const questionId = useId();
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!page) confirmButton.current?.focus();
  }, [page]);

  return (
    <fieldset aria-labelledby={questionId} className={page ? 'card confirm-action' : 'confirm-action'}>
      {page ? (
        <h1 id={questionId} className="page-heading">
          {question}
        </h1>
      ) : (
        <p id={questionId} className="confirm-action__question">
          {question}
        </p>
      )}
      {children}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form__actions">
        <button
          ref={confirmButton}
          type="button"
          className="button button--danger"
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
        {'to' in cancel ? (
          <Link to={cancel.to} className="button button--secondary">
            Cancelar
          </Link>
        ) : (
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={cancel.onCancel}
          >
            Cancelar
          </button>
        )}
      </div>
    </fieldset>
  );
}
