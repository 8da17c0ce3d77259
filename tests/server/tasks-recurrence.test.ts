import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FollowUpMessage, type Recurrence, recurrenceDays, type Task } from '../../contracts/tasks';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi } from '../support/signed-in-api';
import { addCustomer, dbNow, followUpJobs, type TaskAnswer, taskBody } from '../support/task-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY_MS = 86_400_000;
type Completed = { task: Task; nextTask: Task | null };

const subscriber = () => newSubscriber(server);

async function recurringTask(
  api: SignedInApi,
  recurrence: Recurrence,
  dueAt: Date,
  extra: Record<string, unknown> = {},
) {
  const created = await api.post<TaskAnswer>(
    '/api/tasks',
    taskBody({ title: `Repetir (${recurrence})`, dueAt: dueAt.toISOString(), recurrence, ...extra }),
  );
  expect(created.status).toBe(201);
  return created.body.data.task;
}

describe('completing a recurring task', () => {
  const intervals = Object.entries(recurrenceDays) as [Exclude<Recurrence, 'none'>, number][];

  it.each(intervals)('%s: the next occurrence is due %i days after this one', async (recurrence, days) => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId, { name: 'Cliente Fiel' });
    const dueAt = new Date((await dbNow(server.db)).getTime() + 2 * 3_600_000);
    const task = await recurringTask(api, recurrence, dueAt, {
      customerId: customer.id,
      description: 'Mesmo pedido de sempre',
    });

    const done = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.data.task).toMatchObject({ id: task.id, status: 'completed' });
    expect(done.body.data.nextTask).toEqual({
      id: expect.any(String),
      title: task.title,
      description: 'Mesmo pedido de sempre',
      dueAt: new Date(dueAt.getTime() + days * DAY_MS).toISOString(),
      status: 'pending',
      completedAt: null,
      recurrence,
      customer: task.customer,
      referenceEntityName: null,
      referenceEntityId: null,
      overdue: false,
      // The series stays with the same person, and keeps its author.
      assignee: task.assignee,
      createdBy: task.createdBy,
      completedBy: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it.each(intervals)(
    '%s: missed periods are skipped, the next one is later than now',
    async (recurrence, days) => {
      const { api } = await subscriber();
      const now = await dbNow(server.db);
      // Two and a half periods late: the next occurrence is the third period after the due time.
      const dueAt = new Date(now.getTime() - 2.5 * days * DAY_MS);
      const task = await recurringTask(api, recurrence, dueAt);
      const done = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
      expect(done.body.data.nextTask!.dueAt).toBe(
        new Date(dueAt.getTime() + 3 * days * DAY_MS).toISOString(),
      );
      expect(done.body.data.nextTask!.overdue).toBe(false);
    },
  );

  it('keeps the local time of day across daylight saving time changes (company time zone)', async () => {
    const { api, companyId } = await subscriber();
    await server.db.query(`UPDATE companies SET timezone = 'America/New_York' WHERE id = $1`, [companyId]);
    const weekdayAndTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    // Fridays at 09:00 in New York, one in winter time (EST) and one in summer time (EDT): whichever
    // the next Friday is in, one of them crosses a change of the clocks.
    for (const dueAt of ['2024-03-08T14:00:00Z', '2024-07-05T13:00:00Z']) {
      const task = await recurringTask(api, 'weekly', new Date(dueAt));
      const done = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
      const next = new Date(done.body.data.nextTask!.dueAt);
      expect(weekdayAndTime.format(next), dueAt).toBe('Fri 09:00');
      const ahead = next.getTime() - (await dbNow(server.db)).getTime();
      expect(ahead, dueAt).toBeGreaterThan(0);
      expect(ahead, dueAt).toBeLessThanOrEqual(7 * DAY_MS + 3_600_000);
    }
  });

  it('copies the follow-up to the next occurrence, scheduled at its due time', async () => {
    const { api, companyId } = await subscriber();
    const customer = await addCustomer(server.db, companyId);
    const dueAt = new Date((await dbNow(server.db)).getTime() + 3_600_000);
    const task = await recurringTask(api, 'monthly', dueAt, {
      customerId: customer.id,
      followUpMessage: 'Oi! Já está na hora de renovar o pedido?',
    });
    const done = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
    const next = done.body.data.nextTask!;
    expect(next.referenceEntityName).toBe('follow_up_message');
    expect(next.referenceEntityId).not.toBe(task.referenceEntityId);

    const copy = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${next.referenceEntityId}`,
    );
    expect(copy.body.data.followUpMessage).toMatchObject({
      taskId: next.id,
      customerId: customer.id,
      message: 'Oi! Já está na hora de renovar o pedido?',
      scheduledFor: next.dueAt,
      status: 'scheduled',
    });
    const jobs = await followUpJobs(server.db, next.referenceEntityId!);
    expect(jobs.map((job) => [job.status, job.run_at])).toEqual([['queued', next.dueAt]]);
    // The completed task keeps its own message.
    const original = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${task.referenceEntityId}`,
    );
    expect(original.body.data.followUpMessage.taskId).toBe(task.id);
  });
});

