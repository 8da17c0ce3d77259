import { type AddressInfo, createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpMessage } from '../../contracts/tasks';
import type { Worker } from '../../server/jobs/worker';
import { DEFAULT_FOLLOW_UP_EXPIRY_HOURS } from '../../server/modules/whatsapp-sending/follow-up-cutoff';
import { followUpProblemText } from '../../server/modules/whatsapp-sending/follow-up-problems';
import { resumeWaitingFollowUps } from '../../server/modules/whatsapp-sending/requeue-follow-ups';
import { startTestServer, type TestServer } from '../support/server';
import { settledJob } from '../support/settled-job';
import { newSubscriber, type SignedInApi } from '../support/signed-in-api';
import { addCustomer, followUpJobs, followUpRow, type TaskAnswer, taskBody } from '../support/task-fixtures';
import {
  connectSimNumber,
  followUpWorker,
  startSendingSimulator,
  testDispatcher,
} from '../support/whatsapp-sending';

let server: TestServer;
let sim: Awaited<ReturnType<typeof startSendingSimulator>>;
const workers: Worker[] = [];

beforeAll(async () => {
  server = await startTestServer();
  sim = await startSendingSimulator(server.db, server.url);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(async () => {
  await sim?.close();
  await server?.close();
});

/** The real worker with the follow-up handler, as server/main.ts runs it, on the local Cloud API (or `graphUrl`). */
async function worker(graphUrl = sim.graphUrl): Promise<Worker> {
  const started = await followUpWorker(server.db, testDispatcher(server.db, graphUrl));
  workers.push(started);
  return started;
}

/** A port nothing listens on (connections to it are refused). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The Graph calls made for a message (each recorded before it is made). */
async function sendsOf(messageId: string): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM whatsapp_send_attempts WHERE follow_up_message_id = $1',
    [messageId],
  );
  return rows[0]!.n;
}

const subscriber = () => newSubscriber(server);

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function taskWithFollowUp(
  api: SignedInApi,
  companyId: string,
  overrides: Record<string, unknown> = {},
) {
  const customer = await addCustomer(server.db, companyId);
  const body = taskBody({
    dueAt: inHours(2),
    customerId: customer.id,
    followUpMessage: 'Oi! Posso ajudar?',
    ...overrides,
  });
  const created = await api.post<TaskAnswer>('/api/tasks', body);
  expect(created.status).toBe(201);
  return { task: created.body.data.task, body, customer };
}

/** Its time comes: the job is due now, and the worker is told to look. */
async function timeComes(jobId: string, running: Worker) {
  await server.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [jobId]);
  running.wake();
  return settledJob(server.db, jobId);
}

