import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '../../contracts/activity';
import type { ConversationMessage } from '../../contracts/conversation';
import { createTestAccount } from '../support/auth';
import { waitFor } from '../support/db';
import { newSubscriber } from '../support/signed-in-api';
import { addCustomer } from '../support/task-fixtures';
import {
  connectSimNumber,
  customerWrites,
  dueFollowUp,
  followUpSettles,
  followUpState,
  followUpWorker,
  simSent,
  testDispatcher,
  withSendingSimulator,
} from '../support/whatsapp-sending';

/**
 * Follow-ups going out through the dispatcher to the local Cloud API over HTTP, statuses coming
 * back as signed webhooks to the real server: the 24-hour window, the template fallback, Meta's
 * error table, tenants kept apart.
 */

/** The simulator's pair rate is shorter than the dispatcher's, so only a dispatcher that ignores it trips it. */
const PACING = { perSecond: 40, pairIntervalMs: 1_500 };

const setup = withSendingSimulator({ pairBurst: 1, pairIntervalSeconds: 1 });

async function worker(pacing = PACING) {
  const started = await followUpWorker(
    setup.server.db,
    testDispatcher(setup.server.db, setup.sim.graphUrl, pacing),
  );
  setup.track(started);
  return started;
}

/** A company with a connected number of the simulator and a customer who wrote `hoursAgo` ago. */
async function company(options: { template?: boolean; wroteHoursAgo?: number | null } = {}) {
  const { companyId, api } = await newSubscriber(setup.server);
  const number = await connectSimNumber(setup.server.db, setup.sim.url, companyId, options);
  const customer = await addCustomer(setup.server.db, companyId);
  if (options.wroteHoursAgo !== null) {
    await customerWrites(setup.sim.url, number.phoneNumberId, customer.phone!);
    await waitFor(async () => (await lastInbound(customer.id)) !== null, { what: 'the customer’s message' });
    await setLastInbound(customer.id, options.wroteHoursAgo ?? 1);
  }
  return { companyId, api, number, customer };
}

async function lastInbound(customerId: string): Promise<string | null> {
  const { rows } = await setup.server.db.query<{ at: string | null }>(
    'SELECT last_inbound_at AS at FROM customers WHERE id = $1',
    [customerId],
  );
  return rows[0]!.at;
}

/** Moves the customer's last message (what our window is computed from) to `hoursAgo`. */
async function setLastInbound(customerId: string, hoursAgo: number) {
  await setup.server.db.query(
    `UPDATE customers SET last_inbound_at = now() - $2::float8 * interval '1 hour' WHERE id = $1`,
    [customerId, hoursAgo],
  );
}

