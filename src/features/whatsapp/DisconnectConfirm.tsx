import { useSelector } from '@xstate/react';
import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';

/** "Desconectar WhatsApp Business": what stops, then confirm or keep the connection. */
export function DisconnectConfirm({ connection }: { connection: WhatsappConnectionActor }) {
  const disconnecting = useSelector(connection, (s) => s.matches('disconnecting'));
  const failure = useSelector(connection, (s) => s.context.failure);
  return (
    <section className="card" aria-labelledby="whatsapp-disconnect">
      <h2 id="whatsapp-disconnect" className="card__heading">
        Tem certeza?
      </h2>
      <ul className="whatsapp-connection__steps">
        <li>As mensagens dos clientes deixam de chegar ao Fechaí.</li>
        <li>Os follow-ups agendados não serão enviados.</li>
        <li>As conversas que já estão aqui continuam salvas.</li>
      </ul>
      {failure ? (
        <p className="form-error" role="alert">
          {failure.detail}
        </p>
      ) : null}
      <div className="form__actions">
        <button
          type="button"
          className="button button--danger"
          disabled={disconnecting}
          onClick={() => connection.send({ type: 'CONFIRM' })}
        >
          {disconnecting ? 'Desconectando...' : 'Sim, desconectar'}
        </button>
        {disconnecting ? null : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => connection.send({ type: 'CANCEL' })}
          >
            Manter conectado
          </button>
        )}
      </div>
    </section>
  );
}
