import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatCustomerPhone } from '../../../contracts/brazil/customer-phone';
import {
  CUSTOMERS_LIMIT_DEFAULT,
  type Customer,
  exportCustomersDownload,
  type CustomersPage as Page,
} from '../../../contracts/customers';
import { MIN_SEARCH_LENGTH } from '../../../contracts/search-text';
import { appliedSearch } from '../../../machines/search-box/applied-search';
import { searchBoxMachine } from '../../../machines/search-box/search-box.machine';
import { PageHeading } from '../../app/routing/PageHeading';
import { type CustomersSearch, customersSearch } from '../../app/routing/route-search';
import { useValidatedSearch } from '../../app/routing/useValidatedSearch';
import { useRoleAllows } from '../../app/session/session-context';
import { useChartEvent } from '../../lib/charts/useChartEvent';
import { Link } from '../../lib/routing/Link';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { customersListQuery } from './customer-queries';
import { ExportButton } from './ExportButton';
import './customers.css';
import { appPaths } from '../../../machines/app-paths';

// The import wizard (parsers, chart) loads when it is opened, not with the list.
const ImportSheet = lazy(() => import('./import/ImportSheet'));

const count = new Intl.NumberFormat('pt-BR');

/** How many customers the list holds: exactly, or (a search that stopped counting) more than a number. */
export interface CustomersCount {
  total: number;
  exact: boolean;
}

/** "1 cliente", "1.234 clientes"; "mais de 1.000 clientes" past a search's count. */
export function customersCountText({ total, exact }: CustomersCount): string {
  const noun = total === 1 && exact ? 'cliente' : 'clientes';
  return `${exact ? '' : 'mais de '}${count.format(total)} ${noun}`;
}

/**
 * "1–50 de 1.234": the rows this page shows. Past a search's count, "1–50 de mais de 1.000"; a page
 * beyond that number tells what it knows: "1.051–1.100 de mais de 1.100", or on the last page the
 * total itself.
 */
export function pageRangeText(
  page: number,
  limit: number,
  shown: number,
  { total, exact }: CustomersCount,
  hasNextPage: boolean,
): string {
  const from = (page - 1) * limit + 1;
  const to = from + shown - 1;
  const range = `${count.format(from)}–${count.format(to)}`;
  if (exact) return `${range} de ${count.format(total)}`;
  if (!hasNextPage && to > total) return `${range} de ${count.format(to)}`;
  return `${range} de mais de ${count.format(Math.max(total, to))}`;
}

/** /customers with only the parameters that differ from the defaults. */
export function customersUrl({ search, page, limit }: CustomersSearch): string {
  const params = new URLSearchParams();
  if (search !== '') params.set('search', search);
  if (page > 1) params.set('page', String(page));
  if (limit !== CUSTOMERS_LIMIT_DEFAULT) params.set('limit', String(limit));
  const query = params.toString();
  return query ? `${appPaths.customers}?${query}` : appPaths.customers;
}

