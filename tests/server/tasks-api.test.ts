import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_EMPTY_TEXT,
  FOLLOW_UP_NEEDS_CUSTOMER_TEXT,
  type FollowUpMessage,
  TASK_DUE_REQUIRED_TEXT,
  TASK_TITLE_REQUIRED_TEXT,
  type Task,
  type TaskDetail,
} from '../../contracts/tasks';
import { createTestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi } from '../support/signed-in-api';
import { addCustomer, followUpJobs, followUpRow, type TaskAnswer, taskBody } from '../support/task-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const subscriber = () => newSubscriber(server);

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('creating a task', () => {
  it('answers 201 with the task, its customer and no follow-up', async () => {
    const { api, companyId, account } = await subscriber();
    const customer = await addCustomer(server.db, companyId, { name: 'Ana Lima' });
    const dueAt = inHours(3);
    const author = { userId: account.userId, name: 'Pessoa de Teste' };
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ title: '  Enviar orçamento  ', dueAt, customerId: customer.id, recurrence: 'weekly' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.task).toEqual({
      id: expect.any(String),
      title: 'Enviar orçamento',
      description: 'Bolo de chocolate para sábado',
      dueAt,
      status: 'pending',
      completedAt: null,
      recurrence: 'weekly',
      customer: { id: customer.id, name: 'Ana Lima', phone: customer.phone },
      referenceEntityName: null,
      referenceEntityId: null,
      overdue: false,
      assignee: author,
      createdBy: author,
      completedBy: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const detail = await api.get<TaskDetail>(`/api/tasks/${created.body.data.task.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual({
      task: created.body.data.task,
      showNubankWidget: true,
      activity: [
        {
          id: expect.any(String),
          action: 'task.created',
          actor: author,
          at: expect.any(String),
          taskId: created.body.data.task.id,
          dealId: null,
          customerId: customer.id,
          details: { title: 'Enviar orçamento', assignee: 'Pessoa de Teste' },
        },
      ],
    });
  });

  it('reads showNubankWidget from the company settings', async () => {
    const { api, companyId } = await subscriber();
    await server.db.query('UPDATE companies SET show_nubank_widget = false WHERE id = $1', [companyId]);
    const created = await api.post<TaskAnswer>('/api/tasks', taskBody());
    const detail = await api.get<TaskDetail>(`/api/tasks/${created.body.data.task.id}`);
    expect(detail.body.data.showNubankWidget).toBe(false);
  });

  it('marks a pending task due in the past as overdue, and keeps an empty description as none', async () => {
    const { api } = await subscriber();
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ dueAt: inHours(-1), description: '   ' }),
    );
    expect(created.body.data.task).toMatchObject({ overdue: true, description: null });
  });

  it('schedules a follow-up message at the due time and the task refers to it', async () => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId);
    const dueAt = inHours(5);
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ dueAt, customerId: customer.id, followUpMessage: '  Oi! Tudo certo para sábado?  ' }),
    );
    expect(created.status).toBe(201);
    const task = created.body.data.task;
    expect(task.referenceEntityName).toBe('follow_up_message');

    const followUp = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${task.referenceEntityId}`,
    );
    expect(followUp.status).toBe(200);
    expect(followUp.body.data.followUpMessage).toEqual({
      id: task.referenceEntityId,
      taskId: task.id,
      customerId: customer.id,
      message: 'Oi! Tudo certo para sábado?',
      scheduledFor: dueAt,
      status: 'scheduled',
      awaitingConnection: true,
      sentAs: null,
      sentAt: null,
      conversationMessageId: null,
      problem: null,
      lastError: null,
    });
    const jobs = await followUpJobs(server.db, task.referenceEntityId!);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'queued', run_at: new Date(dueAt).toISOString() });
    expect(jobs[0]!.idempotency_key).toBe(
      `followup.send:${task.referenceEntityId}:${jobs[0]!.payload.scheduledFor}`,
    );
    expect(new Date(jobs[0]!.payload.scheduledFor).toISOString()).toBe(dueAt);
  });

  it('refuses bad input field by field, writing nothing', async () => {
    const { api, companyId } = await subscriber();
    const withoutPhone = await addCustomer(server.db, companyId, { phone: null });
    const cases: [Record<string, unknown>, string, string][] = [
      [taskBody({ title: '   ' }), 'title', TASK_TITLE_REQUIRED_TEXT],
      [taskBody({ dueAt: 'amanhã cedo' }), 'dueAt', TASK_DUE_REQUIRED_TEXT],
      [taskBody({ dueAt: '2030-01-01T10:00:00' }), 'dueAt', TASK_DUE_REQUIRED_TEXT],
      [taskBody({ recurrence: 'hourly' }), 'recurrence', expect.any(String)],
      [taskBody({ title: 'x'.repeat(141) }), 'title', 'Use no máximo 140 caracteres.'],
      [taskBody({ colour: 'red' }), 'colour', 'Campo não permitido'],
      [
        taskBody({ followUpMessage: '   ', customerId: withoutPhone.id }),
        'followUpMessage',
        FOLLOW_UP_EMPTY_TEXT,
      ],
      [taskBody({ followUpMessage: 'Oi!' }), 'followUpMessage', FOLLOW_UP_NEEDS_CUSTOMER_TEXT],
      [
        taskBody({ followUpMessage: 'Oi!', customerId: withoutPhone.id }),
        'followUpMessage',
        FOLLOW_UP_NEEDS_CUSTOMER_TEXT,
      ],
      [
        taskBody({ customerId: '5b0e8f2c-1111-4b5c-9d7e-000000000000' }),
        'customerId',
        'Cliente não encontrado.',
      ],
      [taskBody({ customerId: 'cliente-1' }), 'customerId', 'Cliente não encontrado.'],
    ];
    for (const [body, path, message] of cases) {
      const answer = await api.post('/api/tasks', body);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(answer.body.issues, path).toContainEqual({ path, message });
    }
    const { rows } = await server.db.query('SELECT id FROM tasks WHERE company_id = $1', [companyId]);
    expect(rows).toHaveLength(0);
  });
});

