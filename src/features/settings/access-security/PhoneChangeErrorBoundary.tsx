import type { ReactNode } from 'react';
import { Link } from '../../../lib/routing/Link';
import { OwnErrorScreen } from '../../../ui/error-boundary/OwnErrorScreen';
import { RetryButton } from '../../../ui/retry-button/RetryButton';

/** The phone change's own error screen (spec §2): what went wrong, try again, or back to settings. */
export function PhoneChangeErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="card card--start" aria-labelledby="phone-change-error">
      <div role="alert">
        <h2 id="phone-change-error" className="card__heading">
          Não foi possível abrir a alteração do celular
        </h2>
        <p className="card__text">
          Algo deu errado ao carregar esta página. Tente de novo ou volte para as configurações.
        </p>
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

/**
 * Catches what fails below it on the phone-change pages (the user's data not loading, a render
 * error) and shows their own error screen; "Tentar novamente" fetches the failed queries again.
 */
export function PhoneChangeErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <OwnErrorScreen screen={(retry) => <PhoneChangeErrorView onRetry={retry} />}>{children}</OwnErrorScreen>
  );
}
