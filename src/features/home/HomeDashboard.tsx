import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../../contracts/dashboard';
import { Link } from '../../app/routing/Link';
import { formatBRL } from '../../lib/format/currency';
import { SupportLink } from '../../lib/support/SupportLink';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { dashboardQuery } from './dashboard-query';
import { greetingFor } from './greeting';
import { LazyChart } from './LazyChart';
import { TaskGroup } from './TaskGlance';
import { WhatsappStatusCard } from './WhatsappStatusCard';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/**
 * /home's content: the greeting, the day's numbers, the tasks to do, the WhatsApp connection and
 * the sales charts. The dashboard and the connection load apart: one failing leaves the other.
 */
export function HomeDashboard() {
  const query = useQuery(dashboardQuery);
  const dashboard = query.data;
  const failed = !dashboard && query.isError && !query.isFetching;
  const hour = new Date().getHours();

  return (
    <div className="home-grid">
      <div className="home-hello">
        {dashboard || failed ? (
          <>
            <p className="home-hello__greeting">{greetingFor(hour, dashboard?.firstName ?? null)}</p>
            {dashboard?.companyName ? <p className="home-card__muted">{dashboard.companyName}</p> : null}
          </>
        ) : (
          <span className="skeleton skeleton--title" />
        )}
      </div>
      {dashboard ? (
        <DashboardContent dashboard={dashboard} />
      ) : failed ? (
        <section className="home-card home-error" aria-labelledby="home-error">
          <h2 id="home-error" className="home-card__title">
            Não foi possível carregar o início
          </h2>
          <LoadError error={query.error} onRetry={() => void query.refetch()} framed={false} />
        </section>
      ) : (
        <QueryLoading query={query} queryKey={dashboardQuery.queryKey} frameClassName="home-card home-error">
          <DashboardSkeleton />
        </QueryLoading>
      )}
      <WhatsappStatusCard />
      <SupportLink className="home-support" hint="Tire suas dúvidas pelo WhatsApp" />
    </div>
  );
}

function DashboardContent({ dashboard }: { dashboard: Dashboard }) {
  const { taskSummary, wonThisMonth, customerCount, pipeline, wonByMonth } = dashboard;
  const open = pipeline.filter((stage) => stage.kind === 'open');
  const openValue = open.reduce((sum, stage) => sum + stage.totalValueCents, 0);
  const openDeals = open.reduce((sum, stage) => sum + stage.dealCount, 0);
  const hasDeals = pipeline.some((stage) => stage.dealCount > 0);

  return (
    <>
      <ul className="home-stats" aria-label="Resumo do dia">
        <li>
          <Link to="/tasks?filter=today" className="home-stat">
            <span className="home-stat__value">{taskSummary.today}</span>{' '}
            <span className="home-stat__label">
              {plural(taskSummary.today, 'tarefa para hoje', 'tarefas para hoje')}
            </span>
          </Link>
        </li>
        <li>
          <Link
            to="/tasks?filter=overdue"
            className={taskSummary.overdue > 0 ? 'home-stat home-stat--late' : 'home-stat'}
          >
            <span className="home-stat__value">{taskSummary.overdue}</span>{' '}
            <span className="home-stat__label">
              {plural(taskSummary.overdue, 'tarefa atrasada', 'tarefas atrasadas')}
            </span>
          </Link>
        </li>
        <li>
          <Link to="/sales" className="home-stat">
            <span className="home-stat__value">{formatBRL(wonThisMonth.totalValueCents)}</span>{' '}
            <span className="home-stat__label">
              {wonThisMonth.count === 0
                ? 'nenhuma venda ganha este mês'
                : `${wonThisMonth.count} ${plural(wonThisMonth.count, 'venda ganha', 'vendas ganhas')} este mês`}
            </span>
          </Link>
        </li>
        <li>
          <Link to="/customers" className="home-stat">
            <span className="home-stat__value">{customerCount}</span>{' '}
            <span className="home-stat__label">{plural(customerCount, 'cliente', 'clientes')}</span>
          </Link>
        </li>
      </ul>

      {customerCount === 0 ? <GettingStarted /> : null}

      <section className="home-card home-tasks" aria-labelledby="home-tasks">
        <h2 id="home-tasks" className="home-card__title">
          Suas tarefas
        </h2>
        {taskSummary.overdue > 0 ? (
          <TaskGroup
            title="Atrasadas"
            filter="overdue"
            tasks={dashboard.overdueTasks}
            total={taskSummary.overdue}
            empty="Nenhuma tarefa atrasada."
          />
        ) : null}
        <TaskGroup
          title="Hoje"
          filter="today"
          tasks={dashboard.todayTasks}
          total={taskSummary.today}
          empty="Nenhuma tarefa para hoje. Toque em + para criar uma."
        />
      </section>

      <section className="home-card home-pipeline" aria-labelledby="home-pipeline">
        <div className="home-card__head">
          <h2 id="home-pipeline" className="home-card__title">
            Funil de vendas
          </h2>
          <Link to="/sales" className="home-card__more">
            Ver vendas
          </Link>
        </div>
        <p className="home-card__muted">
          {formatBRL(openValue)} em {openDeals} {plural(openDeals, 'negócio aberto', 'negócios abertos')}
        </p>
        {hasDeals ? (
          <LazyChart chart="pipeline" stages={pipeline} />
        ) : (
          <p>
            Nenhum negócio no funil ainda. <Link to="/sales/new">Criar negócio</Link>
          </p>
        )}
      </section>

      <section className="home-card home-won" aria-labelledby="home-won">
        <h2 id="home-won" className="home-card__title">
          Vendas ganhas
        </h2>
        <p className="home-card__muted">
          Este mês: {wonThisMonth.count} {plural(wonThisMonth.count, 'venda', 'vendas')} ·{' '}
          {formatBRL(wonThisMonth.totalValueCents)}
        </p>
        {wonByMonth.length > 0 ? <LazyChart chart="wonByMonth" months={wonByMonth} /> : null}
      </section>
    </>
  );
}

/** A company without customers yet: the first three things worth doing. */
function GettingStarted() {
  return (
    <section className="home-card home-start" aria-labelledby="home-start">
      <h2 id="home-start" className="home-card__title">
        Comece por aqui
      </h2>
      <ol className="home-start__steps">
        <li>
          <Link to="/customers/new">Cadastre seu primeiro cliente</Link>
        </li>
        <li>
          <Link to="/settings/whatsapp-business-connection">Conecte o WhatsApp Business</Link>
        </li>
        <li>
          <Link to="/sales/new">Registre um negócio no funil</Link>
        </li>
      </ol>
    </section>
  );
}

/** The dashboard's shape while it loads: the numbers, the task list and the charts. */
function DashboardSkeleton() {
  return (
    <>
      <div className="home-stats home-stats--loading" role="status">
        <span className="visually-hidden">Carregando o início...</span>
        {[0, 1, 2, 3].map((n) => (
          <span key={n} className="skeleton home-stat-skeleton" />
        ))}
      </div>
      <div className="home-card home-tasks" aria-hidden="true">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--row" />
        <span className="skeleton skeleton--row" />
        <span className="skeleton skeleton--row" />
      </div>
      <div className="home-card home-pipeline" aria-hidden="true">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton home-chart-skeleton" />
      </div>
      <div className="home-card home-won" aria-hidden="true">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton home-chart-skeleton--tall" />
      </div>
    </>
  );
}
