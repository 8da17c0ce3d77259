import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/integrations/mail/create-mailer';
import { type EmailMessage, enqueueEmail, MAIL_SEND_JOB } from '../../server/integrations/mail/enqueue-email';
import { sendEmailHandler } from '../../server/integrations/mail/send-email-job';
import { enqueue } from '../../server/jobs/enqueue';
import { type Job, type JobRow, toJob } from '../../server/jobs/job';
import { startWorker, type Worker } from '../../server/jobs/worker';
import { withTestDb } from '../support/db';
import { settledJob } from '../support/settled-job';

const t = withTestDb();
const db = t.db;
const workers: Worker[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

const silent = { info() {}, warn() {}, error() {} };

const verification: EmailMessage = {
  to: 'ana@docesdaana.com.br',
  subject: 'Confirme seu e-mail no Fechaí',
  text: 'Olá, Ana! Confirme seu e-mail: http://localhost:3000/auth/verify?token=abc123',
  html: '<p>Olá, Ana! <a href="http://localhost:3000/auth/verify?token=abc123">Confirmar e-mail</a></p>',
};

async function mailJobs(): Promise<Job[]> {
  const { rows } = await db.query<JobRow>('SELECT * FROM jobs WHERE kind = $1 ORDER BY created_at', [
    MAIL_SEND_JOB,
  ]);
  return rows.map((row) => toJob(row));
}

async function outbox(to: string) {
  const { rows } = await db.query<{
    id: string;
    subject: string;
    body_text: string;
    body_html: string | null;
  }>(`SELECT id, subject, body_text, body_html FROM dev_outbox WHERE recipient = $1 ORDER BY created_at`, [
    to,
  ]);
  return rows;
}

async function clearJobs() {
  await db.query('DELETE FROM jobs WHERE kind = $1', [MAIL_SEND_JOB]);
}

const settled = (id: string) => settledJob(db, id);

describe('enqueueEmail', () => {
  afterEach(clearJobs);

  it('queues a mail.send job that commits or rolls back with the caller’s transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, { ...verification, to: 'rollback@example.com' });
        throw new Error('the sign-up failed after queueing its e-mail');
      }),
    ).rejects.toThrow('sign-up failed');
    expect(await mailJobs()).toEqual([]);

    await db.transaction((tx) => enqueueEmail(tx, verification));
    const [job, ...rest] = await mailJobs();
    expect(rest).toEqual([]);
    expect(job).toMatchObject({ kind: MAIL_SEND_JOB, status: 'queued', payload: verification });
    expect(job!.maxAttempts).toBeGreaterThan(1);
  });

  it('accepts any plausible single address: the relay, not the queue, decides what is deliverable', async () => {
    await enqueueEmail(db, { ...verification, to: 'josé..silva+fechai@exemplo.com.br' });
    expect((await mailJobs()).map((job) => (job.payload as EmailMessage).to)).toEqual([
      'josé..silva+fechai@exemplo.com.br',
    ]);
  });

  it('queues once per idempotency key', async () => {
    await enqueueEmail(db, verification, { idempotencyKey: 'mail:test:verify:1' });
    await enqueueEmail(db, verification, { idempotencyKey: 'mail:test:verify:1' });
    expect(await mailJobs()).toHaveLength(1);
  });

  it('refuses an invalid message in the caller’s transaction instead of queueing it', async () => {
    await expect(enqueueEmail(db, { ...verification, to: 'not an address' })).rejects.toThrow(/to/);
    // One recipient only: a list would send someone's sign-in link to a second address.
    await expect(
      enqueueEmail(db, { ...verification, to: 'ana@docesdaana.com.br,eve@example.com' }),
    ).rejects.toThrow(/to/);
    await expect(
      enqueueEmail(db, { ...verification, subject: 'Olá\r\nBcc: everyone@example.com' }),
    ).rejects.toThrow(/subject/);
    expect(await mailJobs()).toEqual([]);
  });
});

describe('the embedded default: the dev outbox', () => {
  const mailer = () => createMailer(loadConfig({ NODE_ENV: 'test' }), db);

  it('is chosen when SMTP_URL is not set; SMTP when it is', () => {
    expect(mailer().kind).toBe('dev-outbox');
    const smtp = createMailer(
      loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://fechai:s3cret@smtp.example.com:587' }),
      db,
    );
    expect(smtp.kind).toBe('smtp');
    expect(smtp.description).toBe('SMTP smtp://smtp.example.com:587');
  });

  it('enqueue → worker → a row in dev_outbox', async () => {
    const to = 'bruno@example.com';
    const worker = await startWorker({
      db,
      handlers: { [MAIL_SEND_JOB]: sendEmailHandler(mailer()) },
      pollMs: 60_000,
      logger: silent,
    });
    workers.push(worker);
    await db.transaction((tx) => enqueueEmail(tx, { ...verification, to }));
    const [job] = await mailJobs();

    expect(await settled(job!.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    const rows = await outbox(to);
    expect(rows).toEqual([
      {
        id: job!.id,
        subject: verification.subject,
        body_text: verification.text,
        body_html: verification.html,
      },
    ]);
    await clearJobs();
  });

  it('stores a job that runs twice once', async () => {
    const to = 'carla@example.com';
    const { job } = await enqueue(db, { kind: MAIL_SEND_JOB, payload: { ...verification, to } });
    const handler = sendEmailHandler(mailer());
    const ctx = { db, signal: new AbortController().signal, workerId: 'test', logger: silent };
    await handler(job, ctx);
    await handler(job, ctx);
    expect(await outbox(to)).toHaveLength(1);
    await clearJobs();
  });

  it('fails a job with an invalid payload at once, without retries', async () => {
    const worker = await startWorker({
      db,
      handlers: { [MAIL_SEND_JOB]: sendEmailHandler(mailer()) },
      pollMs: 60_000,
      logger: silent,
    });
    workers.push(worker);
    const { job } = await enqueue(db, {
      kind: MAIL_SEND_JOB,
      payload: { to: 'x@example.com', subject: 'sem corpo' },
      maxAttempts: 5,
    });
    const row = await settled(job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/invalid mail\.send payload \(text\)/);
    expect(await outbox('x@example.com')).toEqual([]);
    await clearJobs();
  });
});