describe('completing is idempotent', () => {
  const tasksOf = async (companyId: string) =>
    (
      await server.db.query<{ id: string; status: string }>(
        'SELECT id, status FROM tasks WHERE company_id = $1 ORDER BY created_at, id',
        [companyId],
      )
    ).rows;

  it('completing twice creates one next occurrence', async () => {
    const { api, companyId } = await subscriber();
    const task = await recurringTask(api, 'daily', new Date(Date.now() + 3_600_000));
    const first = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
    const second = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
    expect(first.body.data.nextTask).not.toBeNull();
    expect(second.body.data).toEqual({ task: first.body.data.task, nextTask: null });
    expect(await tasksOf(companyId)).toHaveLength(2);
  });

  it('completions at the same time create one next occurrence', async () => {
    const { api, companyId } = await subscriber();
    const task = await recurringTask(api, 'weekly', new Date(Date.now() + 3_600_000));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api.post<Completed>(`/api/tasks/${task.id}/complete`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.nextTask !== null)).toHaveLength(1);
    expect(await tasksOf(companyId)).toHaveLength(2);
  });

  it('reopening and completing again does not create a second next occurrence', async () => {
    const { api, companyId } = await subscriber();
    const task = await recurringTask(api, 'biweekly', new Date(Date.now() + 3_600_000));
    const first = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
    const reopened = await api.post<TaskAnswer>(`/api/tasks/${task.id}/reopen`);
    expect(reopened.body.data.task.status).toBe('pending');
    // The occurrence made by the first completion stays.
    expect((await api.get(`/api/tasks/${first.body.data.nextTask!.id}`)).status).toBe(200);

    const again = await api.post<Completed>(`/api/tasks/${task.id}/complete`);
    expect(again.body.data.task.status).toBe('completed');
    expect(again.body.data.nextTask).toBeNull();
    expect((await tasksOf(companyId)).map((row) => row.status).sort()).toEqual(['completed', 'pending']);
  });
});

describe('the next occurrence stays within the accepted dates (01/01/1900–31/12/2099)', () => {
  it('the last one inside the range is created; one past its end is not, and the task is still completed', async () => {
    const { api } = await subscriber();
    const lastDay = await recurringTask(api, 'daily', new Date('2099-12-30T12:00:00-03:00'));
    const toLastDay = await api.post<Completed>(`/api/tasks/${lastDay.id}/complete`);
    expect(toLastDay.status).toBe(200);
    expect(toLastDay.body.data.nextTask?.dueAt).toBe('2099-12-31T15:00:00.000Z');

    const beyond = await api.post<Completed>(`/api/tasks/${toLastDay.body.data.nextTask!.id}/complete`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.task.status).toBe('completed');
    expect(beyond.body.data.nextTask).toBeNull();

    const yearly = await recurringTask(api, 'yearly', new Date('2099-06-01T09:00:00-03:00'));
    const done = await api.post<Completed>(`/api/tasks/${yearly.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.data.nextTask).toBeNull();
  });

  it('a task stored before the range existed (due in year 9999) completes without a year-10000 occurrence', async () => {
    const { api, companyId } = await subscriber();
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO tasks (company_id, title, due_at, recurrence)
       VALUES ($1, 'Muito adiante', '9999-12-31T23:59:59Z', 'yearly') RETURNING id`,
      [companyId],
    );
    const done = await api.post<Completed>(`/api/tasks/${rows[0]!.id}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.task.dueAt).toBe('9999-12-31T23:59:59.000Z');
    expect(done.body.data.nextTask).toBeNull();
    const { rows: all } = await server.db.query('SELECT id FROM tasks WHERE company_id = $1', [companyId]);
    expect(all).toHaveLength(1);
  });
});
