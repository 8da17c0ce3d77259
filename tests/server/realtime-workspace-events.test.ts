import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../contracts/customers';
import type { Deal, DealStage } from '../../contracts/sales';
import type { Task } from '../../contracts/tasks';
import { waitFor } from '../support/db';
import { type LiveEvents, openLiveEvents } from '../support/live-events';
import { newSubscriber, withSubscriberServer } from '../support/signed-in-api';
import { taskBody } from '../support/task-fixtures';
import { joinTeam } from '../support/team';

/**
 * What one member does in the workspace reaches the open tabs of everyone in the company at once
 * (the web app refetches the lists, the board, the home and the customers' pages on these events),
 * and nobody else's: a customer created, saved, imported, erased or deleted, a task created (a
 * recurring one's next occurrence too), saved, completed, reopened or deleted, a deal created,
 * saved, moved or deleted. A request that fails announces nothing.
 */

const setup = withSubscriberServer();
const tabs: LiveEvents[] = [];

afterEach(() => {
  for (const tab of tabs.splice(0)) tab.close();
});

async function tab(accessToken: string): Promise<LiveEvents> {
  const opened = await openLiveEvents(setup.server.url, accessToken);
  tabs.push(opened);
  return opened;
}

/** The owner's teammate and a stranger, each with a tab open. */
async function audience() {
  const member = await joinTeam(setup.server, setup.owner, 'staff');
  const stranger = await newSubscriber(setup.server);
  return {
    teammate: await tab(member.account.accessToken),
    stranger: await tab(stranger.account.accessToken),
  };
}

/** A customer the owner saves through the API (201 asserted); their id. */
async function newCustomer(name: string, phone?: string): Promise<string> {
  const created = await setup.owner.api.post<{ customer: Customer }>('/api/customers', { name, phone });
  expect(created.status).toBe(201);
  return created.body.data.customer.id;
}

/** Published events travel through the database: what arrives, arrives within moments. */
const heard = (what: string, check: () => boolean) => waitFor(check, { what });

