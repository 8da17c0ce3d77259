import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLER_CHANGES_CHANNEL } from '../../server/auth/api/caller-cache';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber, signedInApi } from '../support/signed-in-api';
import { withTwoInstances } from '../support/two-instances';

/**
 * The server keeps who calls per sign-in for a few seconds. Whatever changes it — a logout, a role,
 * a removal, a company switch, the subscription — must take effect on the very next request, even
 * when the change is written by other code (here: plain SQL, as a webhook or a job would).
 * Each case first calls once, so the caller is held, then changes it, then calls again.
 */
describe('who calls, kept per sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function heldSubscriber(): Promise<Subscriber> {
    const subscriber = await newSubscriber(server);
    expect((await subscriber.api.get('/api/customers')).status).toBe(200);
    return subscriber;
  }

  it('a logged-out sign-in is refused at once', async () => {
    const { account, api } = await heldSubscriber();
    await server.db.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1`,
      [account.sessionId],
    );
    const answer = await api.get('/api/customers');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });

  it('a subscription that ends answers 402 at once, and a new one lets the company in again', async () => {
    const { companyId, api } = await heldSubscriber();
    await server.db.query(`UPDATE subscriptions SET status = 'canceled' WHERE company_id = $1`, [companyId]);
    expect((await api.get('/api/customers')).status).toBe(402);
    await server.db.query(
      `INSERT INTO subscriptions (company_id, status, current_period_start, current_period_end)
       VALUES ($1, 'active', now() - interval '1 day', now() + interval '30 days')`,
      [companyId],
    );
    expect((await api.get('/api/customers')).status).toBe(200);
  });

  it('a subscription whose period runs out answers 402 from that moment, with no write', async () => {
    const subscriber = await newSubscriber(server);
    await server.db.query(
      `UPDATE subscriptions SET current_period_end = now() + interval '3 seconds' WHERE company_id = $1`,
      [subscriber.companyId],
    );
    expect((await subscriber.api.get('/api/customers')).status).toBe(200);
    // Nothing is written when a period ends: the held answer knows when it does.
    await server.db.query(
      `SELECT pg_sleep(GREATEST(0, extract(epoch FROM current_period_end - clock_timestamp()) + 0.1))
         FROM subscriptions WHERE company_id = $1`,
      [subscriber.companyId],
    );
    expect((await subscriber.api.get('/api/customers')).status).toBe(402);
  });

  it('a member removed from the company loses it at once; a role change applies at once', async () => {
    const { companyId, account, api } = await heldSubscriber();
    // Owner to staff: the owner's team screen is refused right away.
    expect((await api.get('/api/settings/team')).status).toBe(200);
    await server.db.query(`UPDATE memberships SET role = 'staff' WHERE company_id = $1 AND user_id = $2`, [
      companyId,
      account.userId,
    ]);
    expect((await api.get('/api/settings/team')).status).toBe(403);
    await server.db.query('DELETE FROM memberships WHERE company_id = $1 AND user_id = $2', [
      companyId,
      account.userId,
    ]);
    const answer = await api.get('/api/customers');
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FORBIDDEN');
  });

  it("switching company answers with the new company's data at once", async () => {
    const first = await heldSubscriber();
    const second = await newSubscriber(server);
    await server.db.query(`INSERT INTO customers (company_id, name) VALUES ($1, 'Cliente da segunda')`, [
      second.companyId,
    ]);
    await server.db.query(`INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, 'staff')`, [
      second.companyId,
      first.account.userId,
    ]);
    await server.db.query('UPDATE users SET current_company_id = $1 WHERE id = $2', [
      second.companyId,
      first.account.userId,
    ]);
    const answer = await first.api.get<{ customers: { name: string }[] }>('/api/customers');
    expect(answer.status).toBe(200);
    expect(answer.body.data.customers.map((c) => c.name)).toEqual(['Cliente da segunda']);
  });

  it('a deleted user is refused at once', async () => {
    const { account, api } = await heldSubscriber();
    await server.db.query('DELETE FROM users WHERE id = $1', [account.userId]);
    expect((await api.get('/api/customers')).status).toBe(401);
  });
});

/**
 * Two instances of the server on one PostgreSQL: a logout written through one is refused by the
 * other as soon as the notification reaches it (PGlite is one process: nothing to share).
 */
describe.runIf(process.env.DATABASE_URL)('who calls, across instances', () => {
  const instances = withTwoInstances();

  it('a sign-in revoked through the other instance is refused once the change arrives', async () => {
    const subscriber = await newSubscriber(instances.first);
    const throughSecond = signedInApi(instances.second.url, subscriber.account);
    expect((await subscriber.api.get('/api/customers')).status).toBe(200);
    expect((await throughSecond.get('/api/customers')).status).toBe(200);

    // Heard on the first instance's database connection after its cache (which listened first).
    const heard = new Promise<void>((resolve) => {
      void instances.firstDb.listen(CALLER_CHANGES_CHANNEL, (payload) => {
        if (payload === `s:${subscriber.account.sessionId}`) resolve();
      });
    });
    await instances.second.db.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1`,
      [subscriber.account.sessionId],
    );
    expect((await throughSecond.get('/api/customers')).status).toBe(401);
    await heard;
    expect((await subscriber.api.get('/api/customers')).status).toBe(401);
  });
});
