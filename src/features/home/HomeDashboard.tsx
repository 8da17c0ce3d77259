import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Dashboard } from '../../../contracts/dashboard';
import { appPaths } from '../../../machines/app-paths';
import { formatBRL } from '../../lib/format/currency';
import { Link } from '../../lib/routing/Link';
import { SupportLink } from '../../lib/support/SupportLink';
import { whatsappStatusQuery } from '../../lib/whatsapp/whatsapp-status-query';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { AdvisorAsk } from './AdvisorAsk';
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
            {dashboard?.companyName ? <p className="card__text">{dashboard.companyName}</p> : null}
          </>
        ) : (
          <span className="skeleton skeleton--title" />
        )}
      </div>
      {dashboard ? (
        <DashboardContent dashboard={dashboard} />
      ) : failed ? (
        <section className="card home-error" aria-labelledby="home-error">
          <h2 id="home-error" className="card__heading">
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

/** One of the day's numbers, leading to its list. */
function Stat({
  to,
  value,
  late = false,
  children,
}: {
  to: string;
  value: ReactNode;
  late?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={late ? 'card-link home-stat home-stat--late' : 'card-link home-stat'}>
        <span className="home-stat__value">{value}</span> <span className="home-stat__label">{children}</span>
      </Link>
    </li>
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
        <Stat to="/tasks?filter=today" value={taskSummary.today}>
          {plural(taskSummary.today, 'tarefa para hoje', 'tarefas para hoje')}
        </Stat>
        <Stat to="/tasks?filter=overdue" value={taskSummary.overdue} late={taskSummary.overdue > 0}>
          {plural(taskSummary.overdue, 'tarefa atrasada', 'tarefas atrasadas')}
        </Stat>
        <Stat to="/sales" value={formatBRL(wonThisMonth.totalValueCents)}>
          {wonThisMonth.count === 0
            ? 'nenhuma venda ganha este mês'
            : `${wonThisMonth.count} ${plural(wonThisMonth.count, 'venda ganha', 'vendas ganhas')} este mês`}
        </Stat>
        <Stat to="/customers" value={customerCount}>
          {plural(customerCount, 'cliente', 'clientes')}
        </Stat>
      </ul>

      <AdvisorAsk />

      <GettingStarted hasCustomers={customerCount > 0} hasDeals={hasDeals} />

      <section className="card home-tasks" aria-labelledby="home-tasks">
        <h2 id="home-tasks" className="card__heading">
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
          empty="Nenhuma tarefa para hoje. Use o botão + para criar uma."
        />
      </section>

      <section className="card home-pipeline" aria-labelledby="home-pipeline">
        <div className="card__head">
          <h2 id="home-pipeline" className="card__heading">
            Funil de vendas
          </h2>
          <Link to="/sales" className="home-card__more">
            Ver vendas
          </Link>
        </div>
        <p className="card__text">
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

      <section className="card home-won" aria-labelledby="home-won">
        <h2 id="home-won" className="card__heading">
          Vendas ganhas
        </h2>
        <p className="card__text">
          Este mês: {wonThisMonth.count} {plural(wonThisMonth.count, 'venda', 'vendas')} ·{' '}
          {formatBRL(wonThisMonth.totalValueCents)}
        </p>
        {wonByMonth.length > 0 ? <LazyChart chart="wonByMonth" months={wonByMonth} /> : null}
      </section>
    </>
  );
}

const START_STEPS = [
  [appPaths.newCustomer, 'Cadastre seu primeiro cliente'],
  [appPaths.whatsapp, 'Conecte o WhatsApp Business'],
  [appPaths.newDeal, 'Registre um negócio no funil'],
] as const;

/**
 * The first three things worth doing, shown until all are done: a done step is ticked off (its
 * marker a check), the WhatsApp one by the connection's status. While that status is unknown and
 * the rest is done, nothing shows rather than a card that may vanish.
 */
function GettingStarted({ hasCustomers, hasDeals }: { hasCustomers: boolean; hasDeals: boolean }) {
  const whatsapp = useQuery(whatsappStatusQuery);
  const done = [hasCustomers, whatsapp.data?.status === 'connected', hasDeals];
  if (hasCustomers && hasDeals && (done[1] || !(whatsapp.data || whatsapp.isError))) return null;
  return (
    <section className="card home-start" aria-labelledby="home-start">
      <h2 id="home-start" className="card__heading">
        Comece por aqui
      </h2>
      <ol className="home-start__steps">
        {START_STEPS.map(([to, label], step) => (
          <li key={to} className={done[step] ? 'home-start__step--done' : undefined}>
            {done[step] ? label : <Link to={to}>{label}</Link>}
          </li>
        ))}
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
      <div className="card home-tasks" aria-hidden="true">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--row" />
        <span className="skeleton skeleton--row" />
        <span className="skeleton skeleton--row" />
      </div>
      <div className="card home-pipeline" aria-hidden="true">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton home-chart-skeleton" />
      </div>
      <div className="card home-won" aria-hidden="true">
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton home-chart-skeleton--tall" />
      </div>
    </>
  );
}
