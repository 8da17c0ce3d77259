import { useQuery } from '@tanstack/react-query';
import { servicesLabels } from '../../../../machines/ai-training-form/ai-training-form.texts';
import { appPaths } from '../../../../machines/app-paths';
import { Link } from '../../../lib/routing/Link';
import { servicesQuery } from '../../../lib/services/services-query';

const price = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

/** The catalogue as the AI reads it, read-only here: it is edited in Serviços. */
export function TrainingServices() {
  const services = useQuery(servicesQuery);
  const active = services.data?.filter((s) => s.active) ?? [];
  return (
    <section className="card ai-training__services" aria-labelledby="ai-training-services">
      <h2 id="ai-training-services" className="card__heading">
        {servicesLabels.heading}
      </h2>
      <p className="field__hint">{servicesLabels.hint}</p>
      {services.isSuccess ? (
        active.length === 0 ? (
          <p className="card__text">{servicesLabels.empty}</p>
        ) : (
          <ul className="list list--plain">
            {active.map((s) => (
              <li key={s.id} className="list__row ai-training__service">
                <span>{s.name}</span>
                <span className="field__hint">{price(s.priceCents)}</span>
              </li>
            ))}
          </ul>
        )
      ) : null}
      <Link to={appPaths.services} className="button button--secondary">
        {servicesLabels.link}
      </Link>
    </section>
  );
}
