import type { ReactNode } from 'react';
import { COMPANY_INFO_LOAD_FAILED_TEXT } from '../../../contracts/company';
import { Link } from '../../lib/routing/Link';
import { OwnErrorScreen } from '../../ui/error-boundary/OwnErrorScreen';
import { RetryButton } from '../../ui/retry-button/RetryButton';

/** The page's own error screen (spec §2, §8: "Erro ao carregar dados da empresa"). */
export function CompanyInfoErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="card card--start company-info__error" aria-labelledby="company-info-error">
      <div role="alert">
        <h2 id="company-info-error" className="card__heading">
          {COMPANY_INFO_LOAD_FAILED_TEXT}
        </h2>
        <p className="card__text">Verifique sua conexão e tente de novo.</p>
      </div>
      <div className="form__actions">
        <RetryButton onRetry={onRetry} />
        <Link to="/settings" className="button button--secondary">
          Voltar para Configurações
        </Link>
      </div>
    </section>
  );
}

/** What fails below it (the company not loading, a render error) shows the error screen; retry loads again. */
export function CompanyInfoErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <OwnErrorScreen screen={(retry) => <CompanyInfoErrorView onRetry={retry} />}>{children}</OwnErrorScreen>
  );
}