describe('the followup.send job', () => {
  it('with no WhatsApp connection, the message waits for one ("aguardando conexão")', async () => {
    const { api, companyId } = await subscriber();
    const { task } = await taskWithFollowUp(api, companyId);
    const running = await worker();
    const [job] = await followUpJobs(server.db, task.referenceEntityId!);

    expect(await timeComes(job!.id, running)).toMatchObject({ status: 'succeeded', attempts: 1 });
    const followUp = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${task.referenceEntityId}`,
    );
    expect(followUp.body.data.followUpMessage).toMatchObject({
      status: 'waiting_connection',
      awaitingConnection: true,
      sentAt: null,
      lastError: followUpProblemText('NO_CONNECTION'),
    });
  });

  it('sends through the company’s WhatsApp, once, even when the job runs again', async () => {
    const { api, companyId } = await subscriber();
    await connectSimNumber(server.db, sim.url, companyId);
    const { task } = await taskWithFollowUp(api, companyId);
    const running = await worker();
    const [job] = await followUpJobs(server.db, task.referenceEntityId!);
    await timeComes(job!.id, running);

    expect(await sendsOf(task.referenceEntityId!)).toBe(1);
    const message = await followUpRow(server.db, task.referenceEntityId!);
    expect(message).toMatchObject({ status: 'sent', last_error: null });
    expect(message!.sent_at).toEqual(expect.any(String));

    // The same job once more (a worker that died before recording it): nothing goes out twice.
    await server.db.query(
      `UPDATE jobs SET status = 'queued', finished_at = NULL, run_at = now() WHERE id = $1`,
      [job!.id],
    );
    running.wake();
    expect(await settledJob(server.db, job!.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await sendsOf(task.referenceEntityId!)).toBe(1);
  });

  it('a message moved to another time is sent by the new time’s job only, also when moved back', async () => {
    const { api, companyId } = await subscriber();
    const { task, body } = await taskWithFollowUp(api, companyId);
    const running = await worker();
    const later = inHours(26);
    await api.put(`/api/tasks/${task.id}`, { ...body, dueAt: later });
    const [first, second] = await followUpJobs(server.db, task.referenceEntityId!);

    await timeComes(first!.id, running);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({ status: 'scheduled' });

    // Back to the first time, whose job has already run: a fresh job is queued for it.
    await api.put(`/api/tasks/${task.id}`, body);
    const jobs = await followUpJobs(server.db, task.referenceEntityId!);
    expect(jobs).toHaveLength(3);
    const third = jobs.find((job) => job.id !== first!.id && job.id !== second!.id)!;
    expect(third.idempotency_key).toBe(`${first!.idempotency_key}:2`);

    await timeComes(second!.id, running);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({ status: 'scheduled' });
    await timeComes(third.id, running);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({
      status: 'waiting_connection',
    });
  });

  it('does nothing for a message removed from its task, or whose task was deleted', async () => {
    const { api, companyId } = await subscriber();
    await connectSimNumber(server.db, sim.url, companyId);
    const running = await worker();

    const removed = await taskWithFollowUp(api, companyId);
    await api.delete(`/api/tasks/${removed.task.id}/follow-up`);
    const [removedJob] = await followUpJobs(server.db, removed.task.referenceEntityId!);
    expect(await timeComes(removedJob!.id, running)).toMatchObject({ status: 'succeeded' });
    expect(await followUpRow(server.db, removed.task.referenceEntityId!)).toMatchObject({
      status: 'cancelled',
    });

    const deleted = await taskWithFollowUp(api, companyId);
    const [deletedJob] = await followUpJobs(server.db, deleted.task.referenceEntityId!);
    await api.delete(`/api/tasks/${deleted.task.id}`);
    expect(await timeComes(deletedJob!.id, running)).toMatchObject({ status: 'succeeded' });

    expect(await sendsOf(removed.task.referenceEntityId!)).toBe(0);
  });

  it('cancels the message of a task completed before its time', async () => {
    const { api, companyId } = await subscriber();
    await connectSimNumber(server.db, sim.url, companyId);
    const running = await worker();
    const { task } = await taskWithFollowUp(api, companyId);
    await api.post(`/api/tasks/${task.id}/complete`);
    const [job] = await followUpJobs(server.db, task.referenceEntityId!);
    expect(await timeComes(job!.id, running)).toMatchObject({ status: 'succeeded' });
    expect(await sendsOf(task.referenceEntityId!)).toBe(0);
    const followUp = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${task.referenceEntityId}`,
    );
    expect(followUp.body.data.followUpMessage).toMatchObject({
      status: 'cancelled',
      awaitingConnection: false,
    });
  });

  it('records why it was not sent, and gives up after the last attempt when WhatsApp cannot be reached', async () => {
    const { api, companyId } = await subscriber();
    // Outside the 24-hour window and without a template: nothing can go.
    await connectSimNumber(server.db, sim.url, companyId, { template: false });
    const refused = await taskWithFollowUp(api, companyId);
    const running = await worker();
    const [refusedJob] = await followUpJobs(server.db, refused.task.referenceEntityId!);
    expect(await timeComes(refusedJob!.id, running)).toMatchObject({ status: 'succeeded' });
    expect(await followUpRow(server.db, refused.task.referenceEntityId!)).toMatchObject({
      status: 'failed',
      last_error: followUpProblemText('NO_TEMPLATE'),
    });
    expect(await sendsOf(refused.task.referenceEntityId!)).toBe(0);

    // Nothing listens where the Graph API should be: each attempt is refused before it is written.
    const other = await subscriber();
    await connectSimNumber(server.db, sim.url, other.companyId);
    const flaky = await taskWithFollowUp(other.api, other.companyId);
    const unreachable = await worker(`http://127.0.0.1:${await closedPort()}/dev/whatsapp/graph`);
    const [flakyJob] = await followUpJobs(server.db, flaky.task.referenceEntityId!);
    await server.db.query('UPDATE jobs SET max_attempts = 2 WHERE id = $1', [flakyJob!.id]);
    await running.stop();
    expect(await timeComes(flakyJob!.id, unreachable)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(await sendsOf(flaky.task.referenceEntityId!)).toBe(2);
    const followUp = await other.api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${flaky.task.referenceEntityId}`,
    );
    expect(followUp.body.data.followUpMessage).toMatchObject({
      status: 'failed',
      awaitingConnection: false,
      lastError: followUpProblemText('GAVE_UP'),
    });
  });
});

describe('resumeWaitingFollowUps', () => {
  it("re-sends the company's waiting messages; those of completed tasks are cancelled", async () => {
    const { api, companyId } = await subscriber();
    const other = await subscriber();
    const waiting = await taskWithFollowUp(api, companyId);
    const doneSince = await taskWithFollowUp(api, companyId);
    const elsewhere = await taskWithFollowUp(other.api, other.companyId);
    const future = await taskWithFollowUp(api, companyId, { dueAt: inHours(48) });

    const waitingWorker = await worker();
    for (const { task } of [waiting, doneSince, elsewhere]) {
      const [job] = await followUpJobs(server.db, task.referenceEntityId!);
      await timeComes(job!.id, waitingWorker);
      expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({
        status: 'waiting_connection',
      });
    }
    await waitingWorker.stop();
    await api.post(`/api/tasks/${doneSince.task.id}/complete`);

    // The WhatsApp connection arrives.
    await connectSimNumber(server.db, sim.url, companyId);
    const sending = await worker();
    const resumed = await server.db.transaction((tx) =>
      resumeWaitingFollowUps(tx, companyId, DEFAULT_FOLLOW_UP_EXPIRY_HOURS),
    );
    expect(resumed).toBe(2);

    for (const { task } of [waiting, doneSince]) {
      const jobs = await followUpJobs(server.db, task.referenceEntityId!);
      expect(jobs).toHaveLength(2);
      expect(jobs[1]!.idempotency_key).toBe(`${jobs[0]!.idempotency_key}:2`);
      await timeComes(jobs[1]!.id, sending);
    }
    expect(await sendsOf(waiting.task.referenceEntityId!)).toBe(1);
    expect(await sendsOf(doneSince.task.referenceEntityId!)).toBe(0);
    expect(await followUpRow(server.db, waiting.task.referenceEntityId!)).toMatchObject({ status: 'sent' });
    expect(await followUpRow(server.db, doneSince.task.referenceEntityId!)).toMatchObject({
      status: 'cancelled',
    });
    expect(await followUpRow(server.db, elsewhere.task.referenceEntityId!)).toMatchObject({
      status: 'waiting_connection',
    });
    expect(await followUpRow(server.db, future.task.referenceEntityId!)).toMatchObject({
      status: 'scheduled',
    });
    expect(await followUpJobs(server.db, future.task.referenceEntityId!)).toHaveLength(1);

    // Nothing waits any more: resuming again queues nothing.
    expect(
      await server.db.transaction((tx) =>
        resumeWaitingFollowUps(tx, companyId, DEFAULT_FOLLOW_UP_EXPIRY_HOURS),
      ),
    ).toBe(0);
  });
});
