import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActivityEvent, ASSIGNEE_NOT_MEMBER_TEXT } from '../../contracts/activity';
import type { Role } from '../../contracts/roles';
import type { Deal, DealStage, SalesBoard } from '../../contracts/sales';
import type { Task, TaskDetail, TaskSummary, TasksPage } from '../../contracts/tasks';
import { createTestAccount, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { type SignedInApi, signedInApi } from '../support/signed-in-api';
import { addCustomer, type TaskAnswer, taskBody } from '../support/task-fixtures';

/**
 * Assignees and who did what (issue 15), over HTTP against the real server and database: the
 * members list, tasks' and deals' assignee (default, explicit, "sem responsável", a stranger's
 * refused), the "minhas" filters, the activity lines with their authors, the customer's timeline,
 * and a member of two companies seeing only the current one's lines.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Member {
  account: TestAccount;
  api: SignedInApi;
  userId: string;
  name: string;
}

interface Team {
  companyId: string;
  owner: Member;
  /** Call to add a member with a role (their current company is this one). */
  join(name: string, role?: Role): Promise<Member>;
}

async function team(ownerName = 'Ana Dona'): Promise<Team> {
  const account = await createTestAccount(server.db, { subscription: 'active', name: ownerName });
  const companyId = account.companyId!;
  const owner = { account, api: signedInApi(server.url, account), userId: account.userId, name: ownerName };
  return {
    companyId,
    owner,
    join: (name, role = 'staff') => joinCompany(companyId, name, role),
  };
}

/** A person who joined the company with `role` and works in it now. */
async function joinCompany(companyId: string, name: string, role: Role, existing?: Member): Promise<Member> {
  const account = existing?.account ?? (await createTestAccount(server.db, { company: false, name }));
  await server.db.query('INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, $3)', [
    companyId,
    account.userId,
    role,
  ]);
  await server.db.query('UPDATE users SET current_company_id = $1 WHERE id = $2', [
    companyId,
    account.userId,
  ]);
  return existing ?? { account, api: signedInApi(server.url, account), userId: account.userId, name };
}

const person = (member: Member) => ({ userId: member.userId, name: member.name });
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function stages(api: SignedInApi): Promise<DealStage[]> {
  return (await api.get<{ stages: DealStage[] }>('/api/sales/stages')).body.data.stages;
}

async function activityRows(companyId: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM activity_events WHERE company_id = $1',
    [companyId],
  );
  return rows[0]!.n;
}

describe('GET /api/team/members', () => {
  it("lists the company's members, owners first, with e-mail and role, to any role", async () => {
    const company = await team('Ana Dona');
    const bruno = await company.join('Bruno Atendente', 'staff');
    const carla = await company.join('Carla Gerente', 'manager');
    await team('Outra Empresa');

    const answer = await bruno.api.get<{ members: { userId: string; name: string; role: Role }[] }>(
      '/api/team/members',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.members).toEqual([
      { userId: company.owner.userId, name: 'Ana Dona', email: company.owner.account.email, role: 'owner' },
      { userId: carla.userId, name: 'Carla Gerente', email: carla.account.email, role: 'manager' },
      { userId: bruno.userId, name: 'Bruno Atendente', email: bruno.account.email, role: 'staff' },
    ]);
  });

  it('401 without a session', async () => {
    const response = await fetch(`${server.url}/api/team/members`);
    expect(response.status).toBe(401);
  });
});

