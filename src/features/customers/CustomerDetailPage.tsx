import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { formatCustomerPhone, whatsappChatUrl } from '../../../contracts/brazil/customer-phone';
import { type CustomerDetail, customerSourceLabels } from '../../../contracts/customers';
import { unwrapEnvelope } from '../../api/unwrap-envelope';
import { useCurrentRoute } from '../../app/routing/current-route';
import { AiSuggestions } from '../../app/suggestions/AiSuggestions';
import { invalidateAfter } from '../../lib/cache/invalidate-after';
import {
  type ConfirmDeleteView,
  useConfirmDelete,
  useConfirmDeleteView,
} from '../../lib/confirm/useConfirmDelete';
import { formatBRL } from '../../lib/format/currency';
import { formatDate } from '../../lib/format/date';
import { Link } from '../../lib/routing/Link';
import { toast } from '../../lib/toasts';
import { ConfirmAction } from '../../ui/confirm/ConfirmAction';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { CustomerActivity } from './activity/CustomerActivity';
import { CustomerDataCard } from './CustomerDataCard';
import { CustomerLoadFailure } from './CustomerLoadFailure';
import { ConversationTimeline } from './conversation/ConversationTimeline';
import { deleteCustomer } from './customer-calls';
import { customerDetailQuery, customerKeys } from './customer-queries';
import { CustomerFollowUps } from './whatsapp/CustomerFollowUps';
import './customers.css';
import { appPaths, taskAddress } from '../../../machines/app-paths';

export const CUSTOMER_DELETED_TEXT = 'Cliente excluído.';

const dealStatusLabels = { open: 'Em andamento', won: 'Ganho', lost: 'Perdido' } as const;

/** /customers/{id}: who the customer is, how to reach them, their WhatsApp conversation, tasks and deals, who did what; edit or delete; export or erase their data (LGPD). */
export default function CustomerDetailPage() {
  const id = useCurrentRoute().params.id ?? '';
  const detail = customerDetailQuery(id);
  const query = useQuery(detail);
  if (query.isPending) {
    return (
      <QueryLoading query={query} queryKey={detail.queryKey}>
        <p className="page__status" role="status">
          Carregando cliente...
        </p>
      </QueryLoading>
    );
  }
  if (query.isError) return <CustomerLoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  return <CustomerDetailView id={id} detail={query.data} />;
}

