import { useSelector } from '@xstate/react';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import { appPaths } from '../../../machines/app-paths';
import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';
import { modeLabels } from '../../../machines/whatsapp/whatsapp-connection-labels';
import { formatDateTime } from '../../lib/format/date';
import { Link } from '../../lib/routing/Link';
import { FollowUpTemplateChoice } from './FollowUpTemplateChoice';

/**
 * "Conexão WhatsApp": where the connection stands. Not connected: connect. Connected: the number,
 * its name, the mode and since when, the blocklist and disconnect. Being set up: wait. Let go by
 * Meta: why, and how to reconnect.
 */
export function ConnectionOverview({ connection }: { connection: WhatsappConnectionActor }) {
  const status = useSelector(connection, (s) => s.context.status);
  const kind = useSelector(connection, (s) =>
    s.matches({ ready: 'connected' })
      ? 'connected'
      : s.matches({ ready: 'settingUp' })
        ? 'settingUp'
        : s.matches({ ready: 'lost' })
          ? 'lost'
          : 'notConnected',
  );
  const send = connection.send;

  if (kind === 'connected' && status) {
    return (
      <>
        <section className="card" aria-labelledby="whatsapp-overview">
          <h2 id="whatsapp-overview" className="card__heading">
            <span className="whatsapp-connection__dot whatsapp-connection__dot--on" aria-hidden="true" />
            Conectado
          </h2>
          <dl className="details">
            <div className="details__row">
              <dt>Nome</dt>
              <dd>{status.displayName ?? 'Sem nome de exibição'}</dd>
            </div>
            <div className="details__row">
              <dt>Número</dt>
              <dd>{status.phoneNumber ? formatCustomerPhone(status.phoneNumber) : 'Ainda não informado'}</dd>
            </div>
            <div className="details__row">
              <dt>Tipo de conexão</dt>
              <dd>{modeLabels[status.mode ?? 'cloud_api']}</dd>
            </div>
            {status.connectedAt ? (
              <div className="details__row">
                <dt>Conectado desde</dt>
                <dd>{formatDateTime(status.connectedAt)}</dd>
              </div>
            ) : null}
            {status.historyProgress !== null && status.historyProgress < 100 ? (
              <div className="details__row">
                <dt>Histórico de conversas</dt>
                <dd>Importando ({status.historyProgress}%)</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <FollowUpTemplateChoice />
        <nav className="card" aria-label="Opções da conexão">
          <ul className="list list--plain">
            <li>
              <Link to={appPaths.whatsappBlocklist} className="list__link">
                Contatos ignorados
              </Link>
            </li>
          </ul>
        </nav>
        <div className="form__actions">
          <button
            type="button"
            className="button button--danger"
            onClick={() => send({ type: 'DISCONNECT' })}
          >
            Desconectar
          </button>
        </div>
      </>
    );
  }

  if (kind === 'settingUp') {
    return (
      <section className="card" aria-labelledby="whatsapp-overview">
        <h2 id="whatsapp-overview" className="card__heading">
          Conexão em andamento
        </h2>
        <p className="card__text" role="status">
          Estamos configurando o seu número. Esta página se atualiza sozinha quando terminar.
        </p>
      </section>
    );
  }

  if (kind === 'lost') {
    return (
      <section className="card" aria-labelledby="whatsapp-overview">
        <h2 id="whatsapp-overview" className="card__heading">
          <span className="whatsapp-connection__dot whatsapp-connection__dot--off" aria-hidden="true" />
          Reconexão necessária
        </h2>
        <p className="card__text">
          {status?.status === 'needs_reconnect'
            ? 'O WhatsApp não aceita mais a permissão dada ao Fechaí.'
            : 'Seu número saiu do WhatsApp Business.'}{' '}
          Os follow-ups ficam parados até você reconectar.
        </p>
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => send({ type: 'RECONNECT' })}
          >
            Reconectar
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => send({ type: 'SHOW_HOW' })}
          >
            Como reconectar
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="whatsapp-overview">
      <h2 id="whatsapp-overview" className="card__heading">
        <span className="whatsapp-connection__dot" aria-hidden="true" />
        Seu WhatsApp não está conectado.
      </h2>
      <p className="card__text">
        Conecte o WhatsApp Business da sua empresa para receber as conversas dos clientes aqui e enviar os
        follow-ups no horário de cada tarefa.
      </p>
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={() => send({ type: 'CONNECT' })}>
          Conectar WhatsApp
        </button>
      </div>
    </section>
  );
}
