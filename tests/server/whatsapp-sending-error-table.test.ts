import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../contracts/conversation';
import type { FollowUpMessage } from '../../contracts/tasks';
import type { CustomerWhatsapp } from '../../contracts/whatsapp-sending';
import { REPLY_REFUSED_TEXT } from '../../server/modules/whatsapp-sending/reply';
import { newSubscriber } from '../support/signed-in-api';
import { addCustomer } from '../support/task-fixtures';
import {
  connectSimNumber,
  customerWhoWrote,
  dueFollowUp,
  followUpSettles,
  followUpWorker,
  simSent,
  testDispatcher,
  withSendingSimulator,
} from '../support/whatsapp-sending';
import { control, type Json } from '../support/whatsapp-simulator';

/**
 * Meta's error table (../shared/whatsapp-cloud-api.md, Sending), row by row: the local Cloud API
 * refuses the next sends with the chosen Graph error, a real follow-up goes through the worker, and
 * the test reads what the owner sees (the follow-up and the customer over the API) and what reached
 * the simulator. Then the owner's reply for the rows it answers differently.
 */

/** The simulator's own pair rate never trips here: only the faults a test queues refuse a send. */
const PACING = { perSecond: 40, pairIntervalMs: 1_200 };

const setup = withSendingSimulator({ pairBurst: 5, pairIntervalSeconds: 1 });

/** Sent, or already further on: the simulator's status webhooks may have moved it by the time it is read. */
const WENT_OUT = expect.stringMatching(/^(sent|delivered|read)$/);

type Fault = { code: number; httpStatus?: number; times?: number };

/**
 * A company with a connected number, a customer (who wrote just now unless `wrote` is false, so
 * outside the window the follow-up goes as the template) and the simulator's next sends refused
 * with `faults`; the worker running.
 */
async function refusing(faults: Fault[], options: { template?: boolean; wrote?: boolean } = {}) {
  const { companyId, api } = await newSubscriber(setup.server);
  const number = await connectSimNumber(setup.server.db, setup.sim.url, companyId, {
    template: options.template,
  });
  const customer =
    options.wrote === false
      ? await addCustomer(setup.server.db, companyId)
      : await customerWhoWrote(setup.server.db, setup.sim.url, number.phoneNumberId, companyId);
  await control(setup.sim.url, 'send-faults', { phoneNumberId: number.phoneNumberId, faults });
  setup.track(
    await followUpWorker(setup.server.db, testDispatcher(setup.server.db, setup.sim.graphUrl, PACING)),
  );
  const followUp = (body = 'Oi! Seu bolo ficou pronto.') =>
    dueFollowUp(setup.server.db, companyId, customer.id, body);
  /** The follow-up as the owner reads it. */
  const seen = async (id: string) =>
    (await api.get<{ followUpMessage: FollowUpMessage }>(`/api/followup/${id}`)).body.data.followUpMessage;
  const stats = () => control(setup.sim.url, `send-stats?phoneNumberId=${number.phoneNumberId}`);
  const onWhatsapp = async () =>
    (await simSent(setup.sim.url, number.phoneNumberId, customer.phone!)).map(
      (message: Json) => message.type,
    );
  return { companyId, api, number, customer, followUp, seen, stats, onWhatsapp };
}

/** The send attempts recorded for a follow-up, oldest first, with what Meta answered. */
async function attempts(followUpId: string) {
  const { rows } = await setup.server.db.query<{
    sent_as: string;
    outcome: string | null;
    error_code: string | null;
    ms: number;
  }>(
    `SELECT sent_as, outcome, error_code, (EXTRACT(EPOCH FROM created_at) * 1000)::float8 AS ms
       FROM whatsapp_send_attempts WHERE follow_up_message_id = $1 ORDER BY created_at`,
    [followUpId],
  );
  return rows;
}

const outcomes = async (followUpId: string) =>
  (await attempts(followUpId)).map(({ sent_as, outcome, error_code }) => [sent_as, outcome, error_code]);

