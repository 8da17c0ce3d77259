import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ApiError } from '../../../api/api-error';
import { reportClientError } from '../../../app/errors/report-client-error';
import { Link } from '../../../app/routing/Link';

type BoundaryProps = { children: ReactNode; onReset: () => void };
type BoundaryState = { failed: boolean };

/** The phone change's own error screen (spec §2): what went wrong, try again, or back to settings. */
export function PhoneChangeErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="settings-card phone-change__error" aria-labelledby="phone-change-error">
      <div role="alert">
        <h2 id="phone-change-error" className="settings-card__title">
          Não foi possível abrir a alteração do celular
        </h2>
        <p className="settings-card__muted">
          Algo deu errado ao carregar esta página. Tente de novo ou volte para as configurações.
        </p>
      </div>
      <div className="phone-change__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Tentar de novo
        </button>
        <Link to="/settings" className="button button--secondary">
          Voltar para Configurações
        </Link>
      </div>
    </section>
  );
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A call that failed is the server's or the network's doing, not a defect of this page.
    if (!(error instanceof ApiError)) reportClientError(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PhoneChangeErrorView
        onRetry={() => {
          this.props.onReset();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

/**
 * Catches what fails below it on the phone-change pages (the user's data not loading, a render
 * error) and shows their own error screen; "Tentar de novo" fetches the failed queries again.
 */
export function PhoneChangeErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => <Boundary onReset={reset}>{children}</Boundary>}
    </QueryErrorResetBoundary>
  );
}