describe('a task’s assignee', () => {
  it('defaults to whoever created it, takes a member named in the body, and null is "sem responsável"', async () => {
    const company = await team();
    const bruno = await company.join('Bruno Atendente');

    const own = await bruno.api.post<TaskAnswer>('/api/tasks', taskBody());
    expect(own.status).toBe(201);
    expect(own.body.data.task).toMatchObject({ assignee: person(bruno), createdBy: person(bruno) });

    const forAna = await bruno.api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ assigneeUserId: company.owner.userId }),
    );
    expect(forAna.body.data.task).toMatchObject({
      assignee: person(company.owner),
      createdBy: person(bruno),
    });

    const nobody = await bruno.api.post<TaskAnswer>('/api/tasks', taskBody({ assigneeUserId: null }));
    expect(nobody.body.data.task).toMatchObject({ assignee: null, createdBy: person(bruno) });
  });

  it('refuses someone who is not a member (another company’s, unknown, malformed) as a 400 on assigneeUserId, writing nothing', async () => {
    const company = await team();
    const other = await team('Outra Dona');
    const before = await activityRows(company.companyId);
    for (const assigneeUserId of [other.owner.userId, crypto.randomUUID(), 'não-é-um-id']) {
      const refused = await company.owner.api.post('/api/tasks', taskBody({ assigneeUserId }));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'assigneeUserId', message: ASSIGNEE_NOT_MEMBER_TEXT }],
      });
    }
    const { rows } = await server.db.query('SELECT 1 FROM tasks WHERE company_id = $1', [company.companyId]);
    expect(rows).toHaveLength(0);
    expect(await activityRows(company.companyId)).toBe(before);
  });

  it('an edit without assigneeUserId keeps it; a new one is recorded as task.assigned by whoever changed it', async () => {
    const company = await team();
    const bruno = await company.join('Bruno Atendente');
    const created = (await company.owner.api.post<TaskAnswer>('/api/tasks', taskBody({ title: 'Orçamento' })))
      .body.data.task;

    const kept = await company.owner.api.put<TaskAnswer>(
      `/api/tasks/${created.id}`,
      taskBody({ title: 'Orçamento' }),
    );
    expect(kept.body.data.task.assignee).toEqual(person(company.owner));

    const moved = await company.owner.api.put<TaskAnswer>(
      `/api/tasks/${created.id}`,
      taskBody({ title: 'Orçamento', assigneeUserId: bruno.userId }),
    );
    expect(moved.body.data.task.assignee).toEqual(person(bruno));

    const detail = await bruno.api.get<TaskDetail>(`/api/tasks/${created.id}`);
    expect(detail.body.data.activity.map((line) => [line.action, line.actor?.name, line.details])).toEqual([
      ['task.created', 'Ana Dona', { title: 'Orçamento', assignee: 'Ana Dona' }],
      ['task.assigned', 'Ana Dona', { title: 'Orçamento', assignee: 'Bruno Atendente' }],
    ]);
  });

  it('completion, reopening and deletion name who did them; the task shows completedBy', async () => {
    const company = await team();
    const bruno = await company.join('Bruno Atendente');
    const customer = await addCustomer(server.db, company.companyId, { name: 'Maria Cliente' });
    const task = (
      await company.owner.api.post<TaskAnswer>(
        '/api/tasks',
        taskBody({ title: 'Entregar bolo', customerId: customer.id }),
      )
    ).body.data.task;

    const done = await bruno.api.post<{ task: Task }>(`/api/tasks/${task.id}/complete`);
    expect(done.body.data.task).toMatchObject({ status: 'completed', completedBy: person(bruno) });
    const reopened = await company.owner.api.post<{ task: Task }>(`/api/tasks/${task.id}/reopen`);
    expect(reopened.body.data.task).toMatchObject({ status: 'pending', completedBy: null });

    const detail = await company.owner.api.get<TaskDetail>(`/api/tasks/${task.id}`);
    expect(detail.body.data.activity.map((line) => [line.action, line.actor?.name])).toEqual([
      ['task.created', 'Ana Dona'],
      ['task.completed', 'Bruno Atendente'],
      ['task.reopened', 'Ana Dona'],
    ]);

    expect((await bruno.api.delete(`/api/tasks/${task.id}`)).status).toBe(200);
    const timeline = await company.owner.api.get<{ events: ActivityEvent[] }>(
      `/api/customers/${customer.id}/activity`,
    );
    expect(timeline.body.data.events[0]).toMatchObject({
      action: 'task.deleted',
      actor: person(bruno),
      taskId: task.id,
      customerId: customer.id,
      details: { title: 'Entregar bolo' },
    });
  });
});

describe('"minhas" / "de todos" on the task lists and the summary', () => {
  it('assignee=me lists and counts only the caller’s tasks; all (the default) everyone’s', async () => {
    const company = await team();
    const bruno = await company.join('Bruno Atendente');
    // Overdue and future do not depend on the company's day, so the test holds at any hour.
    const past = inHours(-1);
    await company.owner.api.post('/api/tasks', taskBody({ title: 'Da Ana', dueAt: past }));
    await bruno.api.post('/api/tasks', taskBody({ title: 'Do Bruno', dueAt: past }));
    await company.owner.api.post(
      '/api/tasks',
      taskBody({ title: 'Para o Bruno', dueAt: inHours(48), assigneeUserId: bruno.userId }),
    );

    const titles = async (api: SignedInApi, query: string) =>
      (await api.get<TasksPage>(`/api/tasks?${query}`)).body.data.tasks.map((task) => task.title).sort();
    expect(await titles(bruno.api, 'filter=overdue')).toEqual(['Da Ana', 'Do Bruno']);
    expect(await titles(bruno.api, 'filter=overdue&assignee=all')).toEqual(['Da Ana', 'Do Bruno']);
    expect(await titles(bruno.api, 'filter=overdue&assignee=me')).toEqual(['Do Bruno']);
    expect(await titles(bruno.api, 'filter=future&assignee=me')).toEqual(['Para o Bruno']);
    expect(await titles(company.owner.api, 'filter=future&assignee=me')).toEqual([]);

    const mine = await bruno.api.get<TaskSummary>('/api/tasks/summary?assignee=me');
    expect(mine.body.data).toEqual({ today: expect.any(Number), future: 1, completed: 0, overdue: 1 });
    const everyone = await bruno.api.get<TaskSummary>('/api/tasks/summary');
    expect(everyone.body.data).toMatchObject({ future: 1, overdue: 2 });
  });

  it('a filter that is neither is a 400', async () => {
    const company = await team();
    const answer = await company.owner.api.get('/api/tasks?assignee=eu');
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
  });
});