describe('131047 (outside the 24-hour window) answered at once to free text', () => {
  it('sends it again as the company’s template', async () => {
    const { followUp, seen, stats, onWhatsapp } = await refusing([{ code: 131047 }]);
    const id = await followUp();

    await followUpSettles(setup.server.db, id, ['sent', 'delivered', 'read']);
    expect(await seen(id)).toMatchObject({ status: WENT_OUT, sentAs: 'template', problem: null });
    expect(await outcomes(id)).toEqual([
      ['text', 'refused', '131047'],
      ['template', 'accepted', null],
    ]);
    expect(await onWhatsapp()).toEqual(['template']);
    expect(await stats()).toMatchObject({ accepted: 1, refused: { '131047': 1 } });
  });

  it('without a template it fails as NO_TEMPLATE, and nothing more is sent', async () => {
    const { followUp, seen, onWhatsapp } = await refusing([{ code: 131047 }], { template: false });
    const id = await followUp();

    await followUpSettles(setup.server.db, id, ['failed']);
    expect((await seen(id)).problem).toMatchObject({
      code: 'NO_TEMPLATE',
      actions: ['choose_template', 'send_now'],
    });
    expect(await outcomes(id)).toEqual([['text', 'refused', '131047']]);
    expect(await onWhatsapp()).toEqual([]);
  });
});

describe('131026 (the number has no WhatsApp)', () => {
  it('fails the follow-up and flags the customer, with no retry', async () => {
    const { api, customer, followUp, seen, stats } = await refusing([{ code: 131026 }]);
    const before = await api.get<CustomerWhatsapp>(`/api/customers/${customer.id}/whatsapp`);
    expect(before.body.data.undeliverable).toBe(false);
    const id = await followUp();

    await followUpSettles(setup.server.db, id, ['failed']);
    expect((await seen(id)).problem).toMatchObject({ code: '131026', actions: ['check_number'] });
    const after = await api.get<CustomerWhatsapp>(`/api/customers/${customer.id}/whatsapp`);
    expect(after.body.data.undeliverable).toBe(true);
    expect(await outcomes(id)).toEqual([['text', 'refused', '131026']]);
    expect(await stats()).toMatchObject({ accepted: 0, refused: { '131026': 1 } });
  });
});

describe('rate limits: requeued, then sent once', () => {
  it.each([
    // The number's throughput: again after a jittered pause of at least a second.
    { code: 130429, minWaitMs: 1_000 },
    // The pair rate: again no sooner than the pair interval.
    { code: 131056, minWaitMs: PACING.pairIntervalMs },
  ])('$code: again after at least $minWaitMs ms', async ({ code, minWaitMs }) => {
    const { followUp, seen, stats, onWhatsapp } = await refusing([{ code }]);
    const id = await followUp();

    await followUpSettles(setup.server.db, id, ['sent', 'delivered', 'read']);
    expect(await seen(id)).toMatchObject({ status: WENT_OUT, sentAs: 'text', problem: null });
    const [refused, accepted] = await attempts(id);
    expect(await outcomes(id)).toEqual([
      ['text', 'refused', String(code)],
      ['text', 'accepted', null],
    ]);
    expect(accepted!.ms - refused!.ms).toBeGreaterThanOrEqual(minWaitMs);
    expect(await onWhatsapp()).toEqual(['text']);
    expect(await stats()).toMatchObject({ accepted: 1, refused: { [code]: 1 }, recipientsWithDuplicates: 0 });
  });
});

describe('refusals that end the follow-up: failed, exactly one send attempt', () => {
  it.each([
    { code: 131048, actions: ['reschedule'] },
    { code: 131049, actions: ['reschedule'] },
  ])('$code (spam / marketing limits) on free text', async ({ code, actions }) => {
    // Queued twice: a retry would be refused again and show as a second attempt.
    const { followUp, seen, stats, onWhatsapp } = await refusing([{ code, times: 2 }]);
    const id = await followUp();

    await followUpSettles(setup.server.db, id, ['failed']);
    expect((await seen(id)).problem).toMatchObject({ code: String(code), actions });
    expect(await outcomes(id)).toEqual([['text', 'refused', String(code)]]);
    expect(await onWhatsapp()).toEqual([]);
    expect(await stats()).toMatchObject({ accepted: 0, refused: { [code]: 1 } });
  });

  it.each([132000, 132001])(
    '%i (template parameters / template missing) on a template send',
    async (code) => {
      const { followUp, seen, stats, onWhatsapp } = await refusing([{ code, times: 2 }], { wrote: false });
      const id = await followUp();

      await followUpSettles(setup.server.db, id, ['failed']);
      expect((await seen(id)).problem).toMatchObject({
        code: String(code),
        actions: ['choose_template', 'send_now'],
      });
      expect(await outcomes(id)).toEqual([['template', 'refused', String(code)]]);
      expect(await onWhatsapp()).toEqual([]);
      expect(await stats()).toMatchObject({ accepted: 0, refused: { [code]: 1 } });
    },
  );
});