describe('sending a due follow-up', () => {
  it('inside the 24-hour window goes out once as free text, and is delivered', async () => {
    const { companyId, number, customer } = await company({ wroteHoursAgo: 23.9 });
    await worker();
    const id = await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi! Seu bolo ficou pronto.');

    const sent = await followUpSettles(setup.server.db, id, ['sent']);
    expect(sent).toMatchObject({ sent_as: 'text', problem_code: null });
    const onWhatsapp = await simSent(setup.sim.url, number.phoneNumberId, customer.phone!);
    expect(onWhatsapp.map((message) => [message.type, message.text])).toEqual([
      ['text', 'Oi! Seu bolo ficou pronto.'],
    ]);
    // The simulator's statuses come back by webhook and move the conversation message.
    await expectMessageStatus(sent.conversation_message_id!, 'delivered');
    const { rows } = await setup.server.db.query(
      'SELECT origin, direction, body FROM conversation_messages WHERE id = $1',
      [sent.conversation_message_id],
    );
    expect(rows[0]).toEqual({ origin: 'app', direction: 'outbound', body: 'Oi! Seu bolo ficou pronto.' });
  });

  it('goes out through the company’s number for whoever wrote it: the message and the timeline name them', async () => {
    const { companyId, api, customer } = await company({ wroteHoursAgo: 1 });
    const writer = await createTestAccount(setup.server.db, { company: false, name: 'Bruno Atendente' });
    await setup.server.db.query('INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, $3)', [
      companyId,
      writer.userId,
      'staff',
    ]);
    await worker();
    const id = await dueFollowUp(
      setup.server.db,
      companyId,
      customer.id,
      'Oi! Passando aqui.',
      writer.userId,
    );
    const sent = await followUpSettles(setup.server.db, id, ['sent']);

    const conversation = await api.get<{ items: ConversationMessage[] }>(
      `/api/customers/${customer.id}/conversation`,
    );
    const message = conversation.body.data.items.find((item) => item.id === sent.conversation_message_id);
    expect(message?.sentBy).toEqual({ userId: writer.userId, name: 'Bruno Atendente' });
    const timeline = await api.get<{ events: ActivityEvent[] }>(`/api/customers/${customer.id}/activity`);
    expect(timeline.body.data.events).toEqual([
      expect.objectContaining({
        action: 'message.sent',
        actor: { userId: writer.userId, name: 'Bruno Atendente' },
        details: { via: 'follow_up' },
      }),
    ]);
  });

  it('just outside the window goes out as the company’s template, the text as its parameter', async () => {
    const { companyId, number, customer } = await company({ wroteHoursAgo: 24.01 });
    await worker();
    const id = await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi!\nSeu bolo\tficou pronto.');

    expect(await followUpSettles(setup.server.db, id, ['sent'])).toMatchObject({ sent_as: 'template' });
    const onWhatsapp = await simSent(setup.sim.url, number.phoneNumberId, customer.phone!);
    expect(onWhatsapp).toHaveLength(1);
    expect(onWhatsapp[0]).toMatchObject({ type: 'template' });
  });

  it('outside the window without a template is not sent: NO_TEMPLATE', async () => {
    const { companyId, number, customer } = await company({ template: false, wroteHoursAgo: 30 });
    await worker();
    const id = await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi!');

    expect(await followUpSettles(setup.server.db, id, ['failed'])).toMatchObject({
      problem_code: 'NO_TEMPLATE',
    });
    expect(await simSent(setup.sim.url, number.phoneNumberId, customer.phone!)).toEqual([]);
  });

  it('free text Meta fails later with 131047 is sent again as the template', async () => {
    // Our side thinks the window is open; WhatsApp never heard from this customer.
    const { companyId, number, customer } = await company({ wroteHoursAgo: null });
    await setLastInbound(customer.id, 1);
    await worker();
    const id = await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi! Tudo bem?');

    const resent = await waitForSent(id, 'template');
    expect(resent.problem_code).toBeNull();
    const onWhatsapp = await simSent(setup.sim.url, number.phoneNumberId, customer.phone!);
    expect(onWhatsapp.map((message) => message.type)).toEqual(['text', 'template']);
    expect(await attempts(id)).toEqual([
      { sent_as: 'text', outcome: 'accepted' },
      { sent_as: 'template', outcome: 'accepted' },
    ]);
  });

  it('131026 (no WhatsApp on the number): failed, and the customer is flagged', async () => {
    const { companyId, customer } = await company({ wroteHoursAgo: 1 });
    await fetch(`${setup.sim.url}/dev/whatsapp/api/unreachable`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: customer.phone, unreachable: true }),
    });
    await worker();
    const id = await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi!');

    expect(await followUpSettles(setup.server.db, id, ['failed'])).toMatchObject({ problem_code: '131026' });
    const { rows } = await setup.server.db.query<{ flagged: boolean }>(
      'SELECT whatsapp_undeliverable_at IS NOT NULL AS flagged FROM customers WHERE id = $1',
      [customer.id],
    );
    expect(rows[0]!.flagged).toBe(true);
  });

  it('without a connection, it waits for one (NO_CONNECTION), and another company’s number is never used', async () => {
    const other = await company({ wroteHoursAgo: 1 });
    const { companyId } = await newSubscriber(setup.server);
    // The same phone as the other company's customer: only the company's own connection may send.
    const customer = await addCustomer(setup.server.db, companyId, { phone: other.customer.phone });
    await worker();
    const id = await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi, da outra empresa!');

    expect(await followUpSettles(setup.server.db, id, ['waiting_connection'])).toMatchObject({
      problem_code: 'NO_CONNECTION',
    });
    expect(await simSent(setup.sim.url, other.number.phoneNumberId, customer.phone!)).toEqual([]);
  });
});

async function waitForSent(id: string, sentAs: string) {
  return followUpSettlesAs(id, (state) => state.status === 'sent' && state.sent_as === sentAs);
}

async function followUpSettlesAs(
  id: string,
  check: (state: Awaited<ReturnType<typeof followUpState>>) => boolean,
) {
  return waitFor(
    async () => {
      const state = await followUpState(setup.server.db, id);
      return check(state) ? state : null;
    },
    { what: `follow-up ${id}` },
  );
}

async function expectMessageStatus(messageId: string, status: string) {
  await waitFor(
    async () => {
      const { rows } = await setup.server.db.query<{ status: string | null }>(
        'SELECT status FROM conversation_messages WHERE id = $1',
        [messageId],
      );
      return rows[0]?.status === status;
    },
    { what: `message ${messageId} ${status}` },
  );
}

async function attempts(followUpId: string) {
  const { rows } = await setup.server.db.query(
    `SELECT sent_as, outcome FROM whatsapp_send_attempts WHERE follow_up_message_id = $1 ORDER BY created_at`,
    [followUpId],
  );
  return rows;
}
