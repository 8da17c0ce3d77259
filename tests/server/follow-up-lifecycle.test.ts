import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeServerMessage } from '../../contracts/realtime';
import type { FollowUpMessage } from '../../contracts/tasks';
import type { CustomerWhatsapp } from '../../contracts/whatsapp-sending';
import type { WhatsappConnectionState } from '../../contracts/whatsapp-status';
import { ConfigError, loadConfig } from '../../server/config';
import type { Worker } from '../../server/jobs/worker';
import { followUpProblemText } from '../../server/modules/whatsapp-sending/follow-up-problems';
import type { WebhookProcessor } from '../../server/modules/whatsapp-webhooks/webhook-processor';
import { waitFor } from '../support/db';
import { type LiveEvents, openLiveEvents } from '../support/live-events';
import { startTestServer, type TestServer } from '../support/server';
import { settledJob } from '../support/settled-job';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';
import { addCustomer, followUpJobs, followUpRow, type TaskAnswer, taskBody } from '../support/task-fixtures';
import { followUpWorker, testDispatcher } from '../support/whatsapp-sending';
import { completeSignup, connectBody } from '../support/whatsapp-signup';
import { control } from '../support/whatsapp-simulator';
import {
  allProcessed,
  appSecret,
  connectWhatsapp,
  deliver,
  envelope,
  metaJson,
  statusChange,
  textMessage,
  webhookProcessor,
} from '../support/whatsapp-webhooks';

/**
 * What happens to a follow-up besides the send itself, through the real routes, worker, webhook path
 * and local Cloud API: the expiry cut-off (a late job, resuming on connect, FOLLOW_UP_EXPIRY_HOURS),
 * a reply from the phone pausing the customer's follow-ups until resumed, "Enviar agora", the
 * customer's WhatsApp side and pending follow-ups, the delivery status a sent follow-up answers,
 * and the followup.changed events open tabs hear. The worker runs the real handler and dispatcher on
 * the local Cloud API: a follow-up of a company without a connection ends up waiting for one.
 */

/** Shorter than the default, so a follow-up 8 hours late shows the setting is the one applied. */
const EXPIRY_HOURS = 6;
const env = { FOLLOW_UP_EXPIRY_HOURS: String(EXPIRY_HOURS) };

let server: TestServer;
let processor: WebhookProcessor;
const workers: Worker[] = [];
const tabs: LiveEvents[] = [];