describe('editing a task (a full replacement)', () => {
  async function taskWithFollowUp(api: SignedInApi, companyId: string, dueAt = inHours(4)) {
    const customer = await addCustomer(server.db, companyId);
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ dueAt, customerId: customer.id, followUpMessage: 'Oi, Maria!' }),
    );
    return { customer, task: created.body.data.task, body: taskBody({ dueAt, customerId: customer.id }) };
  }

  it('replaces every field', async () => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId, { name: 'João' });
    const created = await api.post<TaskAnswer>('/api/tasks', taskBody({ customerId: customer.id }));
    const dueAt = inHours(30);
    const updated = await api.put<TaskAnswer>(`/api/tasks/${created.body.data.task.id}`, {
      title: 'Cobrar sinal',
      dueAt,
      recurrence: 'monthly',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.task).toMatchObject({
      id: created.body.data.task.id,
      title: 'Cobrar sinal',
      description: null,
      dueAt,
      customer: null,
      recurrence: 'monthly',
      status: 'pending',
    });
  });

  it('edits the text of a scheduled message in place, keeping its job', async () => {
    const { api, companyId } = await subscriber();
    const { task, body } = await taskWithFollowUp(api, companyId);
    const updated = await api.put<TaskAnswer>(`/api/tasks/${task.id}`, {
      ...body,
      followUpMessage: 'Olá, Maria!',
    });
    expect(updated.body.data.task.referenceEntityId).toBe(task.referenceEntityId);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({
      body: 'Olá, Maria!',
      status: 'scheduled',
    });
    expect(await followUpJobs(server.db, task.referenceEntityId!)).toHaveLength(1);
  });

  it('reschedules the message when the due time moves: a new job at the new time', async () => {
    const { api, companyId } = await subscriber();
    const { task, body } = await taskWithFollowUp(api, companyId);
    const dueAt = inHours(28);
    await api.put(`/api/tasks/${task.id}`, { ...body, dueAt, followUpMessage: 'Oi, Maria!' });
    const message = await followUpRow(server.db, task.referenceEntityId!);
    expect(message).toMatchObject({ status: 'scheduled', scheduled_for: new Date(dueAt).toISOString() });
    const jobs = await followUpJobs(server.db, task.referenceEntityId!);
    expect(jobs.map((job) => job.run_at)).toEqual([
      new Date(body.dueAt as string).toISOString(),
      new Date(dueAt).toISOString(),
    ]);
    expect(new Set(jobs.map((job) => job.idempotency_key)).size).toBe(2);
  });

  it('removes the message when the text is removed', async () => {
    const { api, companyId } = await subscriber();
    const { task, body } = await taskWithFollowUp(api, companyId);
    const updated = await api.put<TaskAnswer>(`/api/tasks/${task.id}`, { ...body, followUpMessage: null });
    expect(updated.body.data.task).toMatchObject({ referenceEntityName: null, referenceEntityId: null });
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({ status: 'cancelled' });
    const followUp = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${task.referenceEntityId}`,
    );
    expect(followUp.body.data.followUpMessage).toMatchObject({
      status: 'cancelled',
      awaitingConnection: false,
    });
  });

  it('schedules a new message when the one it had was already sent and the text changes', async () => {
    const { api, companyId } = await subscriber();
    const { task, body } = await taskWithFollowUp(api, companyId);
    await server.db.query(`UPDATE follow_up_messages SET status = 'sent', sent_at = now() WHERE id = $1`, [
      task.referenceEntityId,
    ]);
    const same = await api.put<TaskAnswer>(`/api/tasks/${task.id}`, {
      ...body,
      followUpMessage: 'Oi, Maria!',
    });
    expect(same.body.data.task.referenceEntityId).toBe(task.referenceEntityId);

    const changed = await api.put<TaskAnswer>(`/api/tasks/${task.id}`, {
      ...body,
      followUpMessage: 'Voltando a falar',
    });
    const newId = changed.body.data.task.referenceEntityId!;
    expect(newId).not.toBe(task.referenceEntityId);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({
      status: 'sent',
      body: 'Oi, Maria!',
    });
    expect(await followUpRow(server.db, newId)).toMatchObject({
      status: 'scheduled',
      body: 'Voltando a falar',
    });
    expect(await followUpJobs(server.db, newId)).toHaveLength(1);
  });

  it('refuses a follow-up once the customer is removed from the task', async () => {
    const { api, companyId } = await subscriber();
    const { task, body } = await taskWithFollowUp(api, companyId);
    const answer = await api.put(`/api/tasks/${task.id}`, {
      ...body,
      customerId: null,
      followUpMessage: 'Oi',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: 'followUpMessage', message: FOLLOW_UP_NEEDS_CUSTOMER_TEXT }]);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({ status: 'scheduled' });
  });
});

describe('deleting', () => {
  it('deletes the task with its follow-up', async () => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId);
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ customerId: customer.id, followUpMessage: 'Oi!' }),
    );
    const { id, referenceEntityId } = created.body.data.task;
    const deleted = await api.delete(`/api/tasks/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true });
    expect((await api.get(`/api/tasks/${id}`)).status).toBe(404);
    expect(await followUpRow(server.db, referenceEntityId!)).toBeUndefined();
    expect((await api.get(`/api/followup/${referenceEntityId}`)).status).toBe(404);
    expect((await api.delete(`/api/tasks/${id}`)).status).toBe(404);
  });

  it('deleteFollowUp cancels only the message: the task stays and no longer refers to it', async () => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId);
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ customerId: customer.id, followUpMessage: 'Oi!' }),
    );
    const { id, referenceEntityId } = created.body.data.task;
    const answer = await api.delete<TaskAnswer>(`/api/tasks/${id}/follow-up`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.task).toMatchObject({
      id,
      title: created.body.data.task.title,
      customer: { id: customer.id },
      referenceEntityName: null,
      referenceEntityId: null,
    });
    expect(await followUpRow(server.db, referenceEntityId!)).toMatchObject({ status: 'cancelled' });
    // Again, and on a task without one: the task as it is.
    const again = await api.delete<TaskAnswer>(`/api/tasks/${id}/follow-up`);
    expect(again.status).toBe(200);
    expect(again.body.data.task.referenceEntityId).toBeNull();
  });

  it('a customer deleted with its messages leaves the task without a follow-up reference', async () => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId);
    const created = await api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ customerId: customer.id, followUpMessage: 'Oi!' }),
    );
    await server.db.query('DELETE FROM customers WHERE id = $1', [customer.id]);
    const detail = await api.get<TaskDetail>(`/api/tasks/${created.body.data.task.id}`);
    expect(detail.body.data.task).toMatchObject({
      customer: null,
      referenceEntityName: null,
      referenceEntityId: null,
    });
  });
});

