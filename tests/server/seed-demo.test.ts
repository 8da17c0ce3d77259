import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/hosted/passwords';
import {
  DEMO_COMPANY_ID,
  DEMO_USER_EMAIL,
  DEMO_USER_PASSWORD,
  describeSeed,
  seedDemo,
  TRIAL_ENDED_COMPANY_ID,
  TRIAL_ENDED_USER_EMAIL,
} from '../../server/demo/seed-demo';
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
async function expectOwnerSession(email: string, expected: Record<string, unknown>): Promise<string> {
  const { rows } = await db.query<{ id: string; password_hash: string }>(
    `SELECT u.id, p.password_hash FROM users u JOIN password_credentials p ON p.user_id = u.id
      WHERE u.email = $1`,
    [email],
  );
  expect(await verifyPassword(rows[0]!.password_hash, DEMO_USER_PASSWORD)).toBe(true);
  expect(await loadSessionState(db, rows[0]!.id)).toMatchObject(expected);
  return rows[0]!.id;
}

describe('seed:demo', () => {
  it('creates "Doces da Ana" with customers, services, a sales board and tasks', async () => {
    const now = new Date();
    const result = await seedDemo(db, now);
    expect(result).toEqual({
      created: true,
      companyId: DEMO_COMPANY_ID,
      counts: { customers: 12, services: 5, dealStages: 4, deals: 8, tasks: 10, followUpMessages: 3 },
    });
    const company = await db.query<{ name: string; document_type: string }>(
      'SELECT name, document_type FROM companies WHERE id = $1',
      [DEMO_COMPANY_ID],
    );
    expect(company.rows[0]).toEqual({ name: 'Doces da Ana', document_type: 'cnpj' });

    const stages = await db.query<{ name: string }>(
      'SELECT name FROM deal_stages WHERE company_id = $1 ORDER BY position',
      [DEMO_COMPANY_ID],
    );
    expect(stages.rows.map((s) => s.name)).toEqual([
      'Novo contato',
      'Orçamento enviado',
      'Negociação',
      'Fechado',
    ]);
    expect(await countWhere('deal_stages s', 'EXISTS (SELECT 1 FROM deals d WHERE d.stage_id = s.id)')).toBe(
      4,
    );

    // Tasks overdue, due today (São Paulo), later, and done.
    const day = `(due_at AT TIME ZONE 'America/Sao_Paulo')::date`;
    const today = `($2::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date`;
    expect(await countWhere('tasks', `status = 'pending' AND ${day} < ${today}`, [now])).toBe(2);
    expect(await countWhere('tasks', `status = 'pending' AND ${day} = ${today}`, [now])).toBe(3);
    expect(await countWhere('tasks', `status = 'pending' AND ${day} > ${today}`, [now])).toBe(4);
    expect(await countWhere('tasks', `status = 'completed'`)).toBe(1);
    // Every task about a follow-up points at an existing message of the same task.
    expect(
      await countWhere(
        'tasks t',
        `reference_entity_name = 'follow_up_message'
         AND EXISTS (SELECT 1 FROM follow_up_messages m WHERE m.id = t.reference_entity_id AND m.task_id = t.id)`,
      ),
    ).toBe(3);

    const owner = await db.query<{ role: string; current_company_id: string }>(
      `SELECT m.role, u.current_company_id FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.company_id = $1`,
      [DEMO_COMPANY_ID],
    );
    expect(owner.rows).toEqual([{ role: 'owner', current_company_id: DEMO_COMPANY_ID }]);
    expect(describeSeed(result)).toContain('“Doces da Ana” criada');
  });

  it('adds nothing when run again', async () => {
    const again = await seedDemo(db);
    expect(again.created).toBe(false);
    expect(again.counts).toEqual({
      customers: 12,
      services: 5,
      dealStages: 4,
      deals: 8,
      tasks: 10,
      followUpMessages: 3,
    });
    // Two demo owners (the confeitaria and the business whose trial ended), one subscription each.
    const users = await db.query('SELECT id FROM users');
    expect(users.rows).toHaveLength(2);
    const subscriptions = await db.query('SELECT id FROM subscriptions');
    expect(subscriptions.rows).toHaveLength(2);
    expect(describeSeed(again)).toContain('já existia');
  });

  it('gives the owner an account that signs in straight to the app', async () => {
    await expectOwnerSession(DEMO_USER_EMAIL, {
      company: { id: DEMO_COMPANY_ID },
      needsOnboarding: false,
      hasCompany: true,
      hasNoCurrentSubscriptionActive: false,
    });
    expect(describeSeed(await seedDemo(db))).toContain(
      `Entre com ${DEMO_USER_EMAIL} e a senha ${DEMO_USER_PASSWORD}.`,
    );
  });

  it('gives a second owner whose free trial has ended, so signing in leads to the paywall', async () => {
    const userId = await expectOwnerSession(TRIAL_ENDED_USER_EMAIL, {
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
    expect(describeSeed(await seedDemo(db))).toContain(TRIAL_ENDED_USER_EMAIL);
  });
});