beforeAll(async () => {
  server = await startTestServer({ env });
  processor = webhookProcessor(server.db);
});
afterEach(async () => {
  for (const tab of tabs.splice(0)) tab.close();
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(async () => {
  await processor?.stop();
  await server?.close();
});

/** The real worker with the follow-up handler as server/main.ts configures it from this environment. */
async function worker(): Promise<Worker> {
  const { followUpExpiryHours } = loadConfig({ NODE_ENV: 'test', ...env });
  const started = await followUpWorker(
    server.db,
    testDispatcher(server.db, `${server.url}/dev/whatsapp/graph`),
    {
      expiryHours: followUpExpiryHours,
    },
  );
  workers.push(started);
  return started;
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A task with a follow-up to `customerId` at `dueAt`, through the API; answers the follow-up's id. */
async function followUpAt(owner: Subscriber, customerId: string, dueAt: string, title = 'Confirmar pedido') {
  const created = await owner.api.post<TaskAnswer>(
    '/api/tasks',
    taskBody({ title, dueAt, customerId, followUpMessage: 'Oi! Posso ajudar?' }),
  );
  expect(created.status).toBe(201);
  return { taskId: created.body.data.task.id, id: created.body.data.task.referenceEntityId! };
}

/** The follow-up's send job ran (it was due) and settled. */
async function sendJobRan(id: string) {
  const jobs = await followUpJobs(server.db, id);
  return settledJob(server.db, jobs.at(-1)!.id);
}

async function followUp(owner: Subscriber, id: string): Promise<FollowUpMessage> {
  const answer = await owner.api.get<{ followUpMessage: FollowUpMessage }>(`/api/followup/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data.followUpMessage;
}

async function whatsappOf(owner: Subscriber, customerId: string): Promise<CustomerWhatsapp> {
  const answer = await owner.api.get<CustomerWhatsapp>(`/api/customers/${customerId}/whatsapp`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** The realtime events the owner's open tab hears from now on. */
async function liveEvents(owner: Subscriber): Promise<RealtimeServerMessage[]> {
  const live = await openLiveEvents(server.url, owner.account.accessToken);
  tabs.push(live);
  return live.messages;
}

const followUpEvents = (events: RealtimeServerMessage[], id: string) =>
  events.flatMap((event) =>
    event.type === 'followup.changed' && event.payload.followUpMessageId === id ? [event.payload.status] : [],
  );

/** Connects a number of the local Cloud API through the app's routes, as the owner would. */
async function connectThroughRoutes(owner: Subscriber, mode: 'cloud_api' | 'coexistence', phone: string) {
  const signup = await completeSignup(server.url, { mode, phone });
  const answer = await owner.api.post<WhatsappConnectionState>(
    '/api/whatsapp-connections',
    connectBody(signup, mode),
  );
  expect(answer.body.data).toMatchObject({ status: 'connected' });
  return signup.data.phone_number_id!;
}

describe('the expiry cut-off', () => {
  it('FOLLOW_UP_EXPIRY_HOURS is 24 hours unless set, and must be a whole number of hours from 1', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).followUpExpiryHours).toBe(24);
    expect(loadConfig({ NODE_ENV: 'test', FOLLOW_UP_EXPIRY_HOURS: '48' }).followUpExpiryHours).toBe(48);
    expect(() => loadConfig({ NODE_ENV: 'test', FOLLOW_UP_EXPIRY_HOURS: '0' })).toThrow(ConfigError);
  });

  it('a job that runs later than the cut-off expires its follow-up instead of sending it', async () => {
    const owner = await newSubscriber(server);
    const events = await liveEvents(owner);
    const customer = await addCustomer(server.db, owner.companyId);
    // Past its time, both; only the older one beyond the configured 6 hours (not the default 24).
    const late = await followUpAt(owner, customer.id, hoursFromNow(-(EXPIRY_HOURS + 2)));
    const recent = await followUpAt(owner, customer.id, hoursFromNow(-1));
    await worker();
    await sendJobRan(late.id);
    await sendJobRan(recent.id);

    expect(await followUp(owner, late.id)).toMatchObject({
      status: 'expired',
      awaitingConnection: false,
      problem: { code: 'EXPIRED', text: followUpProblemText('EXPIRED'), actions: ['send_now', 'reschedule'] },
      lastError: followUpProblemText('EXPIRED'),
    });
    expect(await followUp(owner, recent.id)).toMatchObject({
      status: 'waiting_connection',
      problem: { code: 'NO_CONNECTION', actions: ['connect'] },
    });
    await waitFor(() => followUpEvents(events, late.id).includes('expired'), {
      what: 'followup.changed expired',
    });

    // Rescheduling it (the task saved with a new time) queues it again.
    const saved = await owner.api.put<TaskAnswer>(
      `/api/tasks/${late.taskId}`,
      taskBody({
        title: 'Confirmar pedido',
        dueAt: hoursFromNow(3),
        customerId: customer.id,
        followUpMessage: 'Oi!',
      }),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.task.referenceEntityId).toBe(late.id);
    expect(await followUp(owner, late.id)).toMatchObject({
      status: 'scheduled',
      problem: null,
      message: 'Oi!',
    });
    const jobs = await followUpJobs(server.db, late.id);
    expect(jobs.at(-1)).toMatchObject({ status: 'queued' });
    await waitFor(() => followUpEvents(events, late.id).includes('scheduled'), {
      what: 'followup.changed scheduled',
    });
  });

  it('connecting sends what waited for a connection, except what waited past the cut-off', async () => {
    const owner = await newSubscriber(server);
    const customer = await addCustomer(server.db, owner.companyId);
    const waited = await followUpAt(owner, customer.id, hoursFromNow(-1));
    const tooLong = await followUpAt(owner, customer.id, hoursFromNow(-2));
    const running = await worker();
    await sendJobRan(waited.id);
    await sendJobRan(tooLong.id);
    await running.stop();
    expect((await followUpRow(server.db, tooLong.id))!.status).toBe('waiting_connection');
    // Hours go by without a connection.
    await server.db.query(
      `UPDATE follow_up_messages SET scheduled_for = scheduled_for - make_interval(hours => $2) WHERE id = $1`,
      [tooLong.id, EXPIRY_HOURS],
    );
    const events = await liveEvents(owner);

    await connectThroughRoutes(owner, 'cloud_api', '5511988880101');

    expect(await followUp(owner, waited.id)).toMatchObject({
      status: 'scheduled',
      awaitingConnection: false,
    });
    const jobs = await followUpJobs(server.db, waited.id);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]).toMatchObject({ status: 'queued', idempotency_key: `${jobs[0]!.idempotency_key}:2` });
    expect(await followUp(owner, tooLong.id)).toMatchObject({
      status: 'expired',
      problem: { code: 'EXPIRED' },
    });
    expect(await followUpJobs(server.db, tooLong.id)).toHaveLength(1);
    await waitFor(
      () =>
        followUpEvents(events, waited.id).includes('scheduled') &&
        followUpEvents(events, tooLong.id).includes('expired'),
      { what: 'followup.changed for both' },
    );
  });
});

describe('editing the task', () => {
  const edit = (owner: Subscriber, taskId: string, customerId: string, dueAt: string, text: string) =>
    owner.api.put<TaskAnswer>(
      `/api/tasks/${taskId}`,
      taskBody({ title: 'Confirmar pedido', dueAt, customerId, followUpMessage: text }),
    );

  it('a held-back follow-up keeps its state at the same time; one on its way is never queued again', async () => {
    const owner = await newSubscriber(server);
    const customer = await addCustomer(server.db, owner.companyId);
    const dueAt = hoursFromNow(-(EXPIRY_HOURS + 2));
    const expired = await followUpAt(owner, customer.id, dueAt);
    await worker();
    await sendJobRan(expired.id);
    expect((await followUp(owner, expired.id)).status).toBe('expired');

    // New text, same time: still expired (nothing would send it), edited in place.
    const sameTime = await edit(owner, expired.taskId, customer.id, dueAt, 'Novo texto');
    expect(sameTime.body.data.task.referenceEntityId).toBe(expired.id);
    expect(await followUp(owner, expired.id)).toMatchObject({
      status: 'expired',
      message: 'Novo texto',
      problem: { code: 'EXPIRED' },
    });
    expect(await followUpJobs(server.db, expired.id)).toHaveLength(1);

    // On its way: an edit makes a new follow-up and leaves that one alone, with no job of its own.
    const sending = await followUpAt(owner, customer.id, hoursFromNow(2));
    await server.db.query(`UPDATE follow_up_messages SET status = 'sending' WHERE id = $1`, [sending.id]);
    const jobsBefore = await followUpJobs(server.db, sending.id);
    const moved = await edit(owner, sending.taskId, customer.id, hoursFromNow(5), 'Oi de novo');
    expect(moved.status).toBe(200);
    expect(moved.body.data.task.referenceEntityId).not.toBe(sending.id);
    expect((await followUpRow(server.db, sending.id))!.status).toBe('sending');
    expect(await followUpJobs(server.db, sending.id)).toEqual(jobsBefore);
    expect(await followUp(owner, moved.body.data.task.referenceEntityId!)).toMatchObject({
      status: 'scheduled',
      message: 'Oi de novo',
    });
  });
});

describe('a reply from the phone pauses the customer’s follow-ups', () => {
  it('pauses on a live echo, holds the follow-up at its time, and resumes on request', async () => {
    const owner = await newSubscriber(server);
    const phoneNumberId = await connectThroughRoutes(owner, 'coexistence', '5511988880202');
    const customer = await addCustomer(server.db, owner.companyId);
    const before = await whatsappOf(owner, customer.id);
    expect(before).toEqual({
      windowClosesAt: null,
      followUpsPausedAt: null,
      undeliverable: false,
      canSend: true,
    });

    // The owner answers the customer from the Business app.
    await control(server.url, 'echo', { phoneNumberId, to: customer.phone, text: 'Já te respondo!' });
    const paused = await waitFor(
      async () => {
        await allProcessed(server.db);
        const whatsapp = await whatsappOf(owner, customer.id);
        return whatsapp.followUpsPausedAt ? whatsapp : null;
      },
      { what: 'the echo to pause the customer’s follow-ups' },
    );
    // An echo never opens the 24-hour window.
    expect(paused.windowClosesAt).toBeNull();

    const events = await liveEvents(owner);
    const held = await followUpAt(owner, customer.id, hoursFromNow(-1));
    const stale = await followUpAt(owner, customer.id, hoursFromNow(-2));
    await worker();
    await sendJobRan(held.id);
    await sendJobRan(stale.id);
    expect(await followUp(owner, held.id)).toMatchObject({
      status: 'paused',
      problem: { code: 'PAUSED', actions: ['resume'] },
    });
    await waitFor(() => followUpEvents(events, held.id).includes('paused'), {
      what: 'followup.changed paused',
    });
    const pending = await owner.api.get<{ items: FollowUpMessage[] }>(
      `/api/customers/${customer.id}/follow-ups`,
    );
    expect(pending.body.data.items.map((item) => [item.id, item.status])).toEqual([
      [stale.id, 'paused'],
      [held.id, 'paused'],
    ]);

    // One of them stays paused past the cut-off: resuming expires it rather than sending it.
    await server.db.query(
      `UPDATE follow_up_messages SET scheduled_for = scheduled_for - make_interval(hours => $2) WHERE id = $1`,
      [stale.id, EXPIRY_HOURS],
    );
    const resumed = await owner.api.post<{ whatsapp: CustomerWhatsapp; resumed: number }>(
      `/api/customers/${customer.id}/follow-ups/resume`,
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body.data).toEqual({
      whatsapp: { windowClosesAt: null, followUpsPausedAt: null, undeliverable: false, canSend: true },
      resumed: 1,
    });
    expect((await followUp(owner, stale.id)).status).toBe('expired');
    // Queued again, and at its claim no longer held: it goes the way of any due follow-up (this
    // customer never wrote, so outside the window, and no follow-up template was chosen).
    await sendJobRan(held.id);
    expect(await followUp(owner, held.id)).toMatchObject({
      status: 'failed',
      problem: { code: 'NO_TEMPLATE' },
    });
    await waitFor(
      () =>
        followUpEvents(events, held.id).includes('scheduled') &&
        followUpEvents(events, stale.id).includes('expired'),
      { what: 'followup.changed on resume' },
    );

    // Resuming again changes nothing.
    const again = await owner.api.post<{ resumed: number }>(
      `/api/customers/${customer.id}/follow-ups/resume`,
    );
    expect(again.body.data.resumed).toBe(0);
  });

  it('the customer’s own message opens the window and pauses nothing; other companies get 404', async () => {
    const owner = await newSubscriber(server);
    const other = await newSubscriber(server);
    const connection = await connectWhatsapp(server.db, owner.companyId, { mode: 'coexistence' });
    const customer = await addCustomer(server.db, owner.companyId);
    const writtenAt = new Date(Date.now() - 60 * 60 * 1000);
    const response = await deliver(
      server.url,
      metaJson(
        envelope(connection, [textMessage({ waId: customer.phone! }, 'Oi, tudo bem?', undefined, writtenAt)]),
      ),
      await appSecret(server.db),
    );
    expect(response.status).toBe(200);
    await allProcessed(server.db);
    const whatsapp = await whatsappOf(owner, customer.id);
    expect(whatsapp.followUpsPausedAt).toBeNull();
    // The window the customer's message opened closes 24 hours after it (timestamps are whole seconds).
    const opened = Math.floor(writtenAt.getTime() / 1000) * 1000;
    expect(whatsapp.windowClosesAt).toBe(new Date(opened + 24 * 3_600_000).toISOString());

    for (const path of ['whatsapp', 'follow-ups']) {
      const answer = await other.api.get(`/api/customers/${customer.id}/${path}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: 'Cliente não encontrado.',
      });
    }
    expect((await other.api.post(`/api/customers/${customer.id}/follow-ups/resume`)).status).toBe(404);
    expect((await owner.api.get('/api/customers/not-a-uuid/whatsapp')).status).toBe(404);
  });
});