describe('completing and reopening', () => {
  it('completes once, reopens, and sets the customer last contact', async () => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId);
    const created = await api.post<TaskAnswer>('/api/tasks', taskBody({ customerId: customer.id }));
    const id = created.body.data.task.id;

    const done = await api.post<{ task: Task; nextTask: Task | null }>(`/api/tasks/${id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ task: { status: 'completed', overdue: false }, nextTask: null });
    expect(done.body.data.task.completedAt).toEqual(expect.any(String));
    const { rows } = await server.db.query<{ last_contact_at: string | null }>(
      'SELECT last_contact_at FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(rows[0]!.last_contact_at).toBe(done.body.data.task.completedAt);

    const again = await api.post<{ task: Task; nextTask: Task | null }>(`/api/tasks/${id}/complete`);
    expect(again.body.data).toEqual({ task: done.body.data.task, nextTask: null });

    const reopened = await api.post<TaskAnswer>(`/api/tasks/${id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.task).toMatchObject({ status: 'pending', completedAt: null });
    const reopenedAgain = await api.post<TaskAnswer>(`/api/tasks/${id}/reopen`);
    expect(reopenedAgain.body.data.task).toMatchObject({ status: 'pending', completedAt: null });
  });
});

describe('who may call', () => {
  const routes = (taskId: string, messageId: string): [string, string][] => [
    ['GET', '/api/tasks'],
    ['GET', '/api/tasks/summary'],
    ['GET', `/api/tasks/${taskId}`],
    ['POST', '/api/tasks'],
    ['PUT', `/api/tasks/${taskId}`],
    ['DELETE', `/api/tasks/${taskId}`],
    ['DELETE', `/api/tasks/${taskId}/follow-up`],
    ['POST', `/api/tasks/${taskId}/complete`],
    ['POST', `/api/tasks/${taskId}/reopen`],
    ['GET', `/api/followup/${messageId}`],
  ];

  async function call(method: string, path: string, token?: string) {
    const withBody = method === 'PUT' || (method === 'POST' && path === '/api/tasks');
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(withBody && { 'content-type': 'application/json' }),
      },
      ...(withBody && { body: JSON.stringify(taskBody()) }),
    });
    return { status: response.status, body: (await response.json()) as { code?: string } };
  }

  it('401 without a session, 403 without a company, 402 without a current subscription', async () => {
    const noCompany = await createTestAccount(server.db, { company: false, signupComplete: false });
    const expired = await createTestAccount(server.db, { subscription: 'expired' });
    const noSubscription = await createTestAccount(server.db);
    const id = '5b0e8f2c-1111-4b5c-9d7e-000000000000';
    for (const [method, path] of routes(id, id)) {
      expect((await call(method, path)).status, `${method} ${path}`).toBe(401);
      expect(await call(method, path, noCompany.accessToken), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
      expect(await call(method, path, expired.accessToken), `${method} ${path}`).toMatchObject({
        status: 402,
        body: { code: 'SUBSCRIPTION_REQUIRED' },
      });
      expect((await call(method, path, noSubscription.accessToken)).status, `${method} ${path}`).toBe(402);
    }
  });

  it("another company's ids answer 404 on every route and nothing changes", async () => {
    const owner = await subscriber();
    const customer = await addCustomer(server.db, owner.companyId);
    const created = await owner.api.post<TaskAnswer>(
      '/api/tasks',
      taskBody({ customerId: customer.id, followUpMessage: 'Oi!', recurrence: 'daily' }),
    );
    const task = created.body.data.task;
    const before = await owner.api.get<TaskDetail>(`/api/tasks/${task.id}`);
    const messageBefore = await followUpRow(server.db, task.referenceEntityId!);

    const intruder = await subscriber();
    const attempts: [string, Promise<{ status: number; body: { code?: string; error?: string } }>][] = [
      ['get', intruder.api.get(`/api/tasks/${task.id}`)],
      ['put', intruder.api.put(`/api/tasks/${task.id}`, taskBody())],
      ['delete', intruder.api.delete(`/api/tasks/${task.id}`)],
      ['deleteFollowUp', intruder.api.delete(`/api/tasks/${task.id}/follow-up`)],
      ['complete', intruder.api.post(`/api/tasks/${task.id}/complete`)],
      ['reopen', intruder.api.post(`/api/tasks/${task.id}/reopen`)],
      ['followup', intruder.api.get(`/api/followup/${task.referenceEntityId}`)],
    ];
    for (const [name, attempt] of attempts) {
      const answer = await attempt;
      expect(answer.status, name).toBe(404);
      expect(answer.body.code, name).toBe('NOT_FOUND');
    }
    const list = await intruder.api.get<{ tasks: Task[] }>('/api/tasks?filter=future');
    const today = await intruder.api.get<{ tasks: Task[] }>('/api/tasks?filter=today');
    expect([...list.body.data.tasks, ...today.body.data.tasks]).toEqual([]);
    expect((await intruder.api.get('/api/tasks/summary')).body.data).toEqual({
      today: 0,
      future: 0,
      completed: 0,
      overdue: 0,
    });
    const borrowing = await intruder.api.post('/api/tasks', taskBody({ customerId: customer.id }));
    expect(borrowing.status).toBe(400);
    expect(borrowing.body.issues).toEqual([{ path: 'customerId', message: 'Cliente não encontrado.' }]);

    expect((await owner.api.get<TaskDetail>(`/api/tasks/${task.id}`)).body.data).toEqual(before.body.data);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toEqual(messageBefore);
    const { rows } = await server.db.query('SELECT id FROM tasks WHERE company_id = $1', [owner.companyId]);
    expect(rows).toHaveLength(1);
  });

  it('a malformed id is the same 404', async () => {
    const { api } = await subscriber();
    for (const answer of [
      await api.get('/api/tasks/nao-e-uma-tarefa'),
      await api.put('/api/tasks/nao-e-uma-tarefa', taskBody()),
      await api.delete('/api/tasks/nao-e-uma-tarefa'),
      await api.delete('/api/tasks/nao-e-uma-tarefa/follow-up'),
      await api.post('/api/tasks/nao-e-uma-tarefa/complete'),
      await api.post('/api/tasks/nao-e-uma-tarefa/reopen'),
    ]) {
      expect(answer).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', error: 'Tarefa não encontrada.' },
      });
    }
    expect(await api.get('/api/followup/nao-e-uma-mensagem')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', error: 'Mensagem de follow-up não encontrada.' },
    });
  });
});