describe('announced to the company, at commit', () => {
  it('a customer created through the API; not a refused one', async () => {
    const { teammate, stranger } = await audience();
    const created = await setup.owner.api.post<{ customer: Customer }>('/api/customers', {
      name: 'Beatriz Lima',
      phone: '(11) 98877-1001',
    });
    expect(created.status).toBe(201);
    const customerId = created.body.data.customer.id;
    await heard('customer.created', () =>
      teammate.of('customer.created').some((event) => event.payload.customerId === customerId),
    );

    const duplicate = await setup.owner.api.post('/api/customers', {
      name: 'Outra Beatriz',
      phone: '(11) 98877-1001',
    });
    expect(duplicate.status).toBe(409);
    // A marker after the refused request: once it arrives, anything the 409 had sent would have too.
    const marker = await setup.owner.api.post<{ customer: Customer }>('/api/customers', { name: 'Marcador' });
    const markerId = marker.body.data.customer.id;
    await heard('the marker', () =>
      teammate.of('customer.created').some((event) => event.payload.customerId === markerId),
    );
    expect(teammate.of('customer.created').map((event) => event.payload.customerId)).toEqual([
      customerId,
      markerId,
    ]);
    expect(stranger.of('customer.created')).toEqual([]);
  });

  it('a customer saved, imported, erased and deleted; not a refused save or a batch sent again', async () => {
    const { teammate, stranger } = await audience();
    const customerId = await newCustomer('Rita Campos', '(11) 98877-1003');
    const otherId = await newCustomer('Otávio Reis');
    const changes = () => teammate.of('customer.changed').map((event) => event.payload);

    const saved = await setup.owner.api.put(`/api/customers/${customerId}`, {
      name: 'Rita Campos Lima',
      phone: '(11) 98877-1003',
    });
    expect(saved.status).toBe(200);
    // Refused: the phone is Rita's.
    const refused = await setup.owner.api.put(`/api/customers/${otherId}`, {
      name: 'Otávio Reis',
      phone: '(11) 98877-1003',
    });
    expect(refused.status).toBe(409);
    const batch = {
      importId: randomUUID(),
      batch: 0,
      rows: [{ line: 1, name: 'Importada Um', phone: '11 91111-2222' }],
    };
    expect((await setup.owner.api.post('/api/customers/import', batch)).status).toBe(200);
    expect((await setup.owner.api.post('/api/customers/import', batch)).status).toBe(200);
    const erased = await setup.owner.api.post(`/api/customers/${customerId}/erase`, {
      confirm: 'Rita Campos Lima',
    });
    expect(erased.status).toBe(200);
    expect((await setup.owner.api.delete(`/api/customers/${otherId}`)).status).toBe(200);
    await heard('customer.changed on delete', () => changes().some((change) => change.change === 'deleted'));

    expect(changes()).toEqual([
      { customerId, change: 'updated' },
      { customerId: null, change: 'imported' },
      { customerId, change: 'erased' },
      { customerId: otherId, change: 'deleted' },
    ]);
    expect(stranger.of('customer.changed')).toEqual([]);
  });

  it('a task created, and the next occurrence completing a recurring one creates, with their customer', async () => {
    const { teammate, stranger } = await audience();
    const customerId = await newCustomer('Lia Prado', '(11) 98877-1006');
    const created = await setup.owner.api.post<{ task: Task }>(
      '/api/tasks',
      taskBody({ title: 'Regar as plantas da loja', recurrence: 'daily', customerId }),
    );
    expect(created.status).toBe(201);
    const taskId = created.body.data.task.id;
    await heard('task.created', () =>
      teammate.of('task.created').some((event) => event.payload.taskId === taskId),
    );

    const completed = await setup.owner.api.post<{ task: Task; nextTask: Task | null }>(
      `/api/tasks/${taskId}/complete`,
    );
    expect(completed.status).toBe(200);
    const nextId = completed.body.data.nextTask?.id;
    expect(nextId).toBeDefined();
    await heard('task.created of the next occurrence', () =>
      teammate.of('task.created').some((event) => event.payload.taskId === nextId),
    );
    expect(teammate.of('task.created').map((event) => event.payload)).toEqual([
      { taskId, customerId },
      { taskId: nextId, customerId },
    ]);
    expect(stranger.of('task.created')).toEqual([]);
  });

  it('a task saved, completed, reopened, stripped of its follow-up and deleted, with its customer; not a refused one', async () => {
    const { teammate, stranger } = await audience();
    const customerId = await newCustomer('Joana Prado', '(11) 98877-1002');
    const created = await setup.owner.api.post<{ task: Task }>(
      '/api/tasks',
      taskBody({ title: 'Enviar orçamento', customerId, followUpMessage: 'Oi Joana, segue o orçamento!' }),
    );
    expect(created.status).toBe(201);
    const taskId = created.body.data.task.id;
    const changes = () => teammate.of('task.changed').map((event) => event.payload);

    const saved = await setup.owner.api.put<{ task: Task }>(
      `/api/tasks/${taskId}`,
      taskBody({
        title: 'Enviar orçamento revisado',
        customerId,
        followUpMessage: 'Oi Joana, orçamento novo!',
      }),
    );
    expect(saved.status).toBe(200);
    await heard('task.changed on save', () => changes().length === 1);
    // Completing an already completed task changes nothing, and says nothing.
    for (const path of ['complete', 'complete', 'reopen']) {
      expect((await setup.owner.api.post(`/api/tasks/${taskId}/${path}`)).status).toBe(200);
    }
    await heard('task.changed on complete and reopen', () => changes().length === 3);
    expect((await setup.owner.api.delete(`/api/tasks/${taskId}/follow-up`)).status).toBe(200);
    await heard('task.changed on removing the follow-up', () => changes().length === 4);
    // Refused: a save without a title writes nothing and announces nothing.
    const refused = await setup.owner.api.put(`/api/tasks/${taskId}`, taskBody({ title: '' }));
    expect(refused.status).toBe(400);
    expect((await setup.owner.api.delete(`/api/tasks/${taskId}`)).status).toBe(200);
    await heard('task.changed on delete', () => changes().length === 5);

    const change = (kind: string) => ({ taskId, customerId, change: kind });
    expect(changes()).toEqual([
      change('updated'),
      change('completed'),
      change('reopened'),
      change('updated'),
      change('deleted'),
    ]);
    expect(stranger.of('task.changed')).toEqual([]);
  });

  it('a deal created, saved, moved to a won stage and deleted, with the stage it stands in', async () => {
    const { teammate, stranger } = await audience();
    const { stages } = (await setup.owner.api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data;
    const stage = (name: string) => stages.find((s) => s.name === name)!;
    const dealEvents = () => teammate.of('deal.updated').map((event) => event.payload);

    const created = await setup.owner.api.post<{ deal: Deal }>('/api/sales/deals', {
      title: 'Bolo de casamento',
      valueCents: 45_000,
    });
    expect(created.status).toBe(201);
    const dealId = created.body.data.deal.id;
    const first = { dealId, stageId: stage('Novo contato').id, status: 'open' };
    await heard('deal.updated on create', () => dealEvents().length === 1);

    const saved = await setup.owner.api.put<{ deal: Deal }>(`/api/sales/deals/${dealId}`, {
      title: 'Bolo de casamento (3 andares)',
      valueCents: 60_000,
    });
    expect(saved.status).toBe(200);
    await heard('deal.updated on save', () => dealEvents().length === 2);

    const moved = await setup.owner.api.post<{ deal: Deal }>(`/api/sales/deals/${dealId}/move`, {
      stageId: stage('Fechado ganho').id,
      index: 0,
    });
    expect(moved.status).toBe(200);
    await heard('deal.updated on move', () => dealEvents().length === 3);

    expect((await setup.owner.api.delete(`/api/sales/deals/${dealId}`)).status).toBe(200);
    await heard('deal.updated on delete', () => dealEvents().length === 4);

    expect(dealEvents()).toEqual([
      first,
      first,
      { dealId, stageId: stage('Fechado ganho').id, status: 'won' },
      { dealId },
    ]);
    expect(stranger.of('deal.updated')).toEqual([]);
  });

  it('a deal about customers names them, so their pages refetch: both of a save that changed it', async () => {
    const { teammate } = await audience();
    const ana = await newCustomer('Ana Lopes', '(11) 98877-1004');
    const bia = await newCustomer('Bia Lopes', '(11) 98877-1005');
    const { stages } = (await setup.owner.api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data;
    const customersOf = () => teammate.of('deal.updated').map((event) => event.payload.customerIds);

    const created = await setup.owner.api.post<{ deal: Deal }>('/api/sales/deals', {
      title: 'Kit festa',
      valueCents: 35_000,
      customerId: ana,
    });
    const dealId = created.body.data.deal.id;
    const saved = await setup.owner.api.put(`/api/sales/deals/${dealId}`, {
      title: 'Kit festa',
      valueCents: 35_000,
      customerId: bia,
    });
    expect(saved.status).toBe(200);
    const moved = await setup.owner.api.post(`/api/sales/deals/${dealId}/move`, {
      stageId: stages[1]!.id,
      index: 0,
    });
    expect(moved.status).toBe(200);
    expect((await setup.owner.api.delete(`/api/sales/deals/${dealId}`)).status).toBe(200);
    await heard('four deal.updated', () => customersOf().length === 4);
    expect(customersOf()).toEqual([[ana], [ana, bia], [bia], [bia]]);
  });
});