describe('a deal’s assignee and history', () => {
  it('defaults to its creator; the board and a stage’s page filter "minhas"; moves and wins name who made them', async () => {
    const company = await team();
    const bruno = await company.join('Bruno Atendente');
    const [novo, negociacao, , ganho] = await stages(company.owner.api);
    const mine = (
      await bruno.api.post<{ deal: Deal }>('/api/sales/deals', { title: 'Kit festa', valueCents: 10_000 })
    ).body.data.deal;
    expect(mine).toMatchObject({ assignee: person(bruno), createdBy: person(bruno) });
    const anas = (
      await company.owner.api.post<{ deal: Deal }>('/api/sales/deals', { title: 'Bolo', valueCents: 5_000 })
    ).body.data.deal;

    const board = await bruno.api.get<SalesBoard>('/api/sales/board?assignee=me');
    const first = board.body.data.columns.find((column) => column.stage.id === novo!.id)!;
    expect(first.deals.map((deal) => deal.title)).toEqual(['Kit festa']);
    expect(first).toMatchObject({ totalCount: 1, totalValueCents: 10_000 });
    const page = await bruno.api.get<{ deals: { id: string }[] }>(
      `/api/sales/stages/${novo!.id}/deals?assignee=me`,
    );
    expect(page.body.data.deals.map((deal) => deal.id)).toEqual([mine.id]);
    const all = await bruno.api.get<SalesBoard>('/api/sales/board');
    expect(all.body.data.columns.find((column) => column.stage.id === novo!.id)!.totalCount).toBe(2);

    await company.owner.api.post(`/api/sales/deals/${mine.id}/move`, { stageId: negociacao!.id, index: 0 });
    await bruno.api.post(`/api/sales/deals/${mine.id}/move`, { stageId: ganho!.id, index: 0 });
    // A move within the same stage is no change of stage: nothing recorded.
    await bruno.api.post(`/api/sales/deals/${mine.id}/move`, { stageId: ganho!.id, index: 3 });
    await company.owner.api.put(`/api/sales/deals/${mine.id}`, {
      title: 'Kit festa',
      valueCents: 10_000,
      assigneeUserId: company.owner.userId,
    });

    const detail = await bruno.api.get<{ deal: Deal; activity: ActivityEvent[] }>(
      `/api/sales/deals/${mine.id}`,
    );
    expect(detail.body.data.deal.assignee).toEqual(person(company.owner));
    expect(detail.body.data.activity.map((line) => [line.action, line.actor?.name, line.details])).toEqual([
      [
        'deal.created',
        'Bruno Atendente',
        { title: 'Kit festa', toStage: 'Novo contato', assignee: 'Bruno Atendente' },
      ],
      ['deal.moved', 'Ana Dona', { title: 'Kit festa', fromStage: 'Novo contato', toStage: 'Em negociação' }],
      [
        'deal.won',
        'Bruno Atendente',
        { title: 'Kit festa', fromStage: 'Em negociação', toStage: 'Fechado ganho' },
      ],
      ['deal.assigned', 'Ana Dona', { title: 'Kit festa', assignee: 'Ana Dona' }],
    ]);

    expect((await bruno.api.delete(`/api/sales/deals/${anas.id}`)).status).toBe(200);
    const { rows } = await server.db.query<{ action: string; actor_user_id: string; details: unknown }>(
      'SELECT action, actor_user_id, details FROM activity_events WHERE company_id = $1 AND deal_id = $2 ORDER BY at, id',
      [company.companyId, anas.id],
    );
    expect(rows.at(-1)).toEqual({
      action: 'deal.deleted',
      actor_user_id: bruno.userId,
      details: { title: 'Bolo' },
    });
  });

  it('refuses a stranger as assignee, on create and on edit, writing nothing', async () => {
    const company = await team();
    const other = await team('Outra Dona');
    const refused = await company.owner.api.post('/api/sales/deals', {
      title: 'X',
      valueCents: 1,
      assigneeUserId: other.owner.userId,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'assigneeUserId', message: ASSIGNEE_NOT_MEMBER_TEXT }]);
    const { rows } = await server.db.query('SELECT 1 FROM deals WHERE company_id = $1', [company.companyId]);
    expect(rows).toHaveLength(0);
  });
});

