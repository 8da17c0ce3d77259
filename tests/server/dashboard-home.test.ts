import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TASKS_MAX, type Dashboard, WON_MONTHS } from '../../contracts/dashboard';
import type { Deal, DealStage } from '../../contracts/sales';
import type { Task } from '../../contracts/tasks';
import { loadDashboard } from '../../server/modules/dashboard/dashboard';
import { taskSummary } from '../../server/modules/tasks/task-summary';
import { createTestAccount } from '../support/auth';
import { genericPlan, preparedStatementsOf } from '../support/generic-plan';
import { startTestServer, type TestServer } from '../support/server';
import { signedInApi } from '../support/signed-in-api';

/** GET /api/dashboard: what /home shows (spec §2 /home). */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const ZONE = 'America/Sao_Paulo';

/** "YYYY-MM" of the month `back` months before the current one, in São Paulo. */
function monthBack(back: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

async function owner(name: string) {
  const account = await createTestAccount(server.db, { subscription: 'active', name });
  const api = signedInApi(server.url, account);
  const stages = (await api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data.stages;
  const stage = (stageName: string) => stages.find((s) => s.name === stageName)!;
  return {
    account,
    api,
    companyId: account.companyId!,
    stage,
    async deal(stageName: string, valueCents: number, closedAt?: string) {
      const deal = (
        await api.post<{ deal: Deal }>('/api/sales/deals', {
          title: `Venda de ${valueCents}`,
          valueCents,
          stageId: stage(stageName).id,
        })
      ).body.data.deal;
      // When it closed, as SQL relative to the company's month (`month` = this month's local start).
      if (closedAt) {
        await server.db.query(
          `UPDATE deals SET closed_at = (${closedAt}) AT TIME ZONE '${ZONE}'
            FROM (SELECT date_trunc('month', now() AT TIME ZONE '${ZONE}') AS month) m WHERE id = $1`,
          [deal.id],
        );
      }
      return deal;
    },
  };
}

async function addTask(companyId: string, title: string, dueAt: string, completed = false) {
  await server.db.query(
    `INSERT INTO tasks (company_id, title, due_at, status, completed_at)
     SELECT $1, $2, ${dueAt}, $3, CASE WHEN $3 = 'completed' THEN now() END
       FROM (SELECT date_trunc('day', now() AT TIME ZONE '${ZONE}') AS today) d`,
    [companyId, title, completed ? 'completed' : 'pending'],
  );
}

describe('GET /api/dashboard', () => {
  let ana: Awaited<ReturnType<typeof owner>>;
  let home: Dashboard;

  beforeAll(async () => {
    ana = await owner('Ana Paula Ribeiro');
    const other = await owner('Bruno Carvalho');
    for (const name of ['Mariana', 'Carlos', 'Fernanda']) {
      await server.db.query('INSERT INTO customers (company_id, name) VALUES ($1, $2)', [
        ana.companyId,
        name,
      ]);
    }
    await server.db.query(`INSERT INTO customers (company_id, name) VALUES ($1, 'De outra empresa')`, [
      other.companyId,
    ]);

    for (let i = 0; i < 7; i += 1) {
      await addTask(
        ana.companyId,
        `Atrasada ${i}`,
        `now() - interval '3 days' - make_interval(mins => ${10 - i})`,
      );
    }
    for (let i = 0; i < 6; i += 1) {
      await addTask(
        ana.companyId,
        `Hoje ${i}`,
        `(today + interval '12 hours' + make_interval(mins => ${i})) AT TIME ZONE '${ZONE}'`,
      );
    }
    await addTask(ana.companyId, 'Futura', `now() + interval '3 days'`);
    await addTask(ana.companyId, 'Feita', `now() - interval '1 day'`, true);
    await addTask(other.companyId, 'De outra empresa', `now() - interval '3 days'`);

    await ana.deal('Novo contato', 1_000);
    await ana.deal('Novo contato', 2_000);
    await ana.deal('Proposta enviada', 40_000);
    await ana.deal('Fechado ganho', 10_000, `m.month + interval '1 hour'`);
    await ana.deal('Fechado ganho', 5_000, `m.month + interval '1 minute'`);
    await ana.deal('Fechado ganho', 7_000, `m.month - interval '1 minute'`);
    await ana.deal('Fechado ganho', 9_000, `m.month - interval '${WON_MONTHS} months' + interval '1 day'`);
    await ana.deal('Fechado perdido', 3_000);
    await other.deal('Fechado ganho', 99_000);

    const answer = await ana.api.get<Dashboard>('/api/dashboard');
    expect(answer.status).toBe(200);
    home = answer.body.data;
  });

  it('greets the user by first name and names the company', () => {
    expect(home.firstName).toBe('Ana');
    expect(home.companyName).toBe('Empresa de Teste');
    expect(home.customerCount).toBe(3);
  });

  it('summarises tasks as /tasks does, with the first of today’s and the overdue ones', async () => {
    expect(home.taskSummary).toEqual(await taskSummary(server.db, ana.companyId));
    expect(home.taskSummary).toMatchObject({ today: 6, future: 1, completed: 1 });
    expect(home.todayTasks.map((t) => t.title)).toEqual(['Hoje 0', 'Hoje 1', 'Hoje 2', 'Hoje 3', 'Hoje 4']);
    expect(home.overdueTasks).toHaveLength(DASHBOARD_TASKS_MAX);
    expect(home.overdueTasks.map((t) => t.title).slice(0, 2)).toEqual(['Atrasada 0', 'Atrasada 1']);
  });

  it('answers each of those tasks exactly as GET /api/tasks does: times, customer, people', async () => {
    await server.db.query(
      `UPDATE tasks SET customer_id = (SELECT id FROM customers WHERE company_id = $1 AND name = 'Mariana'),
                        assignee_user_id = $2, created_by_user_id = $2
        WHERE company_id = $1 AND title IN ('Hoje 0', 'Atrasada 1')`,
      [ana.companyId, ana.account.userId],
    );
    const fresh = (await ana.api.get<Dashboard>('/api/dashboard')).body.data;
    const list = async (filter: string) =>
      (await ana.api.get<{ tasks: Task[] }>(`/api/tasks?filter=${filter}&limit=${DASHBOARD_TASKS_MAX}`)).body
        .data.tasks;
    expect(fresh.todayTasks).toEqual(await list('today'));
    expect(fresh.overdueTasks).toEqual(await list('overdue'));
    expect(fresh.todayTasks[0]).toMatchObject({
      title: 'Hoje 0',
      customer: { name: 'Mariana' },
      assignee: { userId: ana.account.userId, name: 'Ana Paula Ribeiro' },
    });
    expect(fresh.todayTasks[0]!.dueAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('sums the pipeline per stage, in board order', () => {
    expect(home.pipeline).toEqual([
      {
        stageId: ana.stage('Novo contato').id,
        name: 'Novo contato',
        kind: 'open',
        dealCount: 2,
        totalValueCents: 3_000,
      },
      {
        stageId: ana.stage('Em negociação').id,
        name: 'Em negociação',
        kind: 'open',
        dealCount: 0,
        totalValueCents: 0,
      },
      {
        stageId: ana.stage('Proposta enviada').id,
        name: 'Proposta enviada',
        kind: 'open',
        dealCount: 1,
        totalValueCents: 40_000,
      },
      {
        stageId: ana.stage('Fechado ganho').id,
        name: 'Fechado ganho',
        kind: 'won',
        dealCount: 4,
        totalValueCents: 31_000,
      },
      {
        stageId: ana.stage('Fechado perdido').id,
        name: 'Fechado perdido',
        kind: 'lost',
        dealCount: 1,
        totalValueCents: 3_000,
      },
    ]);
  });

  it('counts deals won per calendar month of the company, this one last, months without sales as 0', () => {
    expect(home.wonThisMonth).toEqual({ count: 2, totalValueCents: 15_000 });
    expect(home.wonByMonth).toHaveLength(WON_MONTHS);
    expect(home.wonByMonth).toEqual(
      Array.from({ length: WON_MONTHS }, (_, i) => {
        const back = WON_MONTHS - 1 - i;
        const won = { 0: { count: 2, totalValueCents: 15_000 }, 1: { count: 1, totalValueCents: 7_000 } }[
          back
        ];
        return { month: monthBack(back), ...(won ?? { count: 0, totalValueCents: 0 }) };
      }),
    );
  });

  it('reads the month in the company’s time zone', async () => {
    // Tokyo is 12 hours ahead of São Paulo: an hour after its month began, São Paulo is still in the
    // previous month; an hour before, both are.
    const tokyo = await owner('Kenji Sato');
    await server.db.query(`UPDATE companies SET timezone = 'Asia/Tokyo' WHERE id = $1`, [tokyo.companyId]);
    const monthStart = `date_trunc('month', now() AT TIME ZONE 'Asia/Tokyo') AT TIME ZONE 'Asia/Tokyo'`;
    const after = await tokyo.deal('Fechado ganho', 4_000);
    const before = await tokyo.deal('Fechado ganho', 6_000);
    await server.db.query(`UPDATE deals SET closed_at = ${monthStart} + interval '1 hour' WHERE id = $1`, [
      after.id,
    ]);
    await server.db.query(`UPDATE deals SET closed_at = ${monthStart} - interval '1 hour' WHERE id = $1`, [
      before.id,
    ]);
    const answer = (await tokyo.api.get<Dashboard>('/api/dashboard')).body.data;
    expect(answer.wonThisMonth).toEqual({ count: 1, totalValueCents: 4_000 });
    expect(answer.wonByMonth.at(-2)).toMatchObject({ count: 1, totalValueCents: 6_000 });
  });

  it('falls back to the business name, and to null without a user name', async () => {
    const account = await createTestAccount(server.db, { subscription: 'active', name: '' });
    await server.db.query(
      `UPDATE companies SET name = NULL, business_name = 'Bruno Mecânica ME' WHERE id = $1`,
      [account.companyId],
    );
    const answer = (await signedInApi(server.url, account).get<Dashboard>('/api/dashboard')).body.data;
    expect(answer).toMatchObject({ firstName: null, companyName: 'Bruno Mecânica ME', customerCount: 0 });
    expect(answer.todayTasks).toEqual([]);
    expect(answer.pipeline.every((stage) => stage.dealCount === 0)).toBe(true);
  });

  it('needs a session (401) and a current subscription (402)', async () => {
    expect((await fetch(`${server.url}/api/dashboard`)).status).toBe(401);
    const ended = signedInApi(server.url, await createTestAccount(server.db, { subscription: 'expired' }));
    expect((await ended.get('/api/dashboard')).status).toBe(402);
  });
});

/**
 * PostgreSQL reuses the dashboard's prepared statement with a generic plan, made once for whatever
 * company came first and blind to its day: its counts and lists must still come from index ranges
 * and the kept totals, whatever the company's size.
 */
describe.runIf(process.env.DATABASE_URL)('the dashboard’s reused plan', () => {
  it('reads no company’s tasks or deals whole', async () => {
    const ana = await owner('Ana Reis');
    await server.db.query(
      `INSERT INTO tasks (company_id, title, due_at) SELECT $1, 'Tarefa ' || i, now() + make_interval(hours => i - 1500)
         FROM generate_series(1, 3000) AS i`,
      [ana.companyId],
    );
    // Many small companies around it: the plan PostgreSQL reuses is made for an average one.
    await server.db.query(
      `WITH small AS (INSERT INTO companies (name) SELECT 'Pequena ' || i FROM generate_series(1, 2000) AS i RETURNING id)
       INSERT INTO tasks (company_id, title, due_at, status, completed_at)
       SELECT id, 'Tarefa', now() + make_interval(hours => j - 2), CASE WHEN j = 1 THEN 'completed' ELSE 'pending' END,
              CASE WHEN j = 1 THEN now() END
         FROM small CROSS JOIN generate_series(1, 4) AS j`,
    );
    await server.db.query('ANALYZE tasks');
    await server.db.query('ANALYZE companies');
    const statements = await preparedStatementsOf(server.db, (q) =>
      loadDashboard(q, { userId: ana.account.userId, companyId: ana.companyId }),
    );
    expect(statements).toHaveLength(1);
    const plan = await genericPlan(server.db, statements[0]!.sql, statements[0]!.params);
    expect(plan, plan).not.toMatch(/Seq Scan on (tasks|deals) /);
    // The lists walk the pending-tasks index in due order and stop after their rows: a company with
    // 200,000 tasks is never sorted under a plan made for an average one.
    expect(plan, plan).toMatch(/Index Scan using tasks_pending_due_idx on tasks t /);
    expect(plan, plan).not.toMatch(/Sort Key: t(_\d)?\.due_at/);
  });
});
