import { describe, expect, it } from 'vitest';
import { createGraphClient } from '../../server/integrations/whatsapp/graph-client';
import { DEFAULT_FOLLOW_UP_EXPIRY_HOURS } from '../../server/modules/whatsapp-sending/follow-up-cutoff';
import { resumeWaitingFollowUps } from '../../server/modules/whatsapp-sending/requeue-follow-ups';
import { waitFor } from '../support/db';
import { newSubscriber } from '../support/signed-in-api';
import {
  connectSimNumber,
  customerWhoWrote,
  dueFollowUp,
  followUpSettles,
  followUpState,
  followUpWorker,
  simSent,
  testDispatcher,
  testTokenSeal,
  withSendingSimulator,
} from '../support/whatsapp-sending';
import { appSecret, deliver, envelope, metaJson } from '../support/whatsapp-webhooks';

/**
 * The dispatcher when things go wrong: a worker that dies during the Graph call (never twice), a
 * revoked token (everything waits for reconnecting), a burst at a low limit (never refused for
 * throughput or pair rate).
 */

/** The simulator refuses the 6th send within a second: the dispatcher, at 3/s, must never get there. */
const SIM_LIMITS = { perSecond: 5, pairBurst: 1, pairIntervalSeconds: 1 };
const PACING = { perSecond: 3, pairIntervalMs: 1_500 };

const setup = withSendingSimulator(SIM_LIMITS);

async function company() {
  const { companyId, api } = await newSubscriber(setup.server);
  const number = await connectSimNumber(setup.server.db, setup.sim.url, companyId);
  return { companyId, api, number };
}

const customerInWindow = (companyId: string, phoneNumberId: string) =>
  customerWhoWrote(setup.server.db, setup.sim.url, phoneNumberId, companyId);

describe('a worker that dies during the Graph call', () => {
  it('never sends twice: the fresh worker settles it as UNCERTAIN, and the callback data completes it', async () => {
    const { companyId, number } = await company();
    const customer = await customerInWindow(companyId, number.phoneNumberId);

    // The call reaches the simulator, then its answer never comes back (the process is gone).
    let reached = 0;
    const dying = createGraphClient({
      baseUrl: () => setup.sim.graphUrl,
      version: 'v23.0',
      fetch: async (url, init) => {
        const { signal: _ignored, ...rest } = init ?? {};
        await fetch(url, rest);
        reached += 1;
        return new Promise<Response>(() => {});
      },
    });
    const doomed = await followUpWorker(
      setup.server.db,
      testDispatcher(setup.server.db, setup.sim.graphUrl, PACING, dying),
      {
        timeoutMs: 2_000,
      },
    );
    setup.track(doomed);
    const id = await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi! Chegou?');
    await waitFor(() => reached > 0, { what: 'the call to reach the simulator' });
    // The attempt was recorded before the call; the simulator's statuses (which carry the attempt's
    // id) may already have completed it through the webhook path.
    expect(['sending', 'sent']).toContain((await followUpState(setup.server.db, id)).status);
    await doomed.stop();
    expect(reached).toBe(1);

    const fresh = await followUpWorker(
      setup.server.db,
      testDispatcher(setup.server.db, setup.sim.graphUrl, PACING),
    );
    setup.track(fresh);
    await setup.server.db.query(`UPDATE jobs SET run_at = now() WHERE payload->>'followUpMessageId' = $1`, [
      id,
    ]);
    fresh.wake();
    const settled = await followUpSettles(setup.server.db, id, ['failed', 'sent']);
    if (settled.status === 'failed') expect(settled.problem_code).toBe('UNCERTAIN');
    const onWhatsapp = await simSent(setup.sim.url, number.phoneNumberId, customer.phone!);
    expect(onWhatsapp).toHaveLength(1);
    const attempts = await setup.server.db.query<{ id: string; outcome: string | null }>(
      'SELECT id, outcome FROM whatsapp_send_attempts WHERE follow_up_message_id = $1',
      [id],
    );
    expect(attempts.rows).toHaveLength(1);

    // A status naming the attempt (biz_opaque_callback_data) tells which message it was: sent.
    const wamid = onWhatsapp[0]!.wamid as string;
    const status = {
      field: 'messages',
      value: {
        statuses: [
          {
            id: wamid,
            status: 'delivered',
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: customer.phone,
            biz_opaque_callback_data: attempts.rows[0]!.id,
          },
        ],
      },
    };
    const connection = {
      id: number.connectionId,
      companyId,
      phoneNumberId: number.phoneNumberId,
      wabaId: number.wabaId,
      businessPhone: number.displayPhoneNumber.replace(/[^0-9]/g, ''),
    };
    const answer = await deliver(
      setup.server.url,
      metaJson(envelope(connection, [status])),
      await appSecret(setup.server.db),
    );
    expect(answer.status).toBe(200);
    const completed = await followUpSettles(setup.server.db, id, ['sent']);
    expect(completed).toMatchObject({ sent_as: 'text', problem_code: null });
    const { rows } = await setup.server.db.query(
      'SELECT wamid, status, origin FROM conversation_messages WHERE id = $1',
      [completed.conversation_message_id],
    );
    expect(rows[0]).toEqual({ wamid, status: 'delivered', origin: 'app' });
    expect(await simSent(setup.sim.url, number.phoneNumberId, customer.phone!)).toHaveLength(1);
  });
});

