import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR_TEXT } from '../../contracts/pagination';
import { type TaskFilter, type TaskSummary, type TasksPage, taskFilters } from '../../contracts/tasks';
import type { Queryable, Row } from '../../server/db/types';
import { listTasks } from '../../server/modules/tasks/list-tasks';
import { taskSummary } from '../../server/modules/tasks/task-summary';
import { genericPlan, preparedStatementsOf } from '../support/generic-plan';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi, type Subscriber } from '../support/signed-in-api';
import { dbNow, insertTasks, type TaskAnswer, taskBody } from '../support/task-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function subscriber(timezone?: string): Promise<Subscriber> {
  const subscribed = await newSubscriber(server);
  if (timezone) {
    await server.db.query('UPDATE companies SET timezone = $2 WHERE id = $1', [
      subscribed.companyId,
      timezone,
    ]);
  }
  return subscribed;
}

/** SQL for the local midnight that began today in `tz`, and the next one, read from the database's clock. */
const startOfToday = (tz: string) => `(date_trunc('day', now() AT TIME ZONE '${tz}') AT TIME ZONE '${tz}')`;
const startOfTomorrow = (tz: string) =>
  `((date_trunc('day', now() AT TIME ZONE '${tz}') + interval '1 day') AT TIME ZONE '${tz}')`;

/**
 * The test's rows sit at midnights of the database's "today": when the next midnight in `tz` is a
 * few seconds away, wait for it to pass so that "today" cannot change between writing and reading.
 */
