import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RetryButton } from '../../../ui/retry-button/RetryButton';
import { customerPickerQuery } from './customer-picker-query';
import { useDebouncedValue } from './useDebouncedValue';

/** Spec §5: a search needs at least 2 characters. */
const SEARCH_MIN = 2;
const SEARCH_DEBOUNCE_MS = 300;

export type PickedCustomer = { id: string; name: string };

type CustomerPickerProps = {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string;
};

/**
 * The deal's customer: a search (name, phone or e-mail, 2+ characters) that fills a plain select,
 * which phones show with their own picker. The chosen customer stays an option whatever the search.
 */
export function CustomerPicker({ value, onChange, error }: CustomerPickerProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const typed = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const term = typed.length >= SEARCH_MIN ? typed : '';
  // The last results stay listed while the next search runs.
  const query = useQuery({ ...customerPickerQuery(term), placeholderData: keepPreviousData });
  const found = query.data ?? [];
  const options = value && !found.some((c) => c.id === value.id) ? [value, ...found] : found;

  const status = query.isError
    ? null
    : query.isPending || query.isPlaceholderData
      ? 'Buscando clientes...'
      : term && found.length === 0
        ? 'Nenhum cliente encontrado.'
        : term
          ? `${found.length === 1 ? '1 cliente encontrado' : `${found.length} clientes encontrados`}.`
          : null;

  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-search`}>
        Buscar cliente
      </label>
      <input
        id={`${id}-search`}
        className="field__input"
        type="search"
        value={search}
        autoComplete="off"
        aria-describedby={`${id}-search-hint`}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p id={`${id}-search-hint`} className="field__hint">
        Digite pelo menos 2 letras do nome, telefone ou e-mail.
      </p>
      <p className="field__hint" role="status">
        {status}
      </p>
      {query.isError ? (
        <div className="deal-form__inline-failure">
          <p className="form-error">Não foi possível carregar os clientes.</p>
          <RetryButton onRetry={() => void query.refetch()} />
        </div>
      ) : null}
      <label className="field__label" htmlFor={`${id}-customer`}>
        Cliente
      </label>
      <select
        id={`${id}-customer`}
        className="field__input"
        value={value?.id ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-customer-error` : undefined}
        onChange={(event) => {
          const picked = options.find((c) => c.id === event.target.value);
          onChange(picked ? { id: picked.id, name: picked.name } : null);
        }}
      >
        <option value="">Sem cliente</option>
        {options.map((customer) => (
          <option key={customer.id} value={customer.id}>
            {customer.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-customer-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
