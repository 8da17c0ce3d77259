import './auth-page.css';

/** A short wait on a page of its own ("Autenticando...", "Saindo..."), announced to screen readers. */
export function AuthStatus({ text }: { text: string }) {
  return (
    <div className="centered-page">
      <div className="auth-status" role="status">
        <span className="spinner" aria-hidden="true" />
        <p className="auth-status__text">{text}</p>
      </div>
    </div>
  );
}
