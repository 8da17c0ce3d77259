import { useQuery } from '@tanstack/react-query';
import { formatCustomerPhone, whatsappChatUrl } from '../../../contracts/brazil/customer-phone';
import { recurrenceLabels, type Task } from '../../../contracts/tasks';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { ActivityList } from '../../lib/activity/ActivityList';
import { AuthorshipRows } from '../../lib/activity/AuthorshipRows';
import { formatDateTime } from '../../lib/format/date';
import { Link } from '../../lib/routing/Link';
import { useTaskCompletion } from '../../lib/tasks/useTaskCompletion';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { SuggestMessageButton } from '../../ui/suggest-message/SuggestMessageButton';
import { ChargeCard } from './ChargeCard';
import { FollowUpCard } from './FollowUpCard';
import { formatDue } from './task-dates';
import { TaskIcon } from './task-icons';
import { type TaskPaths, useTaskPaths } from './task-prefix';
import { followUpIdOf, followUpQuery, taskDetailQuery } from './task-queries';
import { useTaskId } from './useTaskId';
import './tasks.css';
import { appPaths } from '../../../machines/app-paths';

export function taskStatusText(task: Task): string {
  if (task.status === 'completed') return 'Concluída';
  return task.overdue ? 'Atrasada' : 'Pendente';
}

function BackLink({ paths }: { paths: TaskPaths }) {
  return (
    <Link to={paths.list} className="page__back">
      <TaskIcon name="back" />
      <span className="visually-hidden">Voltar para </span>
      {paths.listLabel}
    </Link>
  );
}

function TaskActions({ task, paths }: { task: Task; paths: TaskPaths }) {
  const completion = useTaskCompletion(task);
  const done = task.status === 'completed';
  return (
    <div className="form__actions">
      <button
        type="button"
        className="button button--primary"
        disabled={completion.isPending}
        onClick={() => completion.mutate({ done: !done })}
      >
        {done ? 'Reabrir tarefa' : 'Concluir tarefa'}
      </button>
      <Link to={paths.edit(task.id)} className="button button--secondary">
        Editar
      </Link>
      <Link to={paths.delete(task.id)} className="button button--secondary button--danger-text">
        Excluir tarefa
      </Link>
    </div>
  );
}

/**
 * /tasks/{taskId} and /home/{taskId}: the task, its follow-up message (loaded apart: when that
 * fails the task still shows, without it, spec §8) and, when the company wants it, the card for
 * charging the customer.
 */
export default function TaskDetailPage() {
  const taskId = useTaskId();
  const paths = useTaskPaths();
  const detailOptions = taskDetailQuery(taskId);
  const detail = useQuery(detailOptions);
  const followUpId = detail.data ? followUpIdOf(detail.data.task) : null;
  const followUp = useQuery({ ...followUpQuery(followUpId ?? ''), enabled: followUpId !== null });

  if (detail.isError)
    return (
      <div className="page page--narrow">
        <BackLink paths={paths} />
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  if (!detail.data)
    return (
      <QueryLoading query={detail} queryKey={detailOptions.queryKey}>
        <RouteLoading />
      </QueryLoading>
    );

  const { task, showNubankWidget, activity } = detail.data;
  const { customer } = task;
  return (
    <div className="page page--narrow">
      <BackLink paths={paths} />
      <article className="card" aria-labelledby="task-title">
        <div className="task-card__heading">
          <h1 id="task-title" className={`page-heading${task.status === 'completed' ? ' task-done' : ''}`}>
            {task.title}
          </h1>
          <span
            className={`badge${task.status === 'completed' ? ' badge--success' : task.overdue ? ' badge--danger' : ''}`}
          >
            {taskStatusText(task)}
          </span>
        </div>
        <dl className="details">
          <div className="details__row">
            <dt>Quando</dt>
            <dd>
              <time dateTime={task.dueAt}>{formatDue(task.dueAt)}</time>
            </dd>
          </div>
          <div className="details__row">
            <dt>Repetição</dt>
            <dd>{recurrenceLabels[task.recurrence]}</dd>
          </div>
          <div className="details__row">
            <dt>Cliente</dt>
            <dd>
              {customer ? (
                <span className="task-customer">
                  <Link to={appPaths.customer(customer.id)}>{customer.name}</Link>
                  {customer.phone ? (
                    <a href={whatsappChatUrl(customer.phone)} target="_blank" rel="noopener noreferrer">
                      WhatsApp <span className="task-nowrap">{formatCustomerPhone(customer.phone)}</span>
                    </a>
                  ) : (
                    <span className="card__text">Sem WhatsApp cadastrado</span>
                  )}
                </span>
              ) : (
                'Sem cliente'
              )}
            </dd>
          </div>
          <AuthorshipRows assignee={task.assignee} createdBy={task.createdBy} createdAt={task.createdAt} />
          {task.completedAt ? (
            <div className="details__row">
              <dt>Concluída em</dt>
              <dd>
                {formatDateTime(task.completedAt)}
                {task.completedBy ? ` por ${task.completedBy.name}` : ''}
              </dd>
            </div>
          ) : null}
          {task.description ? (
            <div className="details__row details__row--block">
              <dt>Descrição</dt>
              <dd className="details__text">{task.description}</dd>
            </div>
          ) : null}
        </dl>
        <ActivityList events={activity} label="Histórico da tarefa" />
        <TaskActions task={task} paths={paths} />
        {task.status === 'pending' && customer?.phone ? (
          <div className="form__actions">
            <SuggestMessageButton
              target={{ taskId: task.id }}
              dueAt={task.dueAt}
              hasFollowUp={followUpId !== null}
            />
          </div>
        ) : null}
      </article>

      {followUp.data ? (
        <FollowUpCard
          // One chart per follow-up: another task's follow-up starts its own.
          key={followUp.data.id}
          followUp={followUp.data}
          customerName={customer?.name ?? null}
          removeHref={paths.deleteFollowUp(task.id)}
          editHref={paths.edit(task.id)}
        />
      ) : null}

      {showNubankWidget ? <ChargeCard customerName={customer?.name ?? null} /> : null}
    </div>
  );
}
