import { useQuery } from '@tanstack/react-query';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import type { WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import { pageForStatus } from '../../../machines/whatsapp/whatsapp-connection-pages';
import { Link } from '../../lib/routing/Link';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { RetryButton } from '../../ui/retry-button/RetryButton';

type StatusView = { title: string; text: string; action: { to: string; label: string } };

function viewOf(connection: WhatsappConnectionState): StatusView {
  switch (connection.status) {
    case 'connected': {
      const who = [
        connection.displayName,
        connection.phoneNumber && formatCustomerPhone(connection.phoneNumber),
      ]
        .filter(Boolean)
        .join(' · ');
      return {
        title: 'WhatsApp conectado',
        text: who || 'As mensagens de follow-up saem no horário de cada tarefa.',
        action: { to: pageForStatus(connection.status), label: 'Gerenciar conexão' },
      };
    }
    case 'connecting':
      return {
        title: 'Conexão em andamento',
        text: 'Estamos terminando de conectar o seu WhatsApp Business.',
        action: { to: pageForStatus(connection.status), label: 'Ver conexão' },
      };
    case 'not_ready':
    case 'error':
      return {
        title: 'Erro na conexão do WhatsApp',
        text:
          connection.problem?.detail ??
          'As mensagens de follow-up estão paradas até a conexão ser concluída.',
        action: { to: pageForStatus(connection.status), label: 'Ver o que fazer' },
      };
    case 'offboarded':
    case 'needs_reconnect':
      return {
        title: 'Reconecte o seu WhatsApp',
        text: 'As mensagens de follow-up estão paradas até você reconectar.',
        action: { to: pageForStatus(connection.status), label: 'Reconectar WhatsApp' },
      };
    case 'disconnected':
      return {
        title: 'WhatsApp desconectado',
        text: 'Conecte o WhatsApp Business para enviar os follow-ups e ver as conversas aqui.',
        action: { to: pageForStatus(connection.status), label: 'Conectar WhatsApp' },
      };
  }
}

/** The company's WhatsApp connection (GET /api/whatsapp-connections/status, prefetched by /home). */
export function WhatsappStatusCard() {
  const query = useQuery(whatsappStatusQuery);
  const failed = query.isError && !query.isFetching;
  return (
    <section className="card home-whatsapp" aria-labelledby="home-whatsapp">
      <h2 id="home-whatsapp" className="card__heading">
        WhatsApp
      </h2>
      {query.data ? (
        <StatusBody connection={query.data} />
      ) : failed ? (
        <>
          <p className="form-error" role="alert">
            Não foi possível ver a conexão do WhatsApp.
          </p>
          <RetryButton onRetry={() => void query.refetch()} />
        </>
      ) : (
        <QueryLoading query={query} queryKey={whatsappStatusQuery.queryKey} frameClassName="">
          <div className="home-whatsapp__loading" role="status">
            <span className="visually-hidden">Carregando a conexão do WhatsApp...</span>
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </div>
        </QueryLoading>
      )}
    </section>
  );
}

function StatusBody({ connection }: { connection: WhatsappConnectionState }) {
  const view = viewOf(connection);
  return (
    <>
      <p className={`home-whatsapp__status home-whatsapp__status--${connection.status}`}>
        <span className="home-whatsapp__dot" aria-hidden="true" />
        {view.title}
      </p>
      <p className="card__text">{view.text}</p>
      <Link
        to={view.action.to}
        className={connection.status === 'connected' ? 'button button--secondary' : 'button button--primary'}
      >
        {view.action.label}
      </Link>
    </>
  );
}
