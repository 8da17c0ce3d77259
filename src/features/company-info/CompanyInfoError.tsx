import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { COMPANY_INFO_LOAD_FAILED_TEXT } from '../../../contracts/company';
import { ApiError } from '../../api/api-error';
import { reportClientError } from '../../app/errors/report-client-error';
import { Link } from '../../app/routing/Link';
import { RetryButton } from '../../ui/retry-button/RetryButton';

/** The page's own error screen (spec §2, §8: "Erro ao carregar dados da empresa"). */
export function CompanyInfoErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="company-card company-info__error" aria-labelledby="company-info-error">
      <div role="alert">
        <h2 id="company-info-error" className="company-card__title">
          {COMPANY_INFO_LOAD_FAILED_TEXT}
        </h2>
        <p className="company-card__muted">Verifique sua conexão e tente de novo.</p>
      </div>
      <div className="company-info__actions">
        <RetryButton onRetry={onRetry} />
        <Link to="/settings" className="button button--secondary">
          Voltar para Configurações
        </Link>
      </div>
    </section>
  );
}

type BoundaryProps = { children: ReactNode; onReset: () => void };

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A call that failed is the server's or the network's doing, not a defect of this page.
    if (!(error instanceof ApiError)) reportClientError(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <CompanyInfoErrorView
        onRetry={() => {
          this.props.onReset();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

/** What fails below it (the company not loading, a render error) shows the error screen; retry loads again. */
export function CompanyInfoErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => <Boundary onReset={reset}>{children}</Boundary>}
    </QueryErrorResetBoundary>
  );
}
