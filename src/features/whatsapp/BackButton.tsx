import type { WhatsappConnectionActor } from '../../../machines/whatsapp/whatsapp-connection.machine';

/** "Voltar": the connection chart's step back (to the page before, as the chart decides). */
export function BackButton({ connection }: { connection: WhatsappConnectionActor }) {
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => connection.send({ type: 'BACK' })}
    >
      Voltar
    </button>
  );
}
