import type { CustomerDetail } from '../../../contracts/customers';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { customerNotFound } from './customer-id';
import { type CustomerRow, customerColumns, toCustomer } from './customer-row';

const DETAIL_ITEMS = 20;

interface TaskRow extends Record<string, unknown> {
  id: string;
  title: string;
  due_at: Timestamp;
  status: 'pending' | 'completed';
  has_follow_up: boolean;
}

interface DealRow extends Record<string, unknown> {
  id: string;
  title: string;
  value_cents: number;
  stage_name: string;
  status: 'open' | 'won' | 'lost';
}

/** GET /api/customers/:id: the customer, their latest tasks and deals (404 unless the company's). */
export async function customerDetail(q: Queryable, companyId: string, id: string): Promise<CustomerDetail> {
  const { rows } = await q.query<CustomerRow>(
    `SELECT ${customerColumns()} FROM customers WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  const customer = rows[0];
  if (!customer) throw customerNotFound();

  // Open tasks first, soonest due first; then the done ones, latest done first.
  const tasks = await q.query<TaskRow>(
    `SELECT id, title, coalesce(due_at, created_at) AS due_at, status,
            coalesce(reference_entity_name = 'follow_up_message', false) AS has_follow_up
       FROM tasks
      WHERE company_id = $1 AND customer_id = $2 AND status IN ('pending', 'completed')
      ORDER BY status = 'completed',
               CASE WHEN status = 'pending' THEN coalesce(due_at, created_at) END,
               completed_at DESC, id
      LIMIT ${DETAIL_ITEMS}`,
    [companyId, id],
  );
  const deals = await q.query<DealRow>(
    `SELECT d.id, d.title, d.value_cents, s.name AS stage_name, d.status
       FROM deals d JOIN deal_stages s ON s.company_id = d.company_id AND s.id = d.stage_id
      WHERE d.company_id = $1 AND d.customer_id = $2
      ORDER BY d.created_at DESC, d.id
      LIMIT ${DETAIL_ITEMS}`,
    [companyId, id],
  );

  return {
    customer: toCustomer(customer),
    tasks: tasks.rows.map((t) => ({
      id: t.id,
      title: t.title,
      dueAt: t.due_at,
      status: t.status,
      hasFollowUp: t.has_follow_up,
    })),
    deals: deals.rows.map((d) => ({
      id: d.id,
      title: d.title,
      valueCents: Number(d.value_cents),
      stageName: d.stage_name,
      status: d.status,
    })),
  };
}
