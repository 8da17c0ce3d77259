import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { formatCustomerPhone } from '../../../../contracts/brazil/customer-phone';
import type { QuickTaskCustomer } from '../../../../machines/quick-task/quick-task.machine';
import { Link } from '../../../app/routing/Link';
import { RetryButton } from '../../../ui/retry-button/RetryButton';
import { customerPickerQuery } from './customer-picker-query';
import { useDebouncedValue } from './useDebouncedValue';

/** Spec §5: a search filters from 2 characters. */
const MIN_SEARCH = 2;
const SEARCH_DELAY_MS = 300;

/** The customers to pick from: the first 100, or those matching what is typed. */
function CustomerSearch({ onPick }: { onPick: (customer: QuickTaskCustomer) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const search = useDebouncedValue(typed.length >= MIN_SEARCH ? typed : '', SEARCH_DELAY_MS);
  const query = useQuery({ ...customerPickerQuery(search), placeholderData: keepPreviousData });
  const page = query.data;

  return (
    <div className="quick-task__search">
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        Buscar cliente
      </label>
      <input
        id={`${id}-search`}
        className="quick-task__input"
        type="search"
        autoComplete="off"
        placeholder="Buscar por nome, telefone ou e-mail"
        value={text}
        // The list opened on the person's request: typing is what comes next.
        // biome-ignore lint/a11y/noAutofocus: focus follows the "Escolher cliente" press.
        autoFocus
        onChange={(event) => setText(event.target.value)}
      />
      {page ? (
        page.customers.length > 0 ? (
          <>
            <ul className="quick-task__results" aria-label="Clientes">
              {page.customers.map((customer) => (
                <li key={customer.id}>
                  <button
                    type="button"
                    className="quick-task__result"
                    onClick={() => onPick({ id: customer.id, name: customer.name })}
                  >
                    <span className="quick-task__result-name">{customer.name}</span>
                    {customer.phone ? (
                      <span className="quick-task__result-phone">{formatCustomerPhone(customer.phone)}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
            {page.hasNextPage ? (
              <p className="quick-task__hint">
                Mostrando os 100 primeiros. Busque pelo nome para achar outros.
              </p>
            ) : null}
          </>
        ) : search ? (
          <p className="quick-task__hint">Nenhum cliente encontrado para “{search}”.</p>
        ) : (
          <p className="quick-task__hint">
            Você ainda não tem clientes. <Link to="/customers/new">Cadastrar cliente</Link>
          </p>
        )
      ) : query.isError ? (
        <div className="quick-task__search-error">
          <p className="form-error" role="alert">
            Não foi possível carregar os clientes.
          </p>
          <RetryButton onRetry={() => void query.refetch()} />
        </div>
      ) : (
        <div role="status" className="quick-task__results-loading">
          <span className="visually-hidden">Carregando clientes...</span>
          <span className="skeleton skeleton--row" />
          <span className="skeleton skeleton--row" />
        </div>
      )}
    </div>
  );
}

/**
 * "Cliente (opcional)": the chosen customer with "Remover cliente", or "Escolher cliente", which
 * opens the list. Focus stays where the person's next step is.
 */
export function CustomerPicker({
  customer,
  onChoose,
  error,
  disabled,
}: {
  customer: QuickTaskCustomer | null;
  onChoose: (customer: QuickTaskCustomer | null) => void;
  error: string | null;
  disabled: boolean;
}) {
  const id = useId();
  const [searching, setSearching] = useState(false);
  const focusNext = useRef<'remove' | 'choose' | null>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusNext.current === 'remove') removeButton.current?.focus();
    if (focusNext.current === 'choose') chooseButton.current?.focus();
    focusNext.current = null;
  });

  return (
    <fieldset
      className="quick-task__field quick-task__fieldset"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="quick-task__label">Cliente (opcional)</legend>
      {customer ? (
        <div className="quick-task__chosen">
          <span className="quick-task__chosen-name">{customer.name}</span>
          <button
            ref={removeButton}
            type="button"
            className="quick-task__text-button"
            disabled={disabled}
            onClick={() => {
              focusNext.current = 'choose';
              onChoose(null);
            }}
          >
            Remover cliente
          </button>
        </div>
      ) : searching ? (
        <CustomerSearch
          onPick={(picked) => {
            focusNext.current = 'remove';
            setSearching(false);
            onChoose(picked);
          }}
        />
      ) : (
        <button
          ref={chooseButton}
          type="button"
          className="button button--secondary quick-task__choose"
          disabled={disabled}
          onClick={() => setSearching(true)}
        >
          Escolher cliente
        </button>
      )}
      {error ? (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
