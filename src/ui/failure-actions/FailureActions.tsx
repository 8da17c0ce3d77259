/** One way on from a failure, e.g. "Tentar novamente" (the primary one) or "Voltar". */
export interface FailureAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
}

/**
 * Inside a form, after a command failed: why, in the server's words, and the ways on, each a
 * button that sends one event to the form's chart.
 */
export function FailureActions({ message, actions }: { message: string; actions: FailureAction[] }) {
  return (
    <div className="form__problem">
      <p className="form-error" role="alert">
        {message}
      </p>
      <div className="form__actions">
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            className={action.primary ? 'button button--primary' : 'button button--secondary'}
            onClick={action.onClick}
          >
            {action.label}
          </button>
        ))}
      </div>
    </div>
  );
}