/** /customers (spec §2): "Clientes": search, the list page by page, new, import, export. */
export default function CustomersPage() {
  const { search, page, limit } = useValidatedSearch(customersSearch);
  const exports = useRoleAllows(exportCustomersDownload.minRole);
  const [, navigate] = useLocation();
  const [importing, setImporting] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  const list = customersListQuery({ search, page, limit });
  const query = useQuery({ ...list, placeholderData: keepPreviousData });

  return (
    <div className="page customers-page">
      <div className="page__header">
        <PageHeading />
        <div className="page__actions">
          <Link to="/customers/new" className="button button--primary">
            Novo cliente
          </Link>
          <button
            ref={importButton}
            type="button"
            className="button button--secondary"
            aria-haspopup="dialog"
            onClick={() => setImporting(true)}
          >
            Importar
          </button>
          {exports ? <ExportButton /> : null}
        </div>
      </div>

      <SearchField
        search={search}
        onApply={(applied) => navigate(customersUrl({ search: applied, page: 1, limit }), { replace: true })}
      />

      {query.isPending ? (
        <QueryLoading query={query} queryKey={list.queryKey}>
          <p className="page__status" role="status">
            Carregando clientes...
          </p>
        </QueryLoading>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CustomersResults
          data={query.data}
          search={appliedSearch(search)}
          page={page}
          limit={limit}
          updating={query.isPlaceholderData}
          onImport={() => setImporting(true)}
          onPage={(next) => navigate(customersUrl({ search, page: next, limit }))}
        />
      )}

      {importing ? (
        <Suspense fallback={null}>
          <ImportSheet
            onClose={() => {
              setImporting(false);
              importButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * The search box: what is typed applies 300 ms after the last keystroke, from 2 characters (fewer
 * list everyone), replacing the address (Back is not flooded with every letter). The address
 * changing otherwise (Back, a link) puts its search in the box.
 */
function SearchField({ search, onApply }: { search: string; onApply: (search: string) => void }) {
  const id = useId();
  const searchBox = useActorRef(searchBoxMachine, { input: { search } });
  const text = useSelector(searchBox, (snapshot) => snapshot.context.text);
  // The address moved on without this box (Back, a link): the box shows its search.
  useEffect(() => searchBox.send({ type: 'SHOW', search }), [searchBox, search]);
  useChartEvent(searchBox, 'applied', (event) => onApply(event.search));

  const tooShort = text.trim().length > 0 && text.trim().length < MIN_SEARCH_LENGTH;
  return (
    <search className="customers-search">
      <label htmlFor={id} className="visually-hidden">
        Buscar clientes
      </label>
      <svg className="customers-search__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
      <input
        id={id}
        type="search"
        className="customers-search__input"
        placeholder="Nome, telefone ou e-mail"
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        aria-describedby={tooShort ? `${id}-hint` : undefined}
        onChange={(event) => searchBox.send({ type: 'TYPE', text: event.target.value })}
      />
      {tooShort ? (
        <p id={`${id}-hint`} className="customers-search__hint">
          Digite pelo menos {MIN_SEARCH_LENGTH} caracteres para buscar.
        </p>
      ) : null}
    </search>
  );
}

type ResultsProps = {
  data: Page;
  search: string;
  page: number;
  limit: number;
  /** The previous page or search shows while the new one loads. */
  updating: boolean;
  onImport: () => void;
  onPage: (page: number) => void;
};

function CustomersResults({ data, search, page, limit, updating, onImport, onPage }: ResultsProps) {
  const total: CustomersCount = { total: data.totalCount, exact: data.totalCountExact };
  if (data.totalCount === 0 && search === '') {
    return (
      <div className="card card--start">
        <p className="card__heading">Você ainda não tem clientes.</p>
        <p className="card__text">
          Cadastre o primeiro ou importe sua lista de contatos de uma planilha (CSV) ou do celular (vCard).
        </p>
        <div className="form__actions">
          <Link to="/customers/new" className="button button--primary">
            Cadastrar cliente
          </Link>
          <button type="button" className="button button--secondary" onClick={onImport}>
            Importar contatos
          </button>
        </div>
      </div>
    );
  }
  if (data.totalCount === 0) {
    return (
      <div className="card card--start">
        <p className="card__heading">Nenhum cliente encontrado para “{search}”.</p>
        <p className="card__text">
          Confira o que foi digitado ou busque por outra parte do nome, telefone ou e-mail.
        </p>
      </div>
    );
  }
  return (
    <div className="customers-results" aria-busy={updating || undefined}>
      <p className="customers-count" aria-live="polite">
        {customersCountText(total)}
      </p>
      {data.customers.length === 0 ? (
        <div className="card card--start">
          <p className="card__heading">Não há clientes nesta página.</p>
          <button type="button" className="button button--secondary" onClick={() => onPage(1)}>
            Ir para a primeira página
          </button>
        </div>
      ) : (
        <ul className="list" aria-label="Clientes">
          {data.customers.map((customer) => (
            <CustomerRow key={customer.id} customer={customer} />
          ))}
        </ul>
      )}
      {data.customers.length > 0 && (page > 1 || data.hasNextPage) ? (
        <nav className="customers-pagination" aria-label="Paginação">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1 || updating}
            onClick={() => onPage(page - 1)}
          >
            Anterior
          </button>
          <span className="customers-pagination__range">
            {pageRangeText(page, limit, data.customers.length, total, data.hasNextPage)}
          </span>
          <button
            type="button"
            className="button button--secondary"
            disabled={!data.hasNextPage || updating}
            onClick={() => onPage(page + 1)}
          >
            Próxima
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function CustomerRow({ customer }: { customer: Customer }) {
  return (
    <li className="customer-row">
      <Link to={appPaths.customer(customer.id)} className="list__link customer-row__link">
        <span className="customer-row__name">{customer.name}</span>
        {customer.phone ? (
          <span className="customer-row__phone">{formatCustomerPhone(customer.phone)}</span>
        ) : null}
        {customer.email ? <span className="customer-row__email">{customer.email}</span> : null}
        {customer.tags.length > 0 ? (
          <span className="customer-row__tags badges">
            {customer.tags.map((tag) => (
              <span key={tag} className="badge badge--success">
                {tag}
              </span>
            ))}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