describe('a revoked token (190)', () => {
  it('marks the connection for reconnecting; nothing more is sent until it connects again', async () => {
    const { companyId, number } = await company();
    const first = await customerInWindow(companyId, number.phoneNumberId);
    const second = await customerInWindow(companyId, number.phoneNumberId);
    await setup.server.db.query('UPDATE whatsapp_connections SET access_token_encrypted = $2 WHERE id = $1', [
      number.connectionId,
      await testTokenSeal(setup.server.db).seal('EAArevoked', companyId),
    ]);
    setup.track(
      await followUpWorker(setup.server.db, testDispatcher(setup.server.db, setup.sim.graphUrl, PACING)),
    );

    const refused = await dueFollowUp(setup.server.db, companyId, first.id, 'Oi!');
    expect(await followUpSettles(setup.server.db, refused, ['waiting_connection'])).toMatchObject({
      problem_code: '190',
    });
    const { rows } = await setup.server.db.query<{ status: string }>(
      'SELECT status FROM whatsapp_connections WHERE id = $1',
      [number.connectionId],
    );
    expect(rows[0]!.status).toBe('needs_reconnect');

    const held = await dueFollowUp(setup.server.db, companyId, second.id, 'Oi também!');
    expect(await followUpSettles(setup.server.db, held, ['waiting_connection'])).toMatchObject({
      problem_code: '190',
    });
    const calls = await setup.server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM whatsapp_send_attempts WHERE connection_id = $1',
      [number.connectionId],
    );
    expect(calls.rows[0]!.n).toBe(1);

    // Connecting again (a fresh token), once their jobs are done, resumes both, their problem cleared.
    await waitFor(
      async () =>
        (
          await setup.server.db.query(
            `SELECT 1 FROM jobs WHERE payload->>'followUpMessageId' = ANY($1) AND status <> 'succeeded'`,
            [[refused, held]],
          )
        ).rows.length === 0,
      { what: 'the jobs to finish' },
    );
    const fresh = await testTokenSeal(setup.server.db).seal(number.token, companyId);
    await setup.server.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE whatsapp_connections SET status = 'connected', problem_code = NULL, access_token_encrypted = $2
          WHERE id = $1`,
        [number.connectionId, fresh],
      );
      expect(await resumeWaitingFollowUps(tx, companyId, DEFAULT_FOLLOW_UP_EXPIRY_HOURS)).toBe(2);
    });
    expect(await followUpSettles(setup.server.db, refused, ['sent'])).toMatchObject({ problem_code: null });
    expect(await followUpSettles(setup.server.db, held, ['sent'])).toMatchObject({ problem_code: null });
  });
});

describe('a burst at a low limit', () => {
  it('is paced under the number’s throughput and the pair rate: zero 130429, zero 131056', async () => {
    const { companyId, number } = await company();
    const customers = [];
    for (let i = 0; i < 8; i++) customers.push(await customerInWindow(companyId, number.phoneNumberId));
    // Two follow-ups to the first customer: the second waits for the pair rate.
    const ids = [];
    for (const customer of customers)
      ids.push(await dueFollowUp(setup.server.db, companyId, customer.id, 'Oi!'));
    ids.push(await dueFollowUp(setup.server.db, companyId, customers[0]!.id, 'Oi de novo!'));
    setup.track(
      await followUpWorker(setup.server.db, testDispatcher(setup.server.db, setup.sim.graphUrl, PACING), {
        concurrency: 4,
      }),
    );

    for (const id of ids) await followUpSettles(setup.server.db, id, ['sent']);
    const { rows } = await setup.server.db.query<{ outcome: string; error_code: string | null }>(
      'SELECT outcome, error_code FROM whatsapp_send_attempts WHERE connection_id = $1',
      [number.connectionId],
    );
    expect(rows.filter((row) => row.outcome !== 'accepted')).toEqual([]);
    expect(rows).toHaveLength(ids.length);
  }, 40_000);
});
