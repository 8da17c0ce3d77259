import { useSelector } from '@xstate/react';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import { adviceFor, reasonFor } from '../../../machines/whatsapp/connection-advice';
import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';
import { RetryButton } from '../../ui/retry-button/RetryButton';

/** "WhatsApp Conectado", or "Erro na Conexão" (not ready, error) with why, what to do, and a retry. */
export function ConnectionOutcome({
  connection,
  outcome,
}: {
  connection: WhatsappConnectionActor;
  outcome: 'success' | 'notReady' | 'error';
}) {
  const status = useSelector(connection, (s) => s.context.status);
  const problem = useSelector(connection, (s) => s.context.problem);

  if (outcome === 'success') {
    return (
      <section className="card" aria-labelledby="whatsapp-outcome">
        <h2 id="whatsapp-outcome" className="card__heading">
          Tudo certo!
        </h2>
        <p className="card__text">
          {[status?.displayName, status?.phoneNumber && formatCustomerPhone(status.phoneNumber)]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="card__text">
          As conversas dos seus clientes vão chegar ao Fechaí e os follow-ups saem no horário de cada tarefa.
        </p>
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => connection.send({ type: 'CONTINUE' })}
          >
            Ver minha conexão
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="card" aria-labelledby="whatsapp-outcome">
      <h2 id="whatsapp-outcome" className="card__heading">
        {outcome === 'notReady' ? 'Seu número ainda não está pronto' : 'Não foi possível conectar'}
      </h2>
      <p className="card__text" role="alert">
        {reasonFor(problem, outcome)}
      </p>
      <h3 className="whatsapp-connection__subheading">O que fazer</h3>
      <p className="card__text">{adviceFor(problem, outcome)}</p>
      <div className="form__actions">
        <RetryButton onRetry={() => connection.send({ type: 'RETRY' })} />
      </div>
    </section>
  );
}
