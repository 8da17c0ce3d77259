import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { enqueueFollowUpSend, FOLLOW_UP_SEND_JOB } from '../../server/modules/tasks/follow-up-job';
import { taskSummary } from '../../server/modules/tasks/task-summary';
import { openTestDb, type TestDb } from '../support/db';
import { migrateBefore } from '../support/migrate-before';

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb({ migrated: false });
  // The database as it was before 009_tasks.sql.
  await migrateBefore(t.db, '009');
});
afterAll(() => t?.close());

describe('009_tasks.sql on existing data', () => {
  it('gives tasks without a due time one, keeps follow-ups and queues their sends, and counts what was there', async () => {
    const db = t.db;
    const companyId = (
      await db.query<{ id: string }>(`INSERT INTO companies (name) VALUES ('Antiga') RETURNING id`)
    ).rows[0]!.id;
    const customerId = (
      await db.query<{ id: string }>(
        `INSERT INTO customers (company_id, name, phone) VALUES ($1, 'Rita', '5511987650000') RETURNING id`,
        [companyId],
      )
    ).rows[0]!.id;
    const { rows: tasks } = await db.query<{ id: string; title: string }>(
      `INSERT INTO tasks (company_id, title, due_at, status, completed_at, created_at) VALUES
         ($1, 'sem prazo', NULL, 'pending', NULL, now() - interval '3 days'),
         ($1, 'sem prazo, feita', NULL, 'completed', now() - interval '1 day', now() - interval '5 days'),
         ($1, 'com prazo', now() + interval '4 days', 'pending', NULL, now())
       RETURNING id, title`,
      [companyId],
    );
    const withFollowUp = tasks.find((task) => task.title === 'com prazo')!.id;
    const scheduled = (
      await db.query<{ id: string }>(
        `INSERT INTO follow_up_messages (company_id, task_id, customer_id, body, scheduled_for)
         VALUES ($1, $2, $3, 'Oi!', now() + interval '4 days' + interval '123 microseconds') RETURNING id`,
        [companyId, withFollowUp, customerId],
      )
    ).rows[0]!.id;
    const done = tasks.find((task) => task.title === 'sem prazo, feita')!.id;
    await db.query(
      `INSERT INTO follow_up_messages (company_id, task_id, customer_id, body, scheduled_for, status, sent_at)
       VALUES ($1, $2, $3, 'Já foi', now() - interval '1 day', 'sent', now() - interval '1 day')`,
      [companyId, done, customerId],
    );

    expect(await migrate(db)).toContain('009_tasks.sql');

    const { rows } = await db.query<{ title: string; due_is_created: boolean; due_is_completed: boolean }>(
      `SELECT title, due_at = created_at AS due_is_created, due_at = completed_at AS due_is_completed
         FROM tasks WHERE company_id = $1 ORDER BY title`,
      [companyId],
    );
    expect(rows).toEqual([
      { title: 'com prazo', due_is_created: false, due_is_completed: null },
      { title: 'sem prazo', due_is_created: true, due_is_completed: null },
      { title: 'sem prazo, feita', due_is_created: false, due_is_completed: true },
    ]);
    expect(await taskSummary(db, companyId)).toEqual({ today: 0, future: 1, completed: 1, overdue: 1 });
    const message = await db.query<{ status: string; last_error: string | null }>(
      'SELECT status, last_error FROM follow_up_messages WHERE task_id = $1',
      [withFollowUp],
    );
    expect(message.rows).toEqual([{ status: 'scheduled', last_error: null }]);

    // Messages written before follow-ups were jobs would never go out: each scheduled one gets the
    // send job saving its task queues (the same key: saving it again queues nothing more).
    const queued = await db.query<{ id: string; run_on_time: boolean; status: string }>(
      `SELECT j.id, j.run_at = m.scheduled_for AS run_on_time, j.status
         FROM jobs j JOIN follow_up_messages m ON m.id::text = j.payload->>'followUpMessageId'
        WHERE j.company_id = $1 AND j.kind = $2`,
      [companyId, FOLLOW_UP_SEND_JOB],
    );
    expect(queued.rows).toEqual([{ id: expect.any(String), run_on_time: true, status: 'queued' }]);
    const saved = await db.transaction((tx) => enqueueFollowUpSend(tx, companyId, scheduled));
    expect(saved.id).toBe(queued.rows[0]!.id);
  });

  it('then refuses a task without a due time and a follow-up status it does not know', async () => {
    const db = t.db;
    const companyId = (
      await db.query<{ id: string }>(`INSERT INTO companies (name) VALUES ('Nova') RETURNING id`)
    ).rows[0]!.id;
    const failure = (statement: Promise<unknown>) =>
      statement.then(
        () => 'ok',
        (err: { code?: string }) => err.code,
      );
    expect(
      await failure(
        db.query(`INSERT INTO tasks (company_id, title, due_at) VALUES ($1, 'x', NULL)`, [companyId]),
      ),
    ).toBe('23502');
    const customerId = (
      await db.query<{ id: string }>(
        `INSERT INTO customers (company_id, name) VALUES ($1, 'Rui') RETURNING id`,
        [companyId],
      )
    ).rows[0]!.id;
    const insertMessage = (status: string) =>
      db.query(
        `INSERT INTO follow_up_messages (company_id, customer_id, body, scheduled_for, status)
         VALUES ($1, $2, 'Oi', now(), $3)`,
        [companyId, customerId, status],
      );
    expect(await failure(insertMessage('waiting_connection'))).toBe('ok');
    expect(await failure(insertMessage('queued'))).toBe('23514');
  });

  it('drops the counts of a company deleted with its tasks', async () => {
    const db = t.db;
    const companyId = (
      await db.query<{ id: string }>(`INSERT INTO companies (name) VALUES ('Some') RETURNING id`)
    ).rows[0]!.id;
    await db.query(
      `INSERT INTO tasks (company_id, title, due_at) SELECT $1, 'x', now() + g * interval '1 day' FROM generate_series(1, 5) g`,
      [companyId],
    );
    await db.query('DELETE FROM companies WHERE id = $1', [companyId]);
    const { rows } = await db.query('SELECT * FROM task_day_counts WHERE company_id = $1', [companyId]);
    expect(rows).toEqual([]);
  });
});