function CustomerDetailView({ id, detail }: { id: string; detail: CustomerDetail }) {
  const { customer, tasks, deals } = detail;
  const queryClient = useQueryClient();
  const chart = useConfirmDelete({
    doneTo: appPaths.customers,
    remove: async () => unwrapEnvelope(await deleteCustomer(id)),
    onDeleted: () => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      // Their tasks are gone and their deals lost their customer: those lists are stale too.
      void invalidateAfter(queryClient, 'customer');
      toast.success(CUSTOMER_DELETED_TEXT, { id: 'customer-deleted', description: customer.name });
    },
  });
  const deletion = useConfirmDeleteView(chart);
  const headingId = useId();
  const path = appPaths.customer(id);

  return (
    <article className="page" aria-labelledby={headingId}>
      <header className="page__header">
        <h1 id={headingId} className="page-heading">
          {customer.name}
        </h1>
        <div className="page__actions">
          <Link to={`${path}/edit`} className="button button--secondary">
            Editar
          </Link>
          <button
            type="button"
            className="button button--secondary button--danger-text"
            aria-expanded={deletion.asking}
            onClick={deletion.ask}
          >
            Excluir
          </button>
        </div>
      </header>

      {deletion.asking ? <DeleteConfirm name={customer.name} deletion={deletion} /> : null}

      <section className="card" aria-labelledby={`${headingId}-data`}>
        <h2 id={`${headingId}-data`} className="card__heading">
          Dados do cliente
        </h2>
        <dl className="details">
          <div className="details__row">
            <dt>WhatsApp</dt>
            <dd>
              {customer.phone ? (
                <span className="customer-detail__phone">
                  <span>{formatCustomerPhone(customer.phone)}</span>
                  <a
                    className="customer-detail__chat"
                    href={whatsappChatUrl(customer.phone)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Conversar no WhatsApp
                  </a>
                </span>
              ) : (
                'Não informado'
              )}
            </dd>
          </div>
          <div className="details__row">
            <dt>E-mail</dt>
            <dd>
              {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : 'Não informado'}
            </dd>
          </div>
          <div className="details__row">
            <dt>Origem</dt>
            <dd>{customer.source ? customerSourceLabels[customer.source] : 'Não informada'}</dd>
          </div>
          <div className="details__row">
            <dt>Etiquetas</dt>
            <dd>
              {customer.tags.length > 0 ? (
                <ul className="badges" aria-label="Etiquetas">
                  {customer.tags.map((tag) => (
                    <li key={tag} className="badge badge--success">
                      {tag}
                    </li>
                  ))}
                </ul>
              ) : (
                'Nenhuma'
              )}
            </dd>
          </div>
          <div className="details__row">
            <dt>Cliente desde</dt>
            <dd>{formatDate(customer.createdAt)}</dd>
          </div>
          <div className="details__row">
            <dt>Último contato</dt>
            <dd>{customer.lastContactAt ? formatDate(customer.lastContactAt) : 'Nenhum contato ainda'}</dd>
          </div>
          {customer.notes ? (
            <div className="details__row details__row--block">
              <dt>Observações</dt>
              <dd className="details__text">{customer.notes}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <AiSuggestions customerId={id} />

      <ConversationTimeline
        customerId={id}
        customerName={customer.name}
        hasWhatsapp={Boolean(customer.phone)}
      />

      <CustomerFollowUps customerId={id} />

      <div className="customer-detail__columns">
        <section className="card" aria-labelledby={`${headingId}-tasks`}>
          <h2 id={`${headingId}-tasks`} className="card__heading">
            Tarefas
          </h2>
          {tasks.length === 0 ? (
            <p className="card__text">Nenhuma tarefa com este cliente.</p>
          ) : (
            <ul className="list list--plain">
              {tasks.map((task) => (
                <li key={task.id}>
                  <Link to={taskAddress.detail(appPaths.tasks, task.id)} className="customer-detail__item">
                    <span className="customer-detail__item-title">{task.title}</span>
                    <span className="customer-detail__item-note">
                      {task.status === 'completed' ? 'Concluída' : `Para ${formatDate(task.dueAt)}`}
                      {task.hasFollowUp ? ' · com mensagem de follow-up' : ''}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby={`${headingId}-deals`}>
          <h2 id={`${headingId}-deals`} className="card__heading">
            Negócios
          </h2>
          {deals.length === 0 ? (
            <p className="card__text">Nenhum negócio com este cliente.</p>
          ) : (
            <ul className="list list--plain">
              {deals.map((deal) => (
                <li key={deal.id}>
                  <Link to={appPaths.deal(deal.id)} className="customer-detail__item">
                    <span className="customer-detail__item-title">{deal.title}</span>
                    <span className="customer-detail__item-value">{formatBRL(deal.valueCents)}</span>
                    <span className="customer-detail__item-note">
                      {deal.stageName} · {dealStatusLabels[deal.status]}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <CustomerActivity customerId={id} />

      <CustomerDataCard id={id} name={customer.name} />
    </article>
  );
}

/** "Excluir": asked first; their tasks go with them, their deals stay without a customer. */
function DeleteConfirm({ name, deletion }: { name: string; deletion: ConfirmDeleteView }) {
  return (
    <ConfirmAction
      question={`Excluir ${name}?`}
      confirmLabel="Excluir cliente"
      pendingLabel="Excluindo..."
      pending={deletion.pending}
      error={deletion.error}
      onConfirm={deletion.confirm}
      cancel={{ onCancel: deletion.cancel }}
    >
      <p>As tarefas deste cliente também serão excluídas. Os negócios continuam no funil, sem cliente.</p>
    </ConfirmAction>
  );
}