describe('transient refusals: retried with the job’s backoff', () => {
  it.each([
    { row: '1', fault: { code: 1 } },
    { row: '131000', fault: { code: 131000 } },
    { row: 'HTTP 500', fault: { code: 2, httpStatus: 500 } },
  ])('$row twice, then sent once', async ({ fault }) => {
    const { followUp, seen, stats, onWhatsapp } = await refusing([{ ...fault, times: 2 }]);
    const id = await followUp();

    await followUpSettles(setup.server.db, id, ['sent', 'delivered', 'read']);
    expect(await seen(id)).toMatchObject({ status: WENT_OUT, sentAs: 'text', problem: null });
    expect(await outcomes(id)).toEqual([
      ['text', 'refused', String(fault.code)],
      ['text', 'refused', String(fault.code)],
      ['text', 'accepted', null],
    ]);
    expect(await onWhatsapp()).toEqual(['text']);
    expect(await stats()).toMatchObject({ accepted: 1, recipientsWithDuplicates: 0 });
  });

  it('the same error every time: GAVE_UP after the job’s last attempt', async () => {
    const { followUp, seen, stats, onWhatsapp } = await refusing([{ code: 131000, times: 50 }]);
    const id = await followUp();

    await followUpSettles(setup.server.db, id, ['failed']);
    expect((await seen(id)).problem).toMatchObject({ code: 'GAVE_UP', actions: ['send_now', 'reschedule'] });
    const { rows } = await setup.server.db.query<{ max_attempts: number }>(
      `SELECT max_attempts FROM jobs WHERE payload->>'followUpMessageId' = $1`,
      [id],
    );
    const tries = Number(rows[0]!.max_attempts);
    expect(await outcomes(id)).toEqual(Array.from({ length: tries }, () => ['text', 'refused', '131000']));
    expect(await onWhatsapp()).toEqual([]);
    expect(await stats()).toMatchObject({ accepted: 0, refused: { '131000': tries } });
  });
});

describe('the owner’s reply refused by Meta', () => {
  /** The reply goes through the test server's own dispatcher and the Cloud API it embeds. */
  async function replying(faults: Fault[]) {
    const owner = await newSubscriber(setup.server);
    const number = await connectSimNumber(setup.server.db, setup.server.url, owner.companyId);
    const customer = await customerWhoWrote(
      setup.server.db,
      setup.server.url,
      number.phoneNumberId,
      owner.companyId,
    );
    await control(setup.server.url, 'send-faults', { phoneNumberId: number.phoneNumberId, faults });
    const reply = () =>
      owner.api.post<{ message: ConversationMessage }>(`/api/customers/${customer.id}/messages`, {
        text: 'Oi!',
      });
    return { ...owner, number, customer, reply };
  }

  it('131026: 422 CUSTOMER_WITHOUT_WHATSAPP in pt-BR, and the customer is flagged', async () => {
    const { api, number, customer, reply } = await replying([{ code: 131026 }]);

    const answer = await reply();
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'CUSTOMER_WITHOUT_WHATSAPP',
      error: expect.stringContaining('Confira o número com o cliente'),
      requestId: expect.any(String),
    });
    const whatsapp = await api.get<CustomerWhatsapp>(`/api/customers/${customer.id}/whatsapp`);
    expect(whatsapp.body.data.undeliverable).toBe(true);
    expect(await simSent(setup.server.url, number.phoneNumberId, customer.phone!)).toEqual([]);
  });

  it('190: 409 WHATSAPP_NOT_CONNECTED, and the connection needs reconnecting', async () => {
    const { api, companyId, number, customer, reply } = await replying([{ code: 190 }]);

    const answer = await reply();
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'WHATSAPP_NOT_CONNECTED',
      error: expect.stringContaining('Reconecte o número'),
    });
    const { rows } = await setup.server.db.query<{ status: string }>(
      'SELECT status FROM whatsapp_connections WHERE company_id = $1',
      [companyId],
    );
    expect(rows).toEqual([{ status: 'needs_reconnect' }]);
    const whatsapp = await api.get<CustomerWhatsapp>(`/api/customers/${customer.id}/whatsapp`);
    expect(whatsapp.body.data.canSend).toBe(false);
    expect(await simSent(setup.server.url, number.phoneNumberId, customer.phone!)).toEqual([]);
  });

  it('131000 (transient): 502 WHATSAPP_GRAPH_REFUSED in pt-BR; nothing went out', async () => {
    const { number, customer, reply } = await replying([{ code: 131000 }]);

    const answer = await reply();
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'WHATSAPP_GRAPH_REFUSED',
      error: REPLY_REFUSED_TEXT,
    });
    expect(await simSent(setup.server.url, number.phoneNumberId, customer.phone!)).toEqual([]);
  });
});
