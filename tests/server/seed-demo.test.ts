import { beforeAll, describe, expect, it } from 'vitest';
import { aiTrainingInputSchema } from '../../contracts/ai-training';
import { defaultStages } from '../../contracts/sales';
import { verifyPassword } from '../../server/auth/hosted/passwords';
import {
  DEMO_COMPANY_ID,
  DEMO_STAFF_EMAIL,
  DEMO_USER_EMAIL,
  DEMO_USER_PASSWORD,
  describeSeed,
  seedDemo,
  TRIAL_ENDED_COMPANY_ID,
  TRIAL_ENDED_USER_EMAIL,
} from '../../server/demo/seed-demo';
import { loadCurrentTraining } from '../../server/modules/ai-training/current-training';
import { loadDashboard } from '../../server/modules/dashboard/dashboard';
import { loadOnboardingStatus } from '../../server/modules/onboarding/status';
import { loadSessionState } from '../../server/modules/session/session-state';
import { withTestDb } from '../support/db';

const t = withTestDb();
const db = t.db;

/** `where` may use $2, $3… for `params`; $1 is the demo company. */
async function countWhere(table: string, where: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM ${table} WHERE company_id = $1 AND ${where}`,
    [DEMO_COMPANY_ID, ...params],
  );
  return Number(rows[0]!.n);
}

/**
 * The demo owner with `email` signs in with the demo password and their session is `expected` (at
 * least); answers their user id.
 */
async function expectMemberSession(email: string, expected: Record<string, unknown>): Promise<string> {
  const { rows } = await db.query<{ id: string; password_hash: string }>(
    `SELECT u.id, p.password_hash FROM users u JOIN password_credentials p ON p.user_id = u.id
      WHERE u.email = $1`,
    [email],
  );
  expect(await verifyPassword(rows[0]!.password_hash, DEMO_USER_PASSWORD)).toBe(true);
  expect(await loadSessionState(db, rows[0]!.id)).toMatchObject(expected);
  return rows[0]!.id;
}

const COUNTS = { customers: 12, services: 5, dealStages: 5, deals: 11, tasks: 11, followUpMessages: 5 };
const ZONE = 'America/Sao_Paulo';

describe('seed:demo', () => {
  const now = new Date();
  let result: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    result = await seedDemo(db, now);
  });

  it('creates "Doces da Ana" with customers, services, a sales board and tasks', async () => {
    expect(result).toEqual({ created: true, companyId: DEMO_COMPANY_ID, counts: COUNTS });
    const company = await db.query<{ name: string; document_type: string; city: string }>(
      'SELECT name, document_type, city FROM companies WHERE id = $1',
      [DEMO_COMPANY_ID],
    );
    expect(company.rows[0]).toEqual({ name: 'Doces da Ana', document_type: 'cnpj', city: 'São Paulo' });
    const team = await db.query<{ email: string; role: string; current_company_id: string }>(
      `SELECT u.email, m.role, u.current_company_id FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.company_id = $1 ORDER BY u.email`,
      [DEMO_COMPANY_ID],
    );
    expect(team.rows).toEqual([
      { email: DEMO_USER_EMAIL, role: 'owner', current_company_id: DEMO_COMPANY_ID },
      { email: DEMO_STAFF_EMAIL, role: 'staff', current_company_id: DEMO_COMPANY_ID },
    ]);
    expect(describeSeed(result)).toContain('“Doces da Ana” criada');
  });

  it("has the owner's AI training filled in, as a valid first version", async () => {
    const training = await loadCurrentTraining(db, DEMO_COMPANY_ID);
    expect(aiTrainingInputSchema.safeParse(training).success).toBe(true);
    expect(training.businessDescription).toContain('Confeitaria');
    expect(training.faqs.length).toBeGreaterThan(0);
    const versions = await db.query<{ version: number; author: string }>(
      `SELECT v.version, u.email AS author FROM ai_training_versions v JOIN users u ON u.id = v.author_id
        WHERE v.company_id = $1`,
      [DEMO_COMPANY_ID],
    );
    expect(versions.rows).toEqual([{ version: 1, author: DEMO_USER_EMAIL }]);
  });

  it('gives customers tags, a source and a last contact', async () => {
    expect(
      await countWhere('customers', `cardinality(tags) > 0 AND source IS NOT NULL`),
    ).toBeGreaterThanOrEqual(10);
    expect(
      await countWhere('customers', 'last_contact_at IS NOT NULL AND last_contact_at <= $2', [now]),
    ).toBeGreaterThan(5);
  });

  it('fills the default stages with deals that entered them on different days, with services', async () => {
    const stages = await db.query<{ name: string; kind: string; deals: number }>(
      `SELECT s.name, s.kind, (SELECT count(*) FROM deals d WHERE d.stage_id = s.id)::int AS deals
         FROM deal_stages s WHERE s.company_id = $1 ORDER BY s.position`,
      [DEMO_COMPANY_ID],
    );
    expect(stages.rows.map(({ name, kind }) => ({ name, kind }))).toEqual(defaultStages);
    expect(stages.rows.every((stage) => stage.deals > 0)).toBe(true);
    const days = await db.query<{ n: number }>(
      `SELECT count(DISTINCT (stage_entered_at AT TIME ZONE '${ZONE}')::date)::int AS n FROM deals WHERE company_id = $1`,
      [DEMO_COMPANY_ID],
    );
    expect(days.rows[0]!.n).toBeGreaterThanOrEqual(8);
    expect(await countWhere('deals', 'stage_entered_at <= $2', [now])).toBe(COUNTS.deals);
    expect(
      await countWhere('deals d', 'EXISTS (SELECT 1 FROM deal_services l WHERE l.deal_id = d.id)'),
    ).toBeGreaterThanOrEqual(8);
    expect(await countWhere('deals', `status = 'lost' AND lost_reason IS NOT NULL`)).toBe(1);
  });

  it('shows sales won this month and in months before on the home page', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      DEMO_USER_EMAIL,
    ]);
    const home = await loadDashboard(db, { userId: rows[0]!.id, companyId: DEMO_COMPANY_ID });
    expect(home.firstName).toBe('Ana');
    expect(home.wonThisMonth).toEqual({ count: 2, totalValueCents: 83_000 });
    expect(home.wonByMonth.filter((month) => month.count > 0).length).toBeGreaterThanOrEqual(3);
    expect(home.pipeline.every((stage) => stage.dealCount > 0)).toBe(true);
    expect(home.customerCount).toBe(COUNTS.customers);
    expect(home.todayTasks.length).toBeGreaterThanOrEqual(3);
    expect(home.overdueTasks.length).toBeGreaterThanOrEqual(2);
  });

  it('has tasks overdue, due earlier and later today, in the future and done, relative to now', async () => {
    const day = `(due_at AT TIME ZONE '${ZONE}')::date`;
    const today = `($2::timestamptz AT TIME ZONE '${ZONE}')::date`;
    const pending = `status = 'pending'`;
    expect(await countWhere('tasks', `${pending} AND ${day} < ${today}`, [now])).toBe(2);
    expect(await countWhere('tasks', `${pending} AND ${day} = ${today} AND due_at < $2`, [now])).toBe(2);
    expect(await countWhere('tasks', `${pending} AND ${day} = ${today} AND due_at > $2`, [now])).toBe(1);
    expect(await countWhere('tasks', `${pending} AND ${day} > ${today}`, [now])).toBe(4);
    expect(await countWhere('tasks', `status = 'completed' AND completed_at <= $2`, [now])).toBe(2);
    // Every task about a follow-up points at an existing message of the same task, at the task's time.
    expect(
      await countWhere(
        'tasks t',
        `reference_entity_name = 'follow_up_message'
         AND EXISTS (SELECT 1 FROM follow_up_messages m
                      WHERE m.id = t.reference_entity_id AND m.task_id = t.id AND m.scheduled_for = t.due_at)`,
      ),
    ).toBe(COUNTS.followUpMessages);
  });

  it('has a recurring task with a follow-up, next to the occurrence it followed', async () => {
    const { rows } = await db.query<{
      recurrence: string;
      status: string;
      previous_status: string;
      gap: number;
    }>(
      `SELECT t.recurrence, m.status, p.status AS previous_status,
              extract(epoch FROM t.due_at - p.due_at)::int / 86400 AS gap
         FROM tasks t
         JOIN tasks p ON p.id = t.recurrence_source_id
         JOIN follow_up_messages m ON m.id = t.reference_entity_id
        WHERE t.company_id = $1`,
      [DEMO_COMPANY_ID],
    );
    expect(rows).toEqual([
      { recurrence: 'monthly', status: 'scheduled', previous_status: 'completed', gap: 30 },
    ]);
  });

  it('queues the sends of scheduled follow-ups; the one whose time passed waits for a connection', async () => {
    const statuses = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM follow_up_messages WHERE company_id = $1 GROUP BY status ORDER BY status`,
      [DEMO_COMPANY_ID],
    );
    expect(statuses.rows).toEqual([
      { status: 'scheduled', n: 2 },
      { status: 'sent', n: 2 },
      { status: 'waiting_connection', n: 1 },
    ]);
    const jobs = await db.query<{ run_at: string; scheduled_for: string }>(
      `SELECT j.run_at, m.scheduled_for FROM jobs j
         JOIN follow_up_messages m ON m.id::text = j.payload->>'followUpMessageId'
        WHERE j.company_id = $1 AND j.kind = 'followup.send'`,
      [DEMO_COMPANY_ID],
    );
    expect(jobs.rows).toHaveLength(2);
    for (const job of jobs.rows)
      expect(new Date(job.run_at).getTime()).toBe(new Date(job.scheduled_for).getTime());
  });

  it('adds nothing when run again', async () => {
    const again = await seedDemo(db);
    expect(again.created).toBe(false);
    expect(again.counts).toEqual(COUNTS);
    // Two demo owners (the confeitaria and the business whose trial ended), one subscription each, and
    // the confeitaria's staff member.
    const users = await db.query('SELECT id FROM users');
    expect(users.rows).toHaveLength(3);
    const subscriptions = await db.query('SELECT id FROM subscriptions');
    expect(subscriptions.rows).toHaveLength(2);
    expect(describeSeed(again)).toContain('já existia');
  });

  it('gives the owner an account that signs in straight to the app', async () => {
    await expectMemberSession(DEMO_USER_EMAIL, {
      company: { id: DEMO_COMPANY_ID },
      needsOnboarding: false,
      hasCompany: true,
      hasNoCurrentSubscriptionActive: false,
    });
    expect(describeSeed(await seedDemo(db))).toContain(
      `Entre com ${DEMO_USER_EMAIL} e a senha ${DEMO_USER_PASSWORD}.`,
    );
  });

  it('gives the confeitaria a staff member who signs in straight to the app, as staff', async () => {
    await expectMemberSession(DEMO_STAFF_EMAIL, {
      company: { id: DEMO_COMPANY_ID },
      role: 'staff',
      needsOnboarding: false,
      hasNoCurrentSubscriptionActive: false,
    });
    expect(describeSeed(await seedDemo(db))).toContain(DEMO_STAFF_EMAIL);
  });

  it('gives a second owner whose free trial has ended, so signing in leads to the paywall', async () => {
    const userId = await expectMemberSession(TRIAL_ENDED_USER_EMAIL, {
      company: { id: TRIAL_ENDED_COMPANY_ID },
      needsOnboarding: false,
      hasNoCurrentSubscriptionActive: true,
    });
    // Onboarding agrees with the session: every step done, as for anyone who finished sign-up.
    expect(await loadOnboardingStatus(db, userId, { resendSeconds: 60 })).toMatchObject({
      currentStep: 'trial',
      isSignupComplete: true,
      signupSteps: { userNameSet: true, hasCompanyCreated: true, phoneVerified: true },
    });
    // Left as it was: only the default stages its creation gave it.
    const bruno = await db.query<{ stages: number; customers: number; deals: number }>(
      `SELECT (SELECT count(*) FROM deal_stages WHERE company_id = $1)::int AS stages,
              (SELECT count(*) FROM customers WHERE company_id = $1)::int AS customers,
              (SELECT count(*) FROM deals WHERE company_id = $1)::int AS deals`,
      [TRIAL_ENDED_COMPANY_ID],
    );
    expect(bruno.rows[0]).toEqual({ stages: defaultStages.length, customers: 0, deals: 0 });
    expect(describeSeed(await seedDemo(db))).toContain(TRIAL_ENDED_USER_EMAIL);
  });
});
