import { type FetchStatus, type QueryKey, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QUERY_RETRIES } from '../../lib/cache/query-client';
import { retryQueryNow } from '../../lib/cache/retry-query-now';
import '../load-error/load-error.css';
import './query-loading.css';

/** What the loading view reads of a query: a useQuery result has it all. */
export interface LoadProgress {
  /** Failed attempts so far; TanStack Query resets it when a new fetch starts. */
  failureCount: number;
  failureReason: Error | null;
  /** `paused`: offline, waiting for the connection to come back. */
  fetchStatus: FetchStatus;
}

export const OFFLINE_WAIT_TEXT =
  'Você está sem internet. Assim que a conexão voltar, continuamos a carregar.';
export const RETRY_NOW_TEXT = 'Tentar agora';

/** "(2 de 3)": the retry under way, of the most the query makes. */
export function retryingText(retry: number, retries: number): string {
  return `Não foi possível carregar. Tentando de novo (${Math.min(retry, retries)} de ${retries})…`;
}

type QueryLoadingProps = {
  query: LoadProgress;
  /** What the page shows while the first attempt runs (its spec text, its skeleton). */
  children: ReactNode;
  /** The query's key: "Tentar agora" cancels its wait and fetches it at once. */
  queryKey?: QueryKey;
  /** Instead of `queryKey`, when a chart runs the load: it starts the load again. */
  onRetryNow?: () => void;
  /** The most retries the query makes (spec §9: 3; the session check: 1). */
  retries?: number;
  /** The frame's class: a card of its own by default (a page's content); '' inside a card or a form. */
  frameClassName?: string;
};

/**
 * A page's loading state, once it is more than a first attempt: after a failure the retries (spec
 * §9: up to 3, about 7 s in all) are said with the reason, and "Tentar agora" skips the wait;
 * offline, that loading resumes when the connection does. The first attempt shows `children`.
 * When the retries run out, the page shows its error view (LoadError) instead.
 */
export function QueryLoading({
  query,
  children,
  queryKey,
  onRetryNow,
  retries = QUERY_RETRIES,
  frameClassName = 'card',
}: QueryLoadingProps) {
  const queryClient = useQueryClient();
  const offline = query.fetchStatus === 'paused';
  if (!offline && query.failureCount === 0) return children;
  const retryNow = onRetryNow ?? (() => queryKey && void retryQueryNow(queryClient, queryKey));
  return (
    <div className={`load-error ${frameClassName}`.trim()} role="status">
      <p className="query-loading__title">
        <span className="spinner spinner--inline" aria-hidden="true" />
        {offline ? OFFLINE_WAIT_TEXT : retryingText(query.failureCount, retries)}
      </p>
      {!offline && query.failureReason?.message ? (
        <p className="query-loading__reason">{query.failureReason.message}</p>
      ) : null}
      {offline ? null : (
        <button type="button" className="button button--secondary" onClick={retryNow}>
          {RETRY_NOW_TEXT}
        </button>
      )}
    </div>
  );
}