describe('Enviar agora', () => {
  it('queues an expired or paused follow-up at once, counting the cut-off from now', async () => {
    const owner = await newSubscriber(server);
    const customer = await addCustomer(server.db, owner.companyId);
    const expired = await followUpAt(owner, customer.id, hoursFromNow(-(EXPIRY_HOURS + 2)));
    await server.db.query('UPDATE customers SET follow_ups_paused_at = now() WHERE id = $1', [customer.id]);
    const paused = await followUpAt(owner, customer.id, hoursFromNow(-1));
    const running = await worker();
    await sendJobRan(expired.id);
    await sendJobRan(paused.id);
    expect((await followUp(owner, expired.id)).status).toBe('expired');
    expect((await followUp(owner, paused.id)).status).toBe('paused');
    await running.stop();
    const events = await liveEvents(owner);

    for (const { id } of [expired, paused]) {
      const answer = await owner.api.post<{ followUpMessage: FollowUpMessage }>(
        `/api/followup/${id}/send-now`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.followUpMessage).toMatchObject({ id, status: 'scheduled', problem: null });
      const jobs = await followUpJobs(server.db, id);
      expect(jobs).toHaveLength(2);
      expect(jobs[1]).toMatchObject({ status: 'queued' });
      expect(Date.parse(jobs[1]!.run_at)).toBeLessThanOrEqual(Date.now());
    }
    await waitFor(
      () =>
        followUpEvents(events, expired.id).includes('scheduled') &&
        followUpEvents(events, paused.id).includes('scheduled'),
      { what: 'followup.changed scheduled' },
    );

    // Neither the old time nor the customer's earlier pause holds them back now.
    await worker();
    await sendJobRan(expired.id);
    await sendJobRan(paused.id);
    expect((await followUp(owner, expired.id)).status).toBe('waiting_connection');
    expect((await followUp(owner, paused.id)).status).toBe('waiting_connection');
    expect((await whatsappOf(owner, customer.id)).followUpsPausedAt).not.toBeNull();
  });

  it('409 for one scheduled, on its way, sent or cancelled; 404 for unknown and other companies’ ids', async () => {
    const owner = await newSubscriber(server);
    const other = await newSubscriber(server);
    const customer = await addCustomer(server.db, owner.companyId);
    const future = await followUpAt(owner, customer.id, hoursFromNow(5));
    const sending = await followUpAt(owner, customer.id, hoursFromNow(6));
    const sent = await followUpAt(owner, customer.id, hoursFromNow(7));
    const dropped = await followUpAt(owner, customer.id, hoursFromNow(8));
    // As the dispatcher leaves them.
    await server.db.query(`UPDATE follow_up_messages SET status = 'sending' WHERE id = $1`, [sending.id]);
    await server.db.query(`UPDATE follow_up_messages SET status = 'sent', sent_at = now() WHERE id = $1`, [
      sent.id,
    ]);
    expect((await owner.api.delete(`/api/tasks/${dropped.taskId}/follow-up`)).status).toBe(200);
    expect((await followUp(owner, dropped.id)).status).toBe('cancelled');

    for (const { id } of [future, sending, sent, dropped]) {
      const before = await followUpRow(server.db, id);
      const answer = await owner.api.post(`/api/followup/${id}/send-now`);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'FOLLOW_UP_NOT_SENDABLE',
        error:
          'Esta mensagem não pode ser enviada agora: ela já foi enviada, está a caminho ou foi cancelada.',
      });
      expect(await followUpRow(server.db, id)).toEqual(before);
    }

    for (const answer of [
      await other.api.post(`/api/followup/${future.id}/send-now`),
      await owner.api.post('/api/followup/7c2e3f0a-1b4d-4e5f-8a9b-0c1d2e3f4a5b/send-now'),
      await owner.api.post('/api/followup/nao-existe/send-now'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        code: 'NOT_FOUND',
        error: 'Mensagem de follow-up não encontrada.',
      });
    }
  });
});

