import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FollowUpMessage } from '../../contracts/tasks';
import { type JobHandler, startWorker, type Worker } from '../../server/jobs/worker';
import { FOLLOW_UP_SEND_JOB, sendFollowUpHandler } from '../../server/modules/tasks/follow-up-job';
import type {
  FollowUpSender,
  FollowUpSendResult,
  FollowUpToSend,
} from '../../server/modules/tasks/follow-up-sender';
import { DEFAULT_FOLLOW_UP_EXPIRY_HOURS } from '../../server/modules/whatsapp-sending/follow-up-cutoff';
import { resumeWaitingFollowUps } from '../../server/modules/whatsapp-sending/requeue-follow-ups';
import { startTestServer, type TestServer } from '../support/server';
import { settledJob } from '../support/settled-job';
import { newSubscriber, type SignedInApi } from '../support/signed-in-api';
import { addCustomer, followUpJobs, followUpRow, type TaskAnswer, taskBody } from '../support/task-fixtures';

let server: TestServer;
const workers: Worker[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(() => server?.close());

/** The real worker with the follow-up handler, as server/main.ts runs it, with this sender. */
async function worker(sender?: FollowUpSender): Promise<Worker> {
  const handler: JobHandler = sendFollowUpHandler(sender);
  const started = await startWorker({
    db: server.db,
    handlers: { [FOLLOW_UP_SEND_JOB]: handler },
    pollMs: 20,
    backoff: { baseMs: 1, capMs: 5 },
  });
  workers.push(started);
  return started;
}

/** A sender that records what it was asked and answers `outcome`. */
function recordingSender(answer: (message: FollowUpToSend) => Promise<FollowUpSendResult>) {
  const sent: FollowUpToSend[] = [];
  const sender: FollowUpSender = {
    async send(message) {
      sent.push(message);
      return answer(message);
    },
  };
  return { sender, sent };
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
      lastError: null,
    });
  });

  it('sends through the sender, once, even when the job runs again', async () => {
    const { api, companyId } = await subscriber();
    const { task, customer } = await taskWithFollowUp(api, companyId);
    const { sender, sent } = recordingSender(async () => ({ outcome: 'sent' }));
    const running = await worker(sender);
    const [job] = await followUpJobs(server.db, task.referenceEntityId!);
    await timeComes(job!.id, running);

    expect(sent).toEqual([
      {
        messageId: task.referenceEntityId,
        companyId,
        customerId: customer.id,
        phone: customer.phone,
        body: 'Oi! Posso ajudar?',
        scheduledFor: new Date(task.dueAt),
        idempotencyKey: job!.idempotency_key,
      },
    ]);
    const message = await followUpRow(server.db, task.referenceEntityId!);
    expect(message).toMatchObject({ status: 'sent', last_error: null });
    expect(message!.sent_at).toBeInstanceOf(Date);

    // The same job once more (a worker that died before recording it): nothing goes out twice.
    await server.db.query(
      `UPDATE jobs SET status = 'queued', finished_at = NULL, run_at = now() WHERE id = $1`,
      [job!.id],
    );
    running.wake();
    expect(await settledJob(server.db, job!.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(sent).toHaveLength(1);
  });

  it('a message moved to another time is sent by the new time’s job only, also when moved back', async () => {
    const { api, companyId } = await subscriber();
    const { task, body } = await taskWithFollowUp(api, companyId);
    const { sender, sent } = recordingSender(async () => ({ outcome: 'no_connection' }));
    const running = await worker(sender);
    const later = inHours(26);
    await api.put(`/api/tasks/${task.id}`, { ...body, dueAt: later });
    const [first, second] = await followUpJobs(server.db, task.referenceEntityId!);

    await timeComes(first!.id, running);
    expect(sent).toHaveLength(0);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({ status: 'scheduled' });

    // Back to the first time, whose job has already run: a fresh job is queued for it.
    await api.put(`/api/tasks/${task.id}`, body);
    const jobs = await followUpJobs(server.db, task.referenceEntityId!);
    expect(jobs).toHaveLength(3);
    const third = jobs.find((job) => job.id !== first!.id && job.id !== second!.id)!;
    expect(third.idempotency_key).toBe(`${first!.idempotency_key}:2`);

    await timeComes(second!.id, running);
    expect(sent).toHaveLength(0);
    await timeComes(third.id, running);
    expect(sent.map((message) => message.scheduledFor)).toEqual([new Date(body.dueAt as string)]);
    expect(await followUpRow(server.db, task.referenceEntityId!)).toMatchObject({
      status: 'waiting_connection',
    });
  });

  it('does nothing for a message removed from its task, or whose task was deleted', async () => {
    const { api, companyId } = await subscriber();
    const { sender, sent } = recordingSender(async () => ({ outcome: 'sent' }));
    const running = await worker(sender);

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

    expect(sent).toHaveLength(0);
  });

  it('cancels the message of a task completed before its time', async () => {
    const { api, companyId } = await subscriber();
    const { sender, sent } = recordingSender(async () => ({ outcome: 'sent' }));
    const running = await worker(sender);
    const { task } = await taskWithFollowUp(api, companyId);
    await api.post(`/api/tasks/${task.id}/complete`);
    const [job] = await followUpJobs(server.db, task.referenceEntityId!);
    expect(await timeComes(job!.id, running)).toMatchObject({ status: 'succeeded' });
    expect(sent).toHaveLength(0);
    const followUp = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${task.referenceEntityId}`,
    );
    expect(followUp.body.data.followUpMessage).toMatchObject({
      status: 'cancelled',
      awaitingConnection: false,
    });
  });

  it('records a failure the sender reports, and gives up after the last attempt of one it throws', async () => {
    const { api, companyId } = await subscriber();
    const refused = await taskWithFollowUp(api, companyId);
    const flaky = await taskWithFollowUp(api, companyId);
    const { sender, sent } = recordingSender(async (message) => {
      if (message.messageId === refused.task.referenceEntityId) {
        return { outcome: 'failed', error: 'Este número não tem WhatsApp.' };
      }
      throw new Error('WhatsApp fora do ar');
    });
    const running = await worker(sender);

    const [refusedJob] = await followUpJobs(server.db, refused.task.referenceEntityId!);
    expect(await timeComes(refusedJob!.id, running)).toMatchObject({ status: 'succeeded' });
    expect(await followUpRow(server.db, refused.task.referenceEntityId!)).toMatchObject({
      status: 'failed',
      last_error: 'Este número não tem WhatsApp.',
    });

    const [flakyJob] = await followUpJobs(server.db, flaky.task.referenceEntityId!);
    await server.db.query('UPDATE jobs SET max_attempts = 2 WHERE id = $1', [flakyJob!.id]);
    expect(await timeComes(flakyJob!.id, running)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(sent.filter((message) => message.messageId === flaky.task.referenceEntityId)).toHaveLength(2);
    const followUp = await api.get<{ followUpMessage: FollowUpMessage }>(
      `/api/followup/${flaky.task.referenceEntityId}`,
    );
    expect(followUp.body.data.followUpMessage).toMatchObject({
      status: 'failed',
      awaitingConnection: false,
      lastError: 'Não foi possível enviar a mensagem pelo WhatsApp depois de 2 tentativas.',
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
    const { sender, sent } = recordingSender(async () => ({ outcome: 'sent' }));
    const sending = await worker(sender);
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
    expect(sent.map((message) => message.messageId)).toEqual([waiting.task.referenceEntityId]);
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
