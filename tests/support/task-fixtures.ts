import type { Task } from '../../contracts/tasks';
import type { Db } from '../../server/db/types';

/**
 * Customers, tasks and follow-up rows for tests of the tasks area: written straight to the tables
 * where a test needs explicit times, and read back as stored.
 */

let phoneSequence = 0;

/** A customer of the company; with a WhatsApp number unless `phone: null`. */
export async function addCustomer(
  db: Db,
  companyId: string,
  { name = 'Maria Souza', phone }: { name?: string; phone?: string | null } = {},
): Promise<{ id: string; name: string; phone: string | null }> {
  phoneSequence += 1;
  const number = phone === undefined ? `55119${String(70000000 + phoneSequence).padStart(8, '0')}` : phone;
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO customers (company_id, name, phone) VALUES ($1, $2, $3) RETURNING id',
    [companyId, name, number],
  );
  return { id: rows[0]!.id, name, phone: number };
}

export interface InsertedTask {
  title?: string;
  /** An SQL expression for due_at, e.g. `now() - interval '1 hour'`, or a timestamptz literal. */
  dueAt: string;
  status?: 'pending' | 'completed';
  /** An SQL expression for completed_at (completed tasks; now() when omitted). */
  completedAt?: string;
}

/** Tasks written straight to the table, at explicit times; answers their ids in order. */
export async function insertTasks(db: Db, companyId: string, tasks: InsertedTask[]): Promise<string[]> {
  const ids: string[] = [];
  for (const task of tasks) {
    const status = task.status ?? 'pending';
    const completedAt = status === 'completed' ? (task.completedAt ?? 'now()') : 'NULL';
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO tasks (company_id, title, due_at, status, completed_at)
       VALUES ($1, $2, ${task.dueAt}, $3, ${completedAt}) RETURNING id`,
      [companyId, task.title ?? 'Tarefa', status],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

/** A task body as the form sends it. */
export function taskBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Ligar para confirmar o pedido',
    description: 'Bolo de chocolate para sábado',
    dueAt: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
    customerId: null,
    recurrence: 'none',
    ...overrides,
  };
}

export type TaskAnswer = { task: Task };

/** The database's clock (the one the filters read). */
export async function dbNow(db: Db): Promise<Date> {
  const { rows } = await db.query<{ now: string }>('SELECT now() AS now');
  return new Date(rows[0]!.now);
}

/** A follow-up message row as stored. */
export async function followUpRow(db: Db, id: string) {
  const { rows } = await db.query<{
    id: string;
    task_id: string | null;
    customer_id: string;
    body: string;
    scheduled_for: string;
    status: string;
    sent_at: string | null;
    last_error: string | null;
  }>('SELECT * FROM follow_up_messages WHERE id = $1', [id]);
  return rows[0];
}

/** The follow-up send jobs queued for a message, oldest first. */
export async function followUpJobs(db: Db, messageId: string) {
  const { rows } = await db.query<{
    id: string;
    status: string;
    run_at: string;
    idempotency_key: string;
    payload: { followUpMessageId: string; scheduledFor: string };
  }>(
    `SELECT id, status, run_at, idempotency_key, payload FROM jobs
      WHERE kind = 'followup.send' AND payload->>'followUpMessageId' = $1
      ORDER BY created_at, idempotency_key`,
    [messageId],
  );
  return rows;
}