describe('the follow-up as the API answers it', () => {
  it('a sent follow-up answers its conversation message’s delivery status', async () => {
    const owner = await newSubscriber(server);
    const connection = await connectWhatsapp(server.db, owner.companyId);
    const customer = await addCustomer(server.db, owner.companyId);
    const { id, taskId } = await followUpAt(owner, customer.id, hoursFromNow(-1), 'Lembrar do bolo');
    // The dispatcher's outcome: the message went out as a template and is in the conversation.
    const wamid = `wamid.lifecycle${Date.now()}`;
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO conversation_messages (company_id, customer_id, connection_id, wamid, direction, origin, type, body, status, sent_at)
       VALUES ($1, $2, $3, $4, 'outbound', 'webhook', 'text', 'Oi! Posso ajudar?', 'sent', now()) RETURNING id`,
      [owner.companyId, customer.id, connection.id, wamid],
    );
    const messageId = rows[0]!.id;
    await server.db.query(
      `UPDATE follow_up_messages SET status = 'sent', sent_at = now(), sent_as = 'template', conversation_message_id = $2
        WHERE id = $1`,
      [id, messageId],
    );
    expect(await followUp(owner, id)).toMatchObject({
      status: 'sent',
      sentAs: 'template',
      conversationMessageId: messageId,
      taskId,
    });
    // Gone out: no longer among the customer's pending follow-ups.
    const pending = await owner.api.get<{ items: FollowUpMessage[] }>(
      `/api/customers/${customer.id}/follow-ups`,
    );
    expect(pending.body.data.items).toEqual([]);

    const secret = await appSecret(server.db);
    for (const status of ['delivered', 'read'] as const) {
      const body = metaJson(envelope(connection, [statusChange(wamid, status, customer.phone!)]));
      expect((await deliver(server.url, body, secret)).status).toBe(200);
      await allProcessed(server.db);
      expect(await followUp(owner, id)).toMatchObject({ status, sentAs: 'template', problem: null });
    }
  });

  it('lists the customer’s pending follow-ups, scheduled first, with their task', async () => {
    const owner = await newSubscriber(server);
    const customer = await addCustomer(server.db, owner.companyId);
    const later = await followUpAt(owner, customer.id, hoursFromNow(9), 'Depois');
    const sooner = await followUpAt(owner, customer.id, hoursFromNow(4), 'Antes');
    const waiting = await followUpAt(owner, customer.id, hoursFromNow(-1), 'Esperando');
    await worker();
    await sendJobRan(waiting.id);
    const answer = await owner.api.get<{ items: (FollowUpMessage & { taskTitle: string | null })[] }>(
      `/api/customers/${customer.id}/follow-ups`,
    );
    expect(answer.status).toBe(200);
    expect(
      answer.body.data.items.map((item) => [item.taskTitle, item.status, item.awaitingConnection]),
    ).toEqual([
      ['Antes', 'scheduled', true],
      ['Depois', 'scheduled', true],
      ['Esperando', 'waiting_connection', true],
    ]);
    expect(answer.body.data.items.map((item) => item.id)).toEqual([sooner.id, later.id, waiting.id]);
  });
});
