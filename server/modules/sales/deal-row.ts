import type { Deal, DealCard, StageKind } from '../../../contracts/sales';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';
import { personNameSql, toPerson } from '../activity/person';
import { DEAL_NOT_FOUND_TEXT } from './texts';

/** A card's columns; `d` is the deal, `c` its customer (see DEAL_FROM). */
export const DEAL_CARD_COLUMNS = `d.id, d.title, d.value_cents, d.stage_id, d.position, d.customer_id,
  c.name AS customer_name, d.expected_close_date::text AS expected_close_date, d.stage_entered_at,
  d.assignee_user_id, ${personNameSql('au')} AS assignee_name`;

/**
 * The customer is joined within the same company (the foreign key already keeps it there); the
 * assignee is a user (a removed member's name stays on the deals they had).
 */
export const DEAL_FROM = `deals d LEFT JOIN customers c ON c.company_id = d.company_id AND c.id = d.customer_id
  LEFT JOIN users au ON au.id = d.assignee_user_id`;

export interface DealCardRow extends Record<string, unknown> {
  id: string;
  title: string;
  value_cents: number;
  stage_id: string;
  position: number;
  customer_id: string | null;
  customer_name: string | null;
  expected_close_date: string | null;
  stage_entered_at: Timestamp;
  assignee_user_id: string | null;
  assignee_name: string | null;
}

interface DealRow extends DealCardRow {
  status: StageKind;
  notes: string | null;
  lost_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: Timestamp | null;
  created_by_user_id: string | null;
  created_by_name: string | null;
}

interface DealServiceRow extends Record<string, unknown> {
  service_id: string;
  name: string;
  price_cents: number;
  quantity: number;
}

export function toDealCard(row: DealCardRow): DealCard {
  return {
    id: row.id,
    title: row.title,
    valueCents: row.value_cents,
    stageId: row.stage_id,
    customer: row.customer_id && row.customer_name ? { id: row.customer_id, name: row.customer_name } : null,
    expectedCloseDate: row.expected_close_date,
    stageEnteredAt: row.stage_entered_at,
    assignee: toPerson(row.assignee_user_id, row.assignee_name),
  };
}

/** The deal with its services, or null when the company has no such deal (malformed ids included). */
export async function findDeal(q: Queryable, companyId: string, dealId: string): Promise<Deal | null> {
  if (!isUuid(dealId)) return null;
  const { rows } = await q.query<DealRow>(
    `SELECT ${DEAL_CARD_COLUMNS}, d.status, d.notes, d.lost_reason, d.created_at, d.updated_at, d.closed_at,
            d.created_by_user_id, ${personNameSql('cu')} AS created_by_name
       FROM ${DEAL_FROM} LEFT JOIN users cu ON cu.id = d.created_by_user_id
      WHERE d.company_id = $1 AND d.id = $2`,
    [companyId, dealId],
  );
  const row = rows[0];
  if (!row) return null;
  const lines = await q.query<DealServiceRow>(
    `SELECT l.service_id, s.name, l.price_cents, l.quantity
       FROM deal_services l JOIN services s ON s.company_id = l.company_id AND s.id = l.service_id
      WHERE l.company_id = $1 AND l.deal_id = $2
      ORDER BY l.position, l.created_at, l.service_id`,
    [companyId, dealId],
  );
  return {
    ...toDealCard(row),
    status: row.status,
    notes: row.notes,
    lostReason: row.lost_reason,
    services: lines.rows.map((line) => ({
      serviceId: line.service_id,
      name: line.name,
      priceCents: line.price_cents,
      quantity: line.quantity,
    })),
    createdBy: toPerson(row.created_by_user_id, row.created_by_name),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
  };
}

export function dealNotFound(): HttpError {
  return new HttpError(404, 'NOT_FOUND', DEAL_NOT_FOUND_TEXT);
}

/** findDeal, or the 404 a caller gets for another company's (or an unknown) deal. */
export async function loadDeal(q: Queryable, companyId: string, dealId: string): Promise<Deal> {
  const deal = await findDeal(q, companyId, dealId);
  if (!deal) throw dealNotFound();
  return deal;
}
