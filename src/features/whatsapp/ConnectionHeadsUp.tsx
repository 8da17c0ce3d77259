import { useSelector } from '@xstate/react';
import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';
import { BackButton } from './BackButton';

/**
 * "Informações importantes" before Meta's popup, and the page while it is open and while the server
 * connects the number. A popup closed before the end is said here.
 */
export function ConnectionHeadsUp({ connection }: { connection: WhatsappConnectionActor }) {
  const signingUp = useSelector(connection, (s) => s.matches({ connecting: 'signingUp' }));
  const exchanging = useSelector(connection, (s) => s.matches({ connecting: 'exchanging' }));
  const cancelledAt = useSelector(connection, (s) => s.context.cancelledAt);
  const busy = signingUp || exchanging;
  return (
    <section className="card" aria-labelledby="whatsapp-heads-up">
      <h2 id="whatsapp-heads-up" className="card__heading">
        Antes de abrir a janela do Facebook
      </h2>
      <ul className="whatsapp-connection__steps">
        <li>Uma janela do Facebook vai abrir. Se ela não aparecer, permita pop-ups para este site.</li>
        <li>Entre com a conta do Facebook que administra a sua empresa e siga os passos até o fim.</li>
        <li>Não feche esta página enquanto a conexão não terminar.</li>
      </ul>
      {cancelledAt !== null ? (
        <p className="form-error" role="alert">
          Você fechou a janela do Facebook antes de terminar. Toque em "Continuar com o Facebook" para tentar
          de novo.
        </p>
      ) : null}
      {busy ? (
        <p className="card__text" role="status">
          {signingUp ? 'Conclua a conexão na janela do Facebook.' : 'Conectando seu número...'}
        </p>
      ) : null}
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => connection.send({ type: 'START' })}
        >
          Continuar com o Facebook
        </button>
        {busy ? null : <BackButton connection={connection} />}
      </div>
    </section>
  );
}
