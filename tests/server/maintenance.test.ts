import { describe, expect, it } from 'vitest';
import { AUTH_RETENTION_DAYS } from '../../server/auth/prune-auth';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '../../server/http/idempotency';
import { enqueue } from '../../server/jobs/enqueue';
import { periodKey, startSchedule } from '../../server/jobs/schedule';
import { startWorker } from '../../server/jobs/worker';
import { PRUNE_JOB, prune, pruneHandler, RETENTION } from '../../server/modules/maintenance/prune';
import { withTestDb } from '../support/db';

const t = withTestDb();
const db = t.db;

/** A job in a given state that finished `daysAgo` days ago (or was created then, if unfinished). */
async function jobFinished(kind: string, status: 'queued' | 'succeeded' | 'failed', daysAgo: number) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO jobs (kind, status, created_at, finished_at)
     VALUES ($1, $2, now() - make_interval(days => $3),
             CASE WHEN $2 = 'queued' THEN NULL ELSE now() - make_interval(days => $3) END)
     RETURNING id`,
    [kind, status, daysAgo],
  );
  return rows[0]!.id;
}

async function clientError(daysAgo: number) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO client_errors (message, url, created_at) VALUES ('boom', 'http://x/home', now() - make_interval(days => $1))
     RETURNING id`,
    [daysAgo],
  );
  return rows[0]!.id;
}

async function outboxMessage(daysAgo: number) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO dev_outbox (channel, recipient, subject, body_text, created_at)
     VALUES ('email', 'ana@example.com', 'Confirme seu e-mail', 'link', now() - make_interval(days => $1))
     RETURNING id`,
    [daysAgo],
  );
  return rows[0]!.id;
}

/**
 * Sign-in rows on both sides of the line: a sign-in revoked 10 days ago and one revoked yesterday,
 * an open one with a live and a long-expired refresh token, e-mail links and failure counters.
 */
async function authRows() {
  const userId = (
    await db.query<{ id: string }>(`INSERT INTO users (email) VALUES ('poda@exemplo.com.br') RETURNING id`)
  ).rows[0]!.id;
  const session = async (revokedDaysAgo: number | null) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO auth_sessions (user_id, sso_secret_hash, expires_at, revoked_at, revoked_reason)
         VALUES ($1, gen_random_uuid()::text, now() + interval '20 days',
                 now() - make_interval(days => $2), CASE WHEN $2::int IS NOT NULL THEN 'logout' END)
         RETURNING id`,
        [userId, revokedDaysAgo],
      )
    ).rows[0]!.id;
  const revokedLongAgo = await session(AUTH_RETENTION_DAYS + 3);
  const revokedYesterday = await session(1);
  const open = await session(null);
  const refresh = (hash: string, sessionId: string, expiresInDays: number) =>
    db.query(
      `INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`,
      [hash, sessionId, expiresInDays],
    );
  await refresh('old-1', revokedLongAgo, 20);
  await refresh('yesterday-1', revokedYesterday, 20);
  await refresh('live-1', open, 20);
  await refresh('live-expired', open, -(AUTH_RETENTION_DAYS + 3));
  await db.query(
    `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at) VALUES
       ('email-old', $1, 'verify_email', now() - make_interval(days => $2)),
       ('email-live', $1, 'reset_password', now() + interval '1 hour')`,
    [userId, AUTH_RETENTION_DAYS + 1],
  );
  await db.query(
    `INSERT INTO sign_in_failures (key, failures, window_started_at) VALUES
       ('old', 5, now() - make_interval(days => $1)), ('recent', 2, now())`,
    [AUTH_RETENTION_DAYS + 1],
  );
  return { revokedLongAgo, revokedYesterday, open };
}

/**
 * WhatsApp webhook payloads: processed and given up on, each past and within its retention, and one
 * never processed however old (it still waits for its processing).
 */
