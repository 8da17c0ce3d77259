import { useInfiniteQuery } from '@tanstack/react-query';
import type { AssigneeFilter } from '../../../contracts/activity';
import type { TaskFilter } from '../../../contracts/tasks';
import { PageHeading } from '../../app/routing/PageHeading';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { tasksSearch } from '../../app/routing/route-search';
import { useValidatedSearch } from '../../app/routing/useValidatedSearch';
import { Link } from '../../lib/routing/Link';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { TaskFilterTabs } from './TaskFilterTabs';
import { TaskRow } from './TaskRow';
import { TaskIcon } from './task-icons';
import { taskPaths } from './task-prefix';
import { tasksListQuery } from './task-queries';
import './tasks.css';
import { appPaths } from '../../../machines/app-paths';

/** What an empty list says, per filter. */
export const emptyTexts: Record<TaskFilter, { title: string; text: string }> = {
  today: { title: 'Nenhuma tarefa para hoje.', text: 'Aproveite para planejar os próximos contatos.' },
  future: { title: 'Nenhuma tarefa agendada.', text: 'Crie tarefas para lembrar de retornar aos clientes.' },
  overdue: { title: 'Nenhuma tarefa atrasada.', text: 'Tudo em dia!' },
  completed: {
    title: 'Nenhuma tarefa concluída ainda.',
    text: 'As tarefas que você concluir aparecem aqui.',
  },
};

const paths = taskPaths(appPaths.tasks);

function TaskList({ filter, assignee }: { filter: TaskFilter; assignee: AssigneeFilter }) {
  const options = tasksListQuery(filter, assignee);
  const list = useInfiniteQuery(options);
  if (list.isPending)
    return (
      <QueryLoading query={list} queryKey={options.queryKey}>
        <RouteLoading />
      </QueryLoading>
    );
  if (list.isError && !list.data) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const tasks = list.data.pages.flatMap((page) => page.tasks);
  if (tasks.length === 0) {
    const empty = emptyTexts[filter];
    return (
      <div className="card card--start">
        <p className="card__heading">{empty.title}</p>
        <p className="card__text">{empty.text}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="list" aria-label="Tarefas">
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} href={paths.detail(task.id)} />
        ))}
      </ul>
      {list.isFetchNextPageError ? (
        <p className="form-error" role="alert">
          {list.error?.message}
        </p>
      ) : null}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary tasks-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
        </button>
      ) : null}
    </>
  );
}

/** /tasks (spec §2): the filter tabs with their counts, the filter's tasks, "Nova tarefa". */
export default function TasksPage() {
  const { filter, assignee } = useValidatedSearch(tasksSearch);
  return (
    <div className="page">
      <div className="page__header">
        <PageHeading />
        <Link to={paths.newTask} className="button button--primary">
          <TaskIcon name="plus" />
          Nova tarefa
        </Link>
      </div>
      <TaskFilterTabs current={filter} assignee={assignee} />
      <TaskList filter={filter} assignee={assignee} />
    </div>
  );
}
