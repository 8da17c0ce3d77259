import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatBRL } from '../../../lib/format/currency';
import { Link } from '../../../lib/routing/Link';
import { servicesQuery } from '../../../lib/services/services-query';
import { LoadError } from '../../../ui/load-error/LoadError';
import { QueryLoading } from '../../../ui/query-loading/QueryLoading';

/** A service on the deal; the quantity as typed (checked on submit). */
export interface ServiceLine {
  serviceId: string;
  name: string;
  /** The price when it was added to the deal (a new line: the catalogue's). */
  priceCents: number;
  quantity: string;
}

export const QUANTITY_MAX = 999;

export function lineQuantity(line: ServiceLine): number | null {
  const text = line.quantity.trim();
  if (!/^\d+$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= QUANTITY_MAX ? quantity : null;
}

export function servicesTotal(lines: readonly ServiceLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents * (lineQuantity(line) ?? 0), 0);
}

type DealServicesProps = {
  lines: ServiceLine[];
  onLines: (lines: ServiceLine[]) => void;
  onUseTotal: (cents: number) => void;
  error?: string;
};

/**
 * The deal's services from the catalogue, each with a quantity; "Usar soma dos serviços" puts their
 * total in the deal's value. Archived services are not offered for new lines.
 */
export function DealServices({ lines, onLines, onUseTotal, error }: DealServicesProps) {
  const id = useId();
  const catalogue = useQuery(servicesQuery);
  const [adding, setAdding] = useState('');
  const offered = (catalogue.data ?? []).filter((s) => s.active && !lines.some((l) => l.serviceId === s.id));
  const picked = offered.find((s) => s.id === adding) ?? offered[0];
  const total = servicesTotal(lines);

  const setQuantity = (serviceId: string, quantity: string) =>
    onLines(lines.map((line) => (line.serviceId === serviceId ? { ...line, quantity } : line)));

  return (
    <fieldset className="field deal-services" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">Serviços</legend>
      {lines.length === 0 ? (
        <p className="field__hint">Nenhum serviço nesta venda.</p>
      ) : (
        <ul className="deal-services__lines">
          {lines.map((line) => {
            const quantity = lineQuantity(line);
            return (
              <li key={line.serviceId} className="deal-services__line">
                <span className="deal-services__name">{line.name}</span>
                <span className="deal-services__price">{formatBRL(line.priceCents)} cada</span>
                <label className="deal-services__quantity">
                  <span className="visually-hidden">Quantidade de {line.name}</span>
                  <input
                    className="field__input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={QUANTITY_MAX}
                    value={line.quantity}
                    aria-invalid={quantity === null ? true : undefined}
                    onChange={(event) => setQuantity(line.serviceId, event.target.value)}
                  />
                </label>
                <span className="deal-services__subtotal">
                  {quantity === null ? '—' : formatBRL(line.priceCents * quantity)}
                </span>
                <button
                  type="button"
                  className="deal-services__remove"
                  aria-label={`Remover ${line.name}`}
                  onClick={() => onLines(lines.filter((l) => l.serviceId !== line.serviceId))}
                >
                  Remover
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {catalogue.data ? (
        catalogue.data.length === 0 ? (
          <p className="field__hint">
            Nenhum serviço cadastrado. <Link to="/settings/services/new">Cadastrar um serviço</Link>
          </p>
        ) : offered.length > 0 ? (
          <div className="deal-services__add">
            <label className="field__label" htmlFor={`${id}-add`}>
              Adicionar serviço
            </label>
            <div className="deal-services__add-row">
              <select
                id={`${id}-add`}
                className="field__input"
                value={picked?.id ?? ''}
                onChange={(event) => setAdding(event.target.value)}
              >
                {offered.map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name} — {formatBRL(service.priceCents)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  if (!picked) return;
                  onLines([
                    ...lines,
                    { serviceId: picked.id, name: picked.name, priceCents: picked.priceCents, quantity: '1' },
                  ]);
                  setAdding('');
                }}
              >
                Adicionar
              </button>
            </div>
          </div>
        ) : null
      ) : catalogue.isError ? (
        <LoadError error={catalogue.error} onRetry={() => void catalogue.refetch()} framed={false} />
      ) : (
        <QueryLoading query={catalogue} queryKey={servicesQuery.queryKey} frameClassName="">
          <p className="field__hint" role="status">
            Carregando serviços...
          </p>
        </QueryLoading>
      )}

      {lines.length > 0 ? (
        <div className="deal-services__total">
          <span>
            Soma dos serviços: <strong>{formatBRL(total)}</strong>
          </span>
          <button type="button" className="button button--secondary" onClick={() => onUseTotal(total)}>
            Usar soma dos serviços
          </button>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