async function webhookPayloads() {
  const payload = async (received: number, processed: number | null, failed: number | null) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO whatsapp_webhook_payloads (body, received_at, processed_at, failed_at)
         VALUES ('{}', now() - make_interval(days => $1),
                 now() - make_interval(days => $2::int), now() - make_interval(days => $3::int))
         RETURNING id`,
        [received, processed, failed],
      )
    ).rows[0]!.id;
  await payload(RETENTION.processedWebhooksDays + 2, RETENTION.processedWebhooksDays + 1, null);
  await payload(RETENTION.failedWebhooksDays + 2, null, RETENTION.failedWebhooksDays + 1);
  return {
    recentProcessed: await payload(2, 1, null),
    unprocessed: await payload(400, null, null),
  };
}

/** Two stored Idempotency-Key answers: one just past its retention, one an hour old. */
async function idempotencyKeyRows() {
  const userId = (
    await db.query<{ id: string }>(`INSERT INTO users (email) VALUES ('chaves@exemplo.com.br') RETURNING id`)
  ).rows[0]!.id;
  const companyId = (
    await db.query<{ id: string }>(`INSERT INTO companies (name) VALUES ('Chaves') RETURNING id`)
  ).rows[0]!.id;
  await db.query(
    `INSERT INTO idempotency_keys (company_id, user_id, key, fingerprint, status, response, created_at) VALUES
       ($1, $2, 'old', 'f', 201, '{}', now() - make_interval(hours => $3 + 1)),
       ($1, $2, 'recent', 'f', 201, '{}', now() - interval '1 hour')`,
    [companyId, userId, IDEMPOTENCY_KEY_RETENTION_HOURS],
  );
  return { companyId };
}

const exists = async (table: 'jobs' | 'client_errors' | 'dev_outbox' | 'auth_sessions', id: string) =>
  (await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rows.length === 1;

describe('pruning old rows', () => {
  it('deletes what outlived its retention and keeps everything else, queued jobs above all', async () => {
    const oldSucceeded = await jobFinished('test.prune', 'succeeded', RETENTION.succeededJobsDays + 1);
    const recentSucceeded = await jobFinished('test.prune', 'succeeded', RETENTION.succeededJobsDays - 1);
    const oldFailed = await jobFinished('test.prune', 'failed', RETENTION.failedJobsDays + 1);
    const recentFailed = await jobFinished('test.prune', 'failed', RETENTION.succeededJobsDays + 1);
    const oldQueued = await jobFinished('test.prune', 'queued', 400);
    const oldError = await clientError(RETENTION.clientErrorsDays + 1);
    const recentError = await clientError(1);
    const payloads = await webhookPayloads();
    const oldMessage = await outboxMessage(RETENTION.devOutboxDays + 1);
    const recentMessage = await outboxMessage(RETENTION.devOutboxDays - 1);
    await db.query(
      `INSERT INTO rate_limit_hits (key, count, reset_at) VALUES
         ('GET /api/x|old', 3, now() - interval '1 second'), ('GET /api/x|live', 3, now() + interval '1 minute')`,
    );

    const auth = await authRows();
    const keys = await idempotencyKeyRows();

    expect(await prune(db)).toEqual({
      succeededJobs: 1,
      failedJobs: 1,
      clientErrors: 1,
      devOutbox: 1,
      webhookPayloads: 2,
      rateLimits: 1,
      authSessions: 1,
      refreshTokens: 1,
      emailTokens: 1,
      signInFailures: 1,
      idempotencyKeys: 1,
    });

    expect(await exists('jobs', oldSucceeded)).toBe(false);
    expect(await exists('jobs', oldFailed)).toBe(false);
    expect(await exists('client_errors', oldError)).toBe(false);
    expect(await exists('dev_outbox', oldMessage)).toBe(false);
    expect(await exists('jobs', recentSucceeded)).toBe(true);
    expect(await exists('jobs', recentFailed)).toBe(true);
    expect(await exists('jobs', oldQueued)).toBe(true);
    expect(await exists('client_errors', recentError)).toBe(true);
    expect(await exists('dev_outbox', recentMessage)).toBe(true);
    expect(await exists('auth_sessions', auth.revokedLongAgo)).toBe(false);
    expect(await exists('auth_sessions', auth.revokedYesterday)).toBe(true);
    expect(await exists('auth_sessions', auth.open)).toBe(true);
    const refresh = await db.query<{ token_hash: string }>(
      'SELECT token_hash FROM refresh_tokens ORDER BY 1',
    );
    expect(refresh.rows.map((r) => r.token_hash)).toEqual(['live-1', 'yesterday-1']);
    const email = await db.query<{ token_hash: string }>('SELECT token_hash FROM email_tokens');
    expect(email.rows.map((r) => r.token_hash)).toEqual(['email-live']);
    const failures = await db.query<{ key: string }>('SELECT key FROM sign_in_failures');
    expect(failures.rows.map((r) => r.key)).toEqual(['recent']);
    const counters = await db.query<{ key: string }>('SELECT key FROM rate_limit_hits');
    expect(counters.rows.map((r) => r.key)).toEqual(['GET /api/x|live']);
    const kept = await db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE company_id = $1', [
      keys.companyId,
    ]);
    expect(kept.rows.map((r) => r.key)).toEqual(['recent']);
    const payloadsLeft = await db.query<{ id: string }>(
      'SELECT id FROM whatsapp_webhook_payloads ORDER BY id',
    );
    expect(payloadsLeft.rows.map((r) => r.id)).toEqual(
      [payloads.recentProcessed, payloads.unprocessed].sort(),
    );

    // Idempotent: nothing more to delete.
    expect(await prune(db)).toEqual({
      succeededJobs: 0,
      failedJobs: 0,
      clientErrors: 0,
      devOutbox: 0,
      webhookPayloads: 0,
      rateLimits: 0,
      authSessions: 0,
      refreshTokens: 0,
      emailTokens: 0,
      signInFailures: 0,
      idempotencyKeys: 0,
    });
  });

  it('runs as a job through the worker', async () => {
    const stale = await clientError(RETENTION.clientErrorsDays + 5);
    const { job } = await enqueue(db, { kind: PRUNE_JOB, idempotencyKey: 'test:prune-through-worker' });
    const worker = await startWorker({ db, handlers: { [PRUNE_JOB]: pruneHandler }, pollMs: 50 });
    try {
      await expect
        .poll(
          async () =>
            (await db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job.id])).rows[0]
              ?.status,
          { timeout: 15_000, interval: 50 },
        )
        .toBe('succeeded');
    } finally {
      await worker.stop();
    }
    expect(await exists('client_errors', stale)).toBe(false);
  });
});

describe('recurring jobs', () => {
  const job = { kind: 'test.recurring', everyMs: 60 * 60 * 1000 };
  const count = async (kind: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE kind = $1', [kind])).rows[0]!.n;

  it('enqueues one job per period, however many instances run the schedule', async () => {
    const at = Date.UTC(2026, 10, 21, 10, 15);
    const instances = [1, 2, 3].map(() => startSchedule(db, [job], { now: () => at }));
    await Promise.all(instances.map((s) => s.stop()));
    expect(await count(job.kind)).toBe(1);

    // A later moment in the same hour: still one. The next hour: a second.
    await startSchedule(db, [job], { now: () => at + 30 * 60 * 1000 }).stop();
    expect(await count(job.kind)).toBe(1);
    await startSchedule(db, [job], { now: () => at + 60 * 60 * 1000 }).stop();
    expect(await count(job.kind)).toBe(2);
    const keys = (
      await db.query<{ idempotency_key: string }>(
        'SELECT idempotency_key FROM jobs WHERE kind = $1 ORDER BY idempotency_key',
        [job.kind],
      )
    ).rows.map((r) => r.idempotency_key);
    expect(keys).toEqual([periodKey(job, at), periodKey(job, at + 60 * 60 * 1000)].sort());
  });
});
