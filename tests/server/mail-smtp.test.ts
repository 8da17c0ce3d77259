import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EmailMessage, enqueueEmail, MAIL_SEND_JOB } from '../../server/integrations/mail/enqueue-email';
import type { Mailer } from '../../server/integrations/mail/mailer';
import { sendEmailHandler } from '../../server/integrations/mail/send-email-job';
import { createSmtpMailer } from '../../server/integrations/mail/smtp-mailer';
import { startWorker, type Worker } from '../../server/jobs/worker';
import { withTestDb } from '../support/db';
import { settledJob } from '../support/settled-job';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';

const t = withTestDb();
const db = t.db;
const FROM = 'Fechaí <nao-responda@fechai.com.br>';
const silent = { info() {}, warn() {}, error() {} };

let sink: SmtpSink;
const workers: Worker[] = [];

beforeAll(async () => {
  sink = await startSmtpSink({
    rejectRecipient: (address) =>
      address.startsWith('inexistente@')
        ? { code: 550, message: 'Mailbox unavailable' }
        : address.startsWith('cheio@')
          ? { code: 452, message: 'Mailbox full, try later' }
          : undefined,
  });
});

afterAll(async () => {
  await sink?.close();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await db.query('DELETE FROM jobs WHERE kind = $1', [MAIL_SEND_JOB]);
  sink.received.length = 0;
});

async function runWorker(mailer: Mailer) {
  const worker = await startWorker({
    db,
    handlers: { [MAIL_SEND_JOB]: sendEmailHandler(mailer) },
    pollMs: 20,
    backoff: { baseMs: 1, capMs: 5 },
    logger: silent,
  });
  workers.push(worker);
}

/** Enqueues like a command does and returns the job's id. */
async function send(message: EmailMessage): Promise<string> {
  await db.transaction((tx) => enqueueEmail(tx, message));
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM jobs WHERE kind = $1 ORDER BY created_at DESC LIMIT 1',
    [MAIL_SEND_JOB],
  );
  return rows[0]!.id;
}

const settled = (id: string) => settledJob(db, id);

const message: EmailMessage = {
  to: 'ana@docesdaana.com.br',
  subject: 'Confirme seu e-mail no Fechaí',
  text: 'Olá, Ana!\n\nConfirme seu e-mail: http://localhost:3000/auth/verify?token=abc123\n',
  html: '<p>Olá, Ana! <a href="http://localhost:3000/auth/verify?token=abc123">Confirmar</a></p>',
};

describe('SMTP delivery', () => {
  it('delivers a queued e-mail to the relay, From = MAIL_FROM, with text and HTML', async () => {
    await runWorker(createSmtpMailer({ url: sink.url, from: FROM }));
    const jobId = await send(message);

    expect(await settled(jobId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0]!;
    expect(mail.mailFrom).toBe('nao-responda@fechai.com.br');
    expect(mail.rcptTo).toEqual(['ana@docesdaana.com.br']);
    expect(mail.headers.get('from')).toBe('Fechaí <nao-responda@fechai.com.br>');
    expect(mail.headers.get('to')).toBe('ana@docesdaana.com.br');
    expect(mail.headers.get('subject')).toBe('Confirme seu e-mail no Fechaí');
    // The job id names the message, so a second run of the same job can be recognised downstream.
    expect(mail.headers.get('message-id')).toBe(`<${jobId}@fechai.com.br>`);
    expect(mail.text.replace(/\r\n/g, '\n')).toBe(message.text);
    expect(mail.html).toBe(message.html);
  });

  it('fails the job at once when the relay rejects the recipient for good (550)', async () => {
    await runWorker(createSmtpMailer({ url: sink.url, from: FROM }));
    const jobId = await send({ ...message, to: 'inexistente@docesdaana.com.br' });

    const row = await settled(jobId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.last_error).toMatch(/^PermanentJobError: .*550/);
    expect(sink.received).toEqual([]);
  });

  it('retries a temporary rejection (452) until the attempts run out', async () => {
    const jobId = await send({ ...message, to: 'cheio@docesdaana.com.br' });
    await db.query('UPDATE jobs SET max_attempts = 2 WHERE id = $1', [jobId]);
    await runWorker(createSmtpMailer({ url: sink.url, from: FROM }));

    const row = await settled(jobId);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBeGreaterThan(1);
    expect(row.last_error).toMatch(/452/);
    expect(row.last_error).not.toMatch(/PermanentJobError/);
  });

  it('retries after the relay drops the connection, then delivers once', async () => {
    // In front of the real server: the first connection is greeted and then cut mid-conversation.
    const flaky = await startFlakyProxy(sink.port, 1);
    try {
      await runWorker(createSmtpMailer({ url: `smtp://127.0.0.1:${flaky.port}`, from: FROM }));
      const jobId = await send(message);

      const row = await settled(jobId);
      expect(row).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(flaky.dropped).toBe(1);
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.headers.get('subject')).toBe(message.subject);
    } finally {
      await flaky.close();
    }
  });
});

/** A TCP relay to `port` that cuts its first `drops` connections right after the client's EHLO. */
async function startFlakyProxy(port: number, drops: number) {
  const state = { dropped: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (state.dropped < drops) {
      state.dropped++;
      client.write('220 flaky.test ESMTP\r\n');
      client.once('data', () => client.destroy());
      return;
    }
    const upstream = connect(port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    get dropped() {
      return state.dropped;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
