import { Link } from '../../lib/routing/Link';
import { LoadError } from '../../ui/load-error/LoadError';

/**
 * A customer that could not be loaded: the server's text ("Cliente não encontrado.", another
 * company's id answers the same), or spec §8's "No customer data returned"; a way back to the list,
 * and another try unless the customer does not exist.
 */
export function CustomerLoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <LoadError error={error} onRetry={onRetry}>
      <Link to="/customers" className="button button--secondary">
        Voltar para clientes
      </Link>
    </LoadError>
  );
}
