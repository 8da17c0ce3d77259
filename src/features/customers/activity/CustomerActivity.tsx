import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ActivityList } from '../../../lib/activity/ActivityList';
import { LoadError } from '../../../ui/load-error/LoadError';
import { customerActivityQuery } from './customer-activity-query';

export const NO_ACTIVITY_TEXT = 'Nenhuma atividade ainda.';

/**
 * "Atividade" on the customer page: who did what about the customer, their tasks and deals, newest
 * first, older lines on "Carregar mais". A failed page keeps the lines already shown and offers
 * "Tentar novamente" for that page.
 */
export function CustomerActivity({ customerId }: { customerId: string }) {
  const headingId = useId();
  const activity = useInfiniteQuery(customerActivityQuery(customerId));
  const events = activity.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <section className="card card--start" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__heading">
        Atividade
      </h2>
      {activity.isPending ? (
        <p className="card__text" role="status">
          Carregando atividade...
        </p>
      ) : activity.isError && !activity.data ? (
        <LoadError error={activity.error} onRetry={() => void activity.refetch()} framed={false} />
      ) : events.length === 0 ? (
        <p className="card__text">{NO_ACTIVITY_TEXT}</p>
      ) : (
        <ActivityList events={events} label="Atividade do cliente" named />
      )}
      {activity.isFetchNextPageError ? (
        <LoadError error={activity.error} onRetry={() => void activity.fetchNextPage()} framed={false} />
      ) : activity.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
        </button>
      ) : null}
    </section>
  );
}
