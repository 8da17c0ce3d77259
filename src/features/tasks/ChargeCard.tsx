import { useChargeLinks } from './charge-links';

/**
 * Spec §1: charging is promoted through the bank's charge-creation link (remote configuration). Shown on a task when the
 * company's settings say so (showNubankWidget).
 */
export function ChargeCard({ customerName }: { customerName: string | null }) {
  const { chargeCreationUrl, whyChargeUrl } = useChargeLinks();
  return (
    <section className="card" aria-labelledby="charge-card-title">
      <h2 id="charge-card-title" className="card__heading">
        Cobrar {customerName ?? 'o cliente'}
      </h2>
      <p className="card__text">
        Crie a cobrança no Nubank e envie o link de pagamento para o cliente pelo WhatsApp.
      </p>
      <div className="form__actions">
        <a
          className="button button--primary"
          href={chargeCreationUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Cobrar com Nubank
        </a>
        <a className="charge-card__why" href={whyChargeUrl} target="_blank" rel="noopener noreferrer">
          Por que cobrar pelo app do banco?
        </a>
      </div>
    </section>
  );
}