async function awayFromMidnight(tz: string) {
  const { rows } = await server.db.query<{ ends: string }>(`SELECT ${startOfTomorrow(tz)} AS ends`);
  const left = new Date(rows[0]!.ends).getTime() - (await dbNow(server.db)).getTime();
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

async function titles(api: SignedInApi, filter?: TaskFilter): Promise<string[]> {
  const answer = await api.get<TasksPage>(`/api/tasks${filter ? `?filter=${filter}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body.data.tasks.map((task) => task.title);
}

describe('the filters, around midnight in São Paulo', () => {
  it('today, overdue, future and completed split at the company’s local midnights', async () => {
    const SP = 'America/Sao_Paulo';
    const { api, companyId } = await subscriber();
    await awayFromMidnight(SP);
    await insertTasks(server.db, companyId, [
      { title: 'semana que vem', dueAt: `${startOfTomorrow(SP)} + interval '7 days'` },
      { title: 'amanhã 00:00', dueAt: startOfTomorrow(SP) },
      { title: 'hoje 23:59:59.999', dueAt: `${startOfTomorrow(SP)} - interval '1 millisecond'` },
      { title: 'hoje 00:00', dueAt: startOfToday(SP) },
      { title: 'ontem 23:59:59.999', dueAt: `${startOfToday(SP)} - interval '1 millisecond'` },
      { title: 'ontem 12:00', dueAt: `${startOfToday(SP)} - interval '12 hours'` },
      {
        title: 'feita ontem',
        dueAt: `${startOfToday(SP)} - interval '2 hours'`,
        status: 'completed',
        completedAt: `${startOfToday(SP)} - interval '1 hour'`,
      },
      { title: 'feita agora', dueAt: `${startOfTomorrow(SP)} + interval '1 day'`, status: 'completed' },
    ]);

    expect(await titles(api, 'today')).toEqual(['hoje 00:00', 'hoje 23:59:59.999']);
    expect(await titles(api)).toEqual(['hoje 00:00', 'hoje 23:59:59.999']);
    expect(await titles(api, 'overdue')).toEqual(['ontem 12:00', 'ontem 23:59:59.999', 'hoje 00:00']);
    expect(await titles(api, 'future')).toEqual(['amanhã 00:00', 'semana que vem']);
    expect(await titles(api, 'completed')).toEqual(['feita agora', 'feita ontem']);

    const today = await api.get<TasksPage>('/api/tasks?filter=today');
    expect(today.body.data.tasks.map((task) => task.overdue)).toEqual([true, false]);
    expect(today.body.data.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });

    const summary = await api.get<TaskSummary>('/api/tasks/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.data).toEqual({ today: 2, overdue: 3, future: 2, completed: 2 });
  });

  it('a company elsewhere reads its own midnights (companies.timezone)', async () => {
    const TOKYO = 'Asia/Tokyo';
    const { api, companyId } = await subscriber(TOKYO);
    await awayFromMidnight(TOKYO);
    await insertTasks(server.db, companyId, [
      {
        title: 'último instante de hoje em Tóquio',
        dueAt: `${startOfTomorrow(TOKYO)} - interval '1 microsecond'`,
      },
      { title: 'meia-noite em Tóquio', dueAt: startOfTomorrow(TOKYO) },
    ]);
    expect(await titles(api, 'today')).toEqual(['último instante de hoje em Tóquio']);
    expect(await titles(api, 'future')).toEqual(['meia-noite em Tóquio']);
    expect((await api.get<TaskSummary>('/api/tasks/summary')).body.data).toMatchObject({
      today: 1,
      future: 1,
    });
  });

  it('a task moved, completed, reopened or deleted moves between the counts', async () => {
    const { api } = await subscriber();
    const summary = async () => (await api.get<TaskSummary>('/api/tasks/summary')).body.data;
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ dueAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
    );
    const id = created.body.data.task.id;
    expect(await summary()).toEqual({ today: 0, overdue: 1, future: 0, completed: 0 });

    await api.put(
      `/api/tasks/${id}`,
      taskBody({ dueAt: new Date(Date.now() + 9 * 86_400_000).toISOString() }),
    );
    expect(await summary()).toEqual({ today: 0, overdue: 0, future: 1, completed: 0 });

    await api.post(`/api/tasks/${id}/complete`);
    expect(await summary()).toEqual({ today: 0, overdue: 0, future: 0, completed: 1 });

    await api.post(`/api/tasks/${id}/reopen`);
    expect(await summary()).toEqual({ today: 0, overdue: 0, future: 1, completed: 0 });

    await api.delete(`/api/tasks/${id}`);
    expect(await summary()).toEqual({ today: 0, overdue: 0, future: 0, completed: 0 });
  });
});

/** The order each filter promises, written independently of the server's queries. */
async function expectedOrder(companyId: string, filter: TaskFilter): Promise<string[]> {
  const day = `company_day AS (SELECT ${startOfToday('America/Sao_Paulo')} AS starts, ${startOfTomorrow('America/Sao_Paulo')} AS ends)`;
  const where: Record<TaskFilter, string> = {
    today: `status = 'pending' AND due_at >= starts AND due_at < ends ORDER BY due_at, id`,
    overdue: `status = 'pending' AND due_at < now() ORDER BY due_at, id`,
    future: `status = 'pending' AND due_at >= ends ORDER BY due_at, id`,
    completed: `status = 'completed' ORDER BY completed_at DESC, id DESC`,
  };
  const { rows } = await server.db.query<{ id: string }>(
    `WITH ${day} SELECT id FROM tasks, company_day WHERE company_id = $1 AND ${where[filter]}`,
    [companyId],
  );
  return rows.map((row) => row.id);
}

describe('cursor pagination', () => {
  it('walks every filter page by page: each task once, in order, ties broken by id', async () => {
    const SP = 'America/Sao_Paulo';
    const { api, companyId } = await subscriber();
    await awayFromMidnight(SP);
    // Shared due times (ties) and microseconds, which a millisecond cursor would get wrong.
    const rows = Array.from({ length: 23 }, (_, i) => i).flatMap((i) => [
      { dueAt: `${startOfToday(SP)} + interval '${i % 4} microseconds'` },
      { dueAt: `${startOfTomorrow(SP)} + interval '${i % 5} hours' + interval '${i % 3} microseconds'` },
      { dueAt: `${startOfToday(SP)} - interval '${i % 6} days' - interval '${i % 2} microseconds'` },
      {
        dueAt: 'now()',
        status: 'completed' as const,
        completedAt: `now() - interval '${i % 4} microseconds'`,
      },
    ]);
    await insertTasks(server.db, companyId, rows);

    for (const filter of taskFilters) {
      const expected = await expectedOrder(companyId, filter);
      expect(expected.length, filter).toBeGreaterThan(14);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      for (;;) {
        const query: string = `/api/tasks?filter=${filter}&limit=7${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await api.get<TasksPage>(query);
        expect(page.status, filter).toBe(200);
        seen.push(...page.body.data.tasks.map((task) => task.id));
        pages += 1;
        if (!page.body.data.pageInfo.hasNextPage) break;
        expect(page.body.data.tasks, filter).toHaveLength(7);
        cursor = page.body.data.pageInfo.endCursor;
      }
      expect(seen, filter).toEqual(expected);
      expect(pages, filter).toBe(Math.ceil(expected.length / 7));
    }
  });

  it('pages 20 tasks by default', async () => {
    const { api, companyId } = await subscriber();
    await insertTasks(
      server.db,
      companyId,
      Array.from({ length: 21 }, (_, i) => ({ dueAt: `now() + interval '${i + 2} days'` })),
    );
    const first = await api.get<TasksPage>('/api/tasks?filter=future');
    expect(first.body.data.tasks).toHaveLength(20);
    expect(first.body.data.pageInfo.hasNextPage).toBe(true);
    const second = await api.get<TasksPage>(
      `/api/tasks?filter=future&cursor=${first.body.data.pageInfo.endCursor}`,
    );
    expect(second.body.data.tasks).toHaveLength(1);
    expect(second.body.data.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a cursor that does not decode or belongs to another filter, and bad filters and limits', async () => {
    const { api, companyId } = await subscriber();
    await insertTasks(server.db, companyId, [
      { dueAt: "now() + interval '3 days'" },
      { dueAt: "now() + interval '4 days'" },
    ]);
    const page = await api.get<TasksPage>('/api/tasks?filter=future&limit=1');
    const futureCursor = page.body.data.pageInfo.endCursor!;
    const forged = Buffer.from(
      JSON.stringify({ f: 'future', a: "2020-01-01'; DROP TABLE tasks", i: 'x' }),
    ).toString('base64url');
    for (const cursor of ['isso-nao-e-um-cursor', futureCursor.slice(0, -3), forged]) {
      const answer = await api.get(`/api/tasks?filter=future&cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.body, cursor).toMatchObject({ code: 'VALIDATION_ERROR', error: INVALID_CURSOR_TEXT });
      expect(answer.body.issues, cursor).toEqual([{ path: 'query.cursor', message: INVALID_CURSOR_TEXT }]);
    }
    expect((await api.get(`/api/tasks?filter=overdue&cursor=${futureCursor}`)).status).toBe(400);
    for (const query of ['filter=ontem', 'limit=0', 'limit=101', 'limit=abc']) {
      const answer = await api.get(`/api/tasks?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code, query).toBe('VALIDATION_ERROR');
    }
  });
});

describe('the queries behind the lists', () => {
  /** Runs the function's statements on tasks as EXPLAIN and keeps their plans (they answer no rows). */
  function explaining(q: Queryable, plans: string[]): Queryable {
    return {
      async query<T extends Row>(sql: string, params?: unknown[]) {
        if (!/\btasks\b/.test(sql)) return q.query<T>(sql, params);
        const { rows } = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        return { rows: [] as T[], rowCount: 0 };
      },
    };
  }

  it('read each page from its index in order, with no sort and no sequential scan', async () => {
    const { companyId } = await subscriber();
    const other = await subscriber();
    for (const id of [companyId, other.companyId]) {
      await server.db.query(
        `INSERT INTO tasks (company_id, title, due_at, status, completed_at)
         SELECT $1, 'Tarefa ' || g, now() + ((g % 400) - 200) * interval '1 hour',
                CASE WHEN g % 4 = 0 THEN 'completed' ELSE 'pending' END,
                CASE WHEN g % 4 = 0 THEN now() - g * interval '1 minute' END
           FROM generate_series(1, 10000) g`,
        [id],
      );
    }
    await server.db.query('ANALYZE tasks');
    const cursorOf = async (filter: TaskFilter) =>
      (await listTasks(server.db, companyId, { filter, limit: 20 })).pageInfo.endCursor!;

    for (const filter of taskFilters) {
      const plans: string[] = [];
      const cursor = await cursorOf(filter);
      await listTasks(explaining(server.db, plans), companyId, { filter, limit: 20 });
      await listTasks(explaining(server.db, plans), companyId, { filter, limit: 20, cursor });
      for (const plan of plans) {
        expect(plan, filter).toMatch(
          filter === 'completed' ? /tasks_completed_idx/ : /tasks_pending_due_idx/,
        );
        expect(plan, filter).not.toMatch(/Seq Scan on tasks|Sort/);
      }
    }

    // The generic plan PostgreSQL may reuse for a prepared page is blind to the company and its
    // day: it must still walk the same index in order and stop after the page.
    if (server.db.kind === 'postgres') {
      const statements = await preparedStatementsOf(server.db, async (q) => {
        for (const filter of taskFilters) {
          await listTasks(q, companyId, { filter, limit: 20 });
          await listTasks(q, companyId, { filter, limit: 20, cursor: await cursorOf(filter) });
        }
      });
      expect(statements).toHaveLength(taskFilters.length * 2);
      for (const { sql, params } of statements) {
        const plan = await genericPlan(server.db, sql, params);
        expect(plan).toMatch(/company_id = \$1/);
        expect(plan).toMatch(/tasks_(completed|pending_due)_idx/);
        expect(plan).not.toMatch(/Seq Scan on tasks|Sort/);
      }
    }

    const plans: string[] = [];
    await taskSummary(explaining(server.db, plans), companyId);
    expect(plans[0]).not.toMatch(/Seq Scan on tasks/);
    expect(await taskSummary(server.db, companyId)).toEqual(await bruteForceSummary(companyId));
  });
});

async function bruteForceSummary(companyId: string): Promise<TaskSummary> {
  const out = {} as TaskSummary;
  for (const filter of taskFilters) out[filter] = (await expectedOrder(companyId, filter)).length;
  return out;
}
