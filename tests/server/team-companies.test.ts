import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Customer } from '../../contracts/customers';
import {
  realtimeCloseCodes,
  realtimeCloseReasons,
  realtimeEvent,
  realtimeProtocol,
} from '../../contracts/realtime';
import type { SalesBoard } from '../../contracts/sales';
import type { TasksPage } from '../../contracts/tasks';
import { COMPANY_NOT_FOUND_TEXT, type CompanyChoice } from '../../contracts/team';
import { publishEvents } from '../../server/realtime/event-bus';
import { waitFor } from '../support/db';
import { newSubscriber, withSubscriberServer } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';
import { joinTeam } from '../support/team';

/**
 * Issue 15: a person in several companies lists them and switches the current one; every query
 * follows the current company, and the other company's rows never show.
 */

const setup = withSubscriberServer();

type Customers = { customers: Customer[] };

describe('a member of two companies', () => {
  it('lists both, switches, and sees only the current company’s customers, tasks and deals', async () => {
    const { server, owner } = setup;
    await server.db.query("UPDATE companies SET name = NULL, business_name = 'Zeca Bolos' WHERE id = $1", [
      owner.companyId,
    ]);
    const own = await newSubscriber(server);
    // Their own company has no name yet: the business name, then the placeholder, stand in.
    await server.db.query('UPDATE companies SET name = NULL, business_name = NULL WHERE id = $1', [
      own.companyId,
    ]);

    const ownCustomer = await own.api.post<{ customer: Customer }>('/api/customers', {
      name: 'Cliente Própria',
    });
    expect(ownCustomer.status).toBe(201);
    await own.api.post(
      '/api/tasks',
      taskBody({ title: 'Tarefa própria', dueAt: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect(
      (await own.api.post('/api/sales/deals', { title: 'Negócio próprio', valueCents: 100 })).status,
    ).toBe(201);

    await owner.api.post('/api/customers', { name: 'Cliente do Zeca' });
    await owner.api.post(
      '/api/tasks',
      taskBody({ title: 'Tarefa do Zeca', dueAt: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect(
      (await owner.api.post('/api/sales/deals', { title: 'Negócio do Zeca', valueCents: 200 })).status,
    ).toBe(201);

    const member = await joinTeam(server, owner, 'staff', { existing: own.account });
    const listed = await member.api.get<{ companies: CompanyChoice[] }>('/api/session/companies');
    expect(listed.status).toBe(200);
    expect(listed.body.data.companies).toEqual([
      { id: own.companyId, name: 'Nome da empresa', role: 'owner', current: false },
      { id: owner.companyId, name: 'Zeca Bolos', role: 'staff', current: true },
    ]);

    const seen = async () => {
      const customers = await member.api.get<Customers>('/api/customers');
      const tasks = await member.api.get<TasksPage>('/api/tasks?filter=today');
      const board = await member.api.get<SalesBoard>('/api/sales/board');
      return {
        customers: customers.body.data.customers.map((c) => c.name).sort(),
        tasks: tasks.body.data.tasks.map((t) => t.title).sort(),
        deals: board.body.data.columns.flatMap((column) => column.deals.map((d) => d.title)).sort(),
      };
    };
    expect(await seen()).toEqual({
      customers: ['Cliente do Zeca'],
      tasks: ['Tarefa do Zeca'],
      deals: ['Negócio do Zeca'],
    });
    // Nor by id.
    expect((await member.api.get(`/api/customers/${ownCustomer.body.data.customer.id}`)).status).toBe(404);

    const switched = await member.api.put('/api/session/current-company', { companyId: own.companyId });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toEqual({ currentCompanyId: own.companyId, role: 'owner' });
    expect(await seen()).toEqual({
      customers: ['Cliente Própria'],
      tasks: ['Tarefa própria'],
      deals: ['Negócio próprio'],
    });
    const session = await member.api.get<{ role: string; companyCount: number }>('/api/session/check');
    expect(session.body.data).toMatchObject({ role: 'owner', companyCount: 2 });
    expect((await member.api.get('/api/settings/team')).status).toBe(200);

    const back = await member.api.put('/api/session/current-company', { companyId: owner.companyId });
    expect(back.body.data).toEqual({ currentCompanyId: owner.companyId, role: 'staff' });
    expect((await seen()).customers).toEqual(['Cliente do Zeca']);
  });

  it('cannot switch to a company they do not belong to (404), nor to one that does not exist', async () => {
    const { server, owner } = setup;
    const stranger = await newSubscriber(server);
    const refused = await owner.api.put('/api/session/current-company', { companyId: stranger.companyId });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND', error: COMPANY_NOT_FOUND_TEXT });
    expect((await owner.api.put('/api/session/current-company', { companyId: randomUUID() })).status).toBe(
      404,
    );
    expect((await owner.api.put('/api/session/current-company', { companyId: 'nope' })).status).toBe(400);
    const current = await server.db.query<{ current_company_id: string }>(
      'SELECT current_company_id FROM users WHERE id = $1',
      [owner.account.userId],
    );
    expect(current.rows[0]?.current_company_id).toBe(owner.companyId);
    const unsigned = await fetch(`${server.url}/api/session/companies`);
    expect(unsigned.status).toBe(401);
  });

  it('moves their open realtime socket to the company they switch to; nobody else’s socket moves', async () => {
    const { server, owner } = setup;
    const own = await newSubscriber(server);
    const member = await joinTeam(server, owner, 'staff', { existing: own.account });
    const open = async (accessToken: string) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime`, [
        realtimeProtocol,
        accessToken,
      ]);
      const seen = {
        messages: [] as { type: string; payload?: { customerId?: string } }[],
        code: 0,
        reason: '',
      };
      socket.on('message', (data) => seen.messages.push(JSON.parse(data.toString())));
      socket.on('close', (code, reason) => {
        seen.code = code;
        seen.reason = reason.toString();
      });
      socket.on('error', () => {});
      await waitFor(() => seen.messages.some((m) => m.type === 'ready'), { what: 'the socket to be ready' });
      return { socket, seen };
    };
    const created = (seen: { messages: { type: string; payload?: { customerId?: string } }[] }) =>
      seen.messages.filter((m) => m.type === 'customer.created').map((m) => m.payload?.customerId);
    // What the company's sockets hear (as a WhatsApp message from a new number announces a customer).
    const newCustomer = async (companyId: string) => {
      const customerId = randomUUID();
      const event = realtimeEvent('customer.created', { customerId });
      await publishEvents(server.db, [{ companyId, event }]);
      return customerId;
    };

    const first = await open(member.account.accessToken);
    const owners = await open(owner.account.accessToken);
    const zeca = await newCustomer(owner.companyId);
    await waitFor(() => created(first.seen).includes(zeca), { what: 'the owner company’s event' });

    expect((await member.api.put('/api/session/current-company', { companyId: own.companyId })).status).toBe(
      200,
    );
    // The heartbeat is 30 s: a close well before it is the switch's doing.
    await waitFor(() => first.seen.code !== 0, { what: 'the socket to be moved', timeoutMs: 5_000 });
    expect(first.seen.code).toBe(realtimeCloseCodes.goingAway);
    expect(first.seen.reason).toBe(realtimeCloseReasons.companySwitched);

    const second = await open(member.account.accessToken);
    const zecaAgain = await newCustomer(owner.companyId);
    const mine = await newCustomer(own.companyId);
    await waitFor(() => created(second.seen).includes(mine), { what: 'the own company’s event' });
    // Both went out on one ordered channel: the owner company's, sent first, never came.
    expect(created(second.seen)).toEqual([mine]);
    expect(created(owners.seen)).toEqual([zeca, zecaAgain]);
    expect(owners.seen.code).toBe(0);
    expect(owners.seen.messages.some((m) => m.type === 'session.company.switched')).toBe(false);
    for (const { socket } of [second, owners]) socket.close();
  });
});
