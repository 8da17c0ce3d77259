import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber } from '../support/signed-in-api';
import { addCustomer, taskBody } from '../support/task-fixtures';

// Its own server: the test changes column types of the tables every other test reads.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('the lists keep answering the same after a migration changes the type of columns they read', async () => {
  const { api, companyId } = await newSubscriber(server);
  const customer = await addCustomer(server.db, companyId, { name: 'Ana Lima' });
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const created = await api.post('/api/tasks', taskBody({ dueAt: inAMonth, customerId: customer.id }));
  expect(created.status).toBe(201);
  const paths = ['/api/tasks?filter=future', '/api/tasks?filter=today', '/api/customers?limit=50'];
  const answers = async () => {
    const got = await Promise.all(paths.map((path) => api.get(path)));
    expect(got.map((answer) => answer.status)).toEqual(paths.map(() => 200));
    return got.map((answer) => answer.body.data);
  };

  // Read enough times, some at once, that PostgreSQL has the lists prepared on several connections.
  const before = await answers();
  for (let i = 0; i < 6; i++) await Promise.all([answers(), answers()]);

  await server.db.query('ALTER TABLE tasks ALTER COLUMN description TYPE varchar(5000)');
  await server.db.query('ALTER TABLE customers ALTER COLUMN notes TYPE varchar(5000)');

  for (let i = 0; i < 12; i++) expect(await answers()).toEqual(before);
  expect(JSON.stringify(before)).toContain('Ana Lima');
});