describe("the customer's activity", () => {
  it('is paged newest first with a cursor, and 404 for another company’s customer', async () => {
    const company = await team();
    const customer = await addCustomer(server.db, company.companyId);
    for (const title of ['Um', 'Dois', 'Três']) {
      await company.owner.api.post('/api/tasks', taskBody({ title, customerId: customer.id }));
    }
    const first = await company.owner.api.get<{ events: ActivityEvent[]; pageInfo: { endCursor: string } }>(
      `/api/customers/${customer.id}/activity?limit=2`,
    );
    expect(first.body.data.events.map((line) => line.details.title)).toEqual(['Três', 'Dois']);
    expect(first.body.data.pageInfo.endCursor).toEqual(expect.any(String));
    const second = await company.owner.api.get<{
      events: ActivityEvent[];
      pageInfo: { hasNextPage: boolean };
    }>(`/api/customers/${customer.id}/activity?limit=2&cursor=${first.body.data.pageInfo.endCursor}`);
    expect(second.body.data.events.map((line) => line.details.title)).toEqual(['Um']);
    expect(second.body.data.pageInfo.hasNextPage).toBe(false);

    const other = await team('Outra Dona');
    expect((await other.owner.api.get(`/api/customers/${customer.id}/activity`)).status).toBe(404);
    const bad = await company.owner.api.get(`/api/customers/${customer.id}/activity?cursor=xyz`);
    expect(bad.status).toBe(400);
  });

  it('a member of two companies sees only the current company’s lines and members', async () => {
    const first = await team('Ana Primeira');
    const second = await team('Beatriz Segunda');
    const carlos = await first.join('Carlos Dois Lados', 'manager');
    const customerOfFirst = await addCustomer(server.db, first.companyId);
    const task = (
      await carlos.api.post<TaskAnswer>('/api/tasks', taskBody({ customerId: customerOfFirst.id }))
    ).body.data.task;

    await joinCompany(second.companyId, carlos.name, 'staff', carlos);
    expect((await carlos.api.get(`/api/tasks/${task.id}`)).status).toBe(404);
    expect((await carlos.api.get(`/api/customers/${customerOfFirst.id}/activity`)).status).toBe(404);
    const members = await carlos.api.get<{ members: { userId: string }[] }>('/api/team/members');
    expect(members.body.data.members.map((member) => member.userId)).toEqual([
      second.owner.userId,
      carlos.userId,
    ]);
    // Ana of the first company is no member of the second: not an assignee there.
    const refused = await carlos.api.post('/api/tasks', taskBody({ assigneeUserId: first.owner.userId }));
    expect(refused.status).toBe(400);
    for (const filter of ['today', 'future']) {
      const mine = await carlos.api.get<TasksPage>(`/api/tasks?filter=${filter}&assignee=me`);
      expect(mine.body.data.tasks).toEqual([]);
    }
  });

  it('the LGPD export carries it; the erase clears the lines’ details but keeps who and when', async () => {
    const company = await team();
    const customer = await addCustomer(server.db, company.companyId, { name: 'Maria Cliente' });
    await company.owner.api.post(
      '/api/tasks',
      taskBody({ title: 'Ligar para Maria Cliente', customerId: customer.id }),
    );

    const exported = await fetch(`${server.url}/api/customers/${customer.id}/data-export`, {
      headers: { authorization: `Bearer ${company.owner.account.accessToken}` },
    });
    expect(exported.status).toBe(200);
    const file = (await exported.json()) as { activity: ActivityEvent[] };
    expect(file.activity.map((line) => [line.action, line.actor?.name, line.details.title])).toEqual([
      ['task.created', 'Ana Dona', 'Ligar para Maria Cliente'],
    ]);

    const erased = await company.owner.api.post(`/api/customers/${customer.id}/erase`, {
      confirm: 'Maria Cliente',
    });
    expect(erased.status).toBe(200);
    const timeline = await company.owner.api.get<{ events: ActivityEvent[] }>(
      `/api/customers/${customer.id}/activity`,
    );
    expect(timeline.body.data.events).toEqual([
      expect.objectContaining({ action: 'task.created', actor: person(company.owner), details: {} }),
    ]);
  });
});
