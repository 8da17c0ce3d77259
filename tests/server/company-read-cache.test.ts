import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomersPage } from '../../contracts/customers';
import type { Dashboard } from '../../contracts/dashboard';
import type { Deal, DealStage, SalesBoard } from '../../contracts/sales';
import {
  COMPANY_READ_CHANGES_CHANNEL,
  createCompanyReadCache,
  MAX_ENTRIES_PER_COMPANY,
} from '../../server/db/company-read-cache';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber, signedInApi } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';
import { withTwoInstances } from '../support/two-instances';

/**
 * The server keeps the dashboard, the sales board and the customer and task lists per company for a
 * few seconds. Whatever changes
 * what they show — a route, or other code writing rows (here: plain SQL, as a job, a webhook or an
 * import would) — must show on the very next read. Each case reads first, so the answer is held.
 */
describe('the dashboard, the board and the lists, kept per company', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function dashboard(api: Subscriber['api']): Promise<Dashboard> {
    const answer = await api.get<Dashboard>('/api/dashboard');
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  async function board(api: Subscriber['api'], query = ''): Promise<SalesBoard> {
    const answer = await api.get<SalesBoard>(`/api/sales/board${query}`);
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  async function newDeal(subscriber: Subscriber, title: string): Promise<Deal> {
    const { stages } = (await subscriber.api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data;
    const created = await subscriber.api.post<{ deal: Deal }>('/api/sales/deals', {
      title,
      valueCents: 12_345,
      stageId: stages[0]!.id,
    });
    expect(created.status).toBe(201);
    return created.body.data.deal;
  }

  async function taskTitles(api: Subscriber['api'], filter: string): Promise<string[]> {
    const answer = await api.get<{ tasks: { title: string }[] }>(`/api/tasks?filter=${filter}&limit=20`);
    expect(answer.status).toBe(200);
    return answer.body.data.tasks.map((task) => task.title);
  }

  it('a task saved shows on the next dashboard and list, and one deleted by other code leaves them', async () => {
    const subscriber = await newSubscriber(server);
    const before = await dashboard(subscriber.api);
    await dashboard(subscriber.api);
    expect(await taskTitles(subscriber.api, 'future')).toEqual([]);

    const created = await subscriber.api.post<{ task: { id: string } }>(
      '/api/tasks',
      taskBody({ title: 'Ligar para a Rita' }),
    );
    expect(created.status).toBe(201);
    const after = await dashboard(subscriber.api);
    expect(after.taskSummary.future + after.taskSummary.today).toBe(
      before.taskSummary.future + before.taskSummary.today + 1,
    );
    const future = await taskTitles(subscriber.api, 'future');
    const today = await taskTitles(subscriber.api, 'today');
    expect([...future, ...today]).toEqual(['Ligar para a Rita']);

    // Moved by other code into the past: overdue now, in neither list it was in.
    await server.db.query(`UPDATE tasks SET due_at = now() - interval '2 days' WHERE company_id = $1`, [
      subscriber.companyId,
    ]);
    expect(await taskTitles(subscriber.api, future.length ? 'future' : 'today')).toEqual([]);
    expect(await taskTitles(subscriber.api, 'overdue')).toEqual(['Ligar para a Rita']);

    await server.db.query('DELETE FROM tasks WHERE company_id = $1', [subscriber.companyId]);
    expect(await taskTitles(subscriber.api, 'overdue')).toEqual([]);
    expect((await dashboard(subscriber.api)).taskSummary).toEqual({
      today: 0,
      future: 0,
      completed: 0,
      overdue: 0,
    });
  });

  it('the company, the person, the customers and the suggestions written elsewhere show at once', async () => {
    const subscriber = await newSubscriber(server);
    await dashboard(subscriber.api);

    await server.db.query(`UPDATE companies SET name = 'Doceria da Rua' WHERE id = $1`, [
      subscriber.companyId,
    ]);
    expect((await dashboard(subscriber.api)).companyName).toBe('Doceria da Rua');

    await server.db.query(`UPDATE users SET name = 'Marta Souza' WHERE id = $1`, [subscriber.account.userId]);
    expect((await dashboard(subscriber.api)).firstName).toBe('Marta');

    const customers = (await dashboard(subscriber.api)).customerCount;
    await server.db.query(`INSERT INTO customers (company_id, name) VALUES ($1, 'Rita'), ($1, 'Caio')`, [
      subscriber.companyId,
    ]);
    expect((await dashboard(subscriber.api)).customerCount).toBe(customers + 2);

    expect((await dashboard(subscriber.api)).hasPendingSuggestions).toBe(false);
    // A suggestion of the conversation watcher, on a customer's message.
    await server.db.query(
      `WITH message AS (
         INSERT INTO conversation_messages (company_id, customer_id, wamid, direction, origin, type, body, sent_at)
         SELECT $1, id, 'wamid.cache-test', 'inbound', 'webhook', 'text', 'Quanto custa?', now()
           FROM customers WHERE company_id = $1 LIMIT 1
         RETURNING id, customer_id)
       INSERT INTO ai_suggestions (company_id, customer_id, message_id, kind, reason, task_description, task_due_at)
       SELECT $1, customer_id, id, 'task', 'Pediu orçamento', 'Enviar orçamento', now() + interval '1 day'
         FROM message`,
      [subscriber.companyId],
    );
    expect((await dashboard(subscriber.api)).hasPendingSuggestions).toBe(true);
  });

  it('a deal saved, moved elsewhere or renamed shows on the next board, "minhas" too', async () => {
    const subscriber = await newSubscriber(server);
    await board(subscriber.api);
    await board(subscriber.api, '?assignee=me');

    const deal = await newDeal(subscriber, 'Bolo de casamento');
    const first = (await board(subscriber.api)).columns[0]!;
    expect(first.deals.map((card) => card.title)).toContain('Bolo de casamento');
    expect((await board(subscriber.api, '?assignee=me')).columns[0]!.totalCount).toBe(first.totalCount);

    // Moved by other code to the last open column, then renamed.
    await server.db.query(
      `UPDATE deals SET stage_id = (SELECT id FROM deal_stages WHERE company_id = $1 AND kind = 'open'
                                     ORDER BY position DESC LIMIT 1)
        WHERE id = $2`,
      [subscriber.companyId, deal.id],
    );
    const cardsOf = (columns: SalesBoard['columns']) => columns.flatMap((column) => column.deals);
    const columns = (await board(subscriber.api)).columns;
    expect(columns[0]!.deals.map((card) => card.id)).not.toContain(deal.id);
    expect(cardsOf(columns).find((card) => card.id === deal.id)?.stageId).not.toBe(deal.stageId);

    await server.db.query(`UPDATE deals SET title = 'Bolo de noivado' WHERE id = $1`, [deal.id]);
    const renamed = cardsOf((await board(subscriber.api, '?assignee=me')).columns);
    expect(renamed.find((card) => card.id === deal.id)?.title).toBe('Bolo de noivado');
  });

  async function customers(api: Subscriber['api'], query: string): Promise<CustomersPage> {
    const answer = await api.get<CustomersPage>(`/api/customers${query}`);
    expect(answer.status).toBe(200);
    return answer.body.data;
  }

  it('a customer saved, renamed or deleted anywhere shows on the next list and search', async () => {
    const subscriber = await newSubscriber(server);
    const names = (page: CustomersPage) => page.customers.map((customer) => customer.name);
    expect(names(await customers(subscriber.api, '?limit=10'))).toEqual([]);
    expect(names(await customers(subscriber.api, '?search=rita&limit=10'))).toEqual([]);

    const created = await subscriber.api.post<{ customer: { id: string } }>('/api/customers', {
      name: 'Rita Lopes',
    });
    expect(created.status).toBe(201);
    expect(names(await customers(subscriber.api, '?limit=10'))).toEqual(['Rita Lopes']);
    expect(names(await customers(subscriber.api, '?search=rita&limit=10'))).toEqual(['Rita Lopes']);

    // Other code: an import, a webhook naming a new contact.
    await server.db.query(`INSERT INTO customers (company_id, name) VALUES ($1, 'Ritinha Souza')`, [
      subscriber.companyId,
    ]);
    const search = await customers(subscriber.api, '?search=rita&limit=10');
    expect(names(search)).toEqual(['Rita Lopes']);
    expect(names(await customers(subscriber.api, '?search=rit&limit=10'))).toEqual([
      'Rita Lopes',
      'Ritinha Souza',
    ]);
    expect((await customers(subscriber.api, '?limit=10')).totalCount).toBe(2);

    await server.db.query(`UPDATE customers SET name = 'Rita Prado' WHERE id = $1`, [
      created.body.data.customer.id,
    ]);
    expect(names(await customers(subscriber.api, '?search=rita&limit=10'))).toEqual(['Rita Prado']);

    await server.db.query('DELETE FROM customers WHERE company_id = $1', [subscriber.companyId]);
    const emptied = await customers(subscriber.api, '?limit=10');
    expect(emptied.customers).toEqual([]);
    expect(emptied.totalCount).toBe(0);
    expect((await customers(subscriber.api, '?search=rit&limit=10')).customers).toEqual([]);
  });

  it('holds a bounded number of answers per company, the oldest going first', async () => {
    const subscriber = await newSubscriber(server);
    const cache = await createCompanyReadCache(server.db, 60_000);
    try {
      const loads: string[] = [];
      const read = (key: string) =>
        cache.read(subscriber.companyId, [key], async () => {
          loads.push(key);
          return key;
        });
      for (let index = 0; index <= MAX_ENTRIES_PER_COMPANY; index++) await read(`search ${index}`);
      loads.length = 0;
      // The newest are held; the very first was let go when the last came in.
      expect(await read(`search ${MAX_ENTRIES_PER_COMPANY}`)).toBe(`search ${MAX_ENTRIES_PER_COMPANY}`);
      expect(await read('search 1')).toBe('search 1');
      expect(loads).toEqual([]);
      expect(await read('search 0')).toBe('search 0');
      expect(loads).toEqual(['search 0']);
    } finally {
      await cache.close();
    }
  });

  it('one company’s change leaves another’s answers right, and never shows them to it', async () => {
    const ana = await newSubscriber(server);
    const bruno = await newSubscriber(server);
    await newDeal(ana, 'Só da Ana');
    expect((await board(ana.api)).columns[0]!.deals.map((card) => card.title)).toEqual(['Só da Ana']);
    expect((await board(bruno.api)).columns[0]!.deals).toEqual([]);
    await newDeal(bruno, 'Só do Bruno');
    expect((await board(bruno.api)).columns[0]!.deals.map((card) => card.title)).toEqual(['Só do Bruno']);
    expect((await board(ana.api)).columns[0]!.deals.map((card) => card.title)).toEqual(['Só da Ana']);
  });
});

/**
 * Two instances of the server on one PostgreSQL: a deal written through one shows on the other's
 * board as soon as the notification reaches it (PGlite is one process: nothing to share).
 */
describe.runIf(process.env.DATABASE_URL)('the board, across instances', () => {
  const instances = withTwoInstances();

  it('a deal saved through the other instance shows once the change arrives', async () => {
    const subscriber = await newSubscriber(instances.first);
    const throughSecond = signedInApi(instances.second.url, subscriber.account);
    expect((await subscriber.api.get<SalesBoard>('/api/sales/board')).body.data.columns[0]!.deals).toEqual(
      [],
    );

    // Heard on the first instance's database connection after its cache (which listened first).
    const heard = new Promise<void>((resolve) => {
      void instances.firstDb.listen(COMPANY_READ_CHANGES_CHANNEL, (payload) => {
        if (payload === subscriber.companyId) resolve();
      });
    });
    const { stages } = (await throughSecond.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data;
    const created = await throughSecond.post('/api/sales/deals', {
      title: 'Pelo outro servidor',
      valueCents: 100,
      stageId: stages[0]!.id,
    });
    expect(created.status).toBe(201);
    await heard;
    const cards = (await subscriber.api.get<SalesBoard>('/api/sales/board')).body.data.columns[0]!.deals;
    expect(cards.map((card) => card.title)).toEqual(['Pelo outro servidor']);
  });
});
