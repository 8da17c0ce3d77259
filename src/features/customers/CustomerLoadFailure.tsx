import { ApiError } from '../../api/api-error';
import { Link } from '../../app/routing/Link';
import { RetryButton } from '../../ui/retry-button/RetryButton';

/**
 * A customer that could not be loaded: the server's text ("Cliente não encontrado.", another
 * company's id answers the same), or spec §8's "No customer data returned"; a way back to the list,
 * and another try unless the customer does not exist.
 */
export function CustomerLoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="customers-failure card">
      <p className="form-error" role="alert">
        {error.message}
      </p>
      <div className="customers-failure__actions">
        {notFound ? null : <RetryButton onRetry={onRetry} />}
        <Link to="/customers" className="button button--secondary">
          Voltar para clientes
        </Link>
      </div>
    </div>
  );
}
