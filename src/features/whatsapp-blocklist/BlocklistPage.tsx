import { useQuery } from '@tanstack/react-query';
import { appPaths } from '../../../machines/app-paths';
import { PageHeading } from '../../app/routing/PageHeading';
import { Link } from '../../lib/routing/Link';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { BlocklistErrorBoundary } from './BlocklistError';
import { BlocklistForm } from './BlocklistForm';
import { BlocklistRow } from './BlocklistRow';
import { blocklistQuery } from './blocklist-query';
import './blocklist.css';

/** The list, or its empty state; failing to load it is the error screen's (only without data to show). */
function BlocklistEntries() {
  const query = useQuery({
    ...blocklistQuery,
    throwOnError: (_error, query) => query.state.data === undefined,
  });
  if (!query.data) {
    return (
      <QueryLoading query={query} queryKey={blocklistQuery.queryKey}>
        <div className="card" role="status">
          <span className="visually-hidden">Carregando contatos ignorados...</span>
          <span className="skeleton skeleton--field" />
          <span className="skeleton skeleton--field" />
        </div>
      </QueryLoading>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="card card__text blocklist-empty">
        Nenhum contato ignorado. Mensagens de todos os números chegam ao Fechaí.
      </p>
    );
  }
  return (
    <ul className="list blocklist" aria-label="Contatos ignorados">
      {query.data.map((entry) => (
        <BlocklistRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

/**
 * /settings/whatsapp-business-connection/blocklist (spec §2): "Contatos ignorados", numbers whose
 * WhatsApp messages the app drops before storing anything about them.
 */
export default function BlocklistPage() {
  return (
    <div className="page page--narrow blocklist-page">
      <Link to={appPaths.settings} className="page__back">
        Voltar para Configurações
      </Link>
      <PageHeading />
      <p className="card__text">
        Mensagens desses números no WhatsApp não criam clientes nem conversas no Fechaí.
      </p>
      <BlocklistErrorBoundary>
        <BlocklistEntries />
        <BlocklistForm />
      </BlocklistErrorBoundary>
    </div>
  );
}
