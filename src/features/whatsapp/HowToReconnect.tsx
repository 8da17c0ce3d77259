import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';

/** "Como Reconectar": why a number drops out of the WhatsApp Business Platform, and the way back. */
export function HowToReconnect({ connection }: { connection: WhatsappConnectionActor }) {
  return (
    <section className="card" aria-labelledby="whatsapp-reconnect">
      <h2 id="whatsapp-reconnect" className="card__heading">
        Seu número precisa ser conectado de novo
      </h2>
      <p className="card__text">
        Isso acontece quando o número muda de celular, o app WhatsApp Business é reinstalado ou a permissão
        dada ao Fechaí expira.
      </p>
      <ol className="whatsapp-connection__steps">
        <li>Abra o WhatsApp Business no celular e confirme que o número da empresa está ativo.</li>
        <li>Tenha em mãos a conta do Facebook que administra a sua empresa.</li>
        <li>Toque em "Reconectar" e siga os passos na janela do Facebook até o fim.</li>
      </ol>
      <div className="form__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => connection.send({ type: 'RECONNECT' })}
        >
          Reconectar
        </button>
      </div>
    </section>
  );
}
