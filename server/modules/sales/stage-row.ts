import type { DealStage, StageKind } from '../../../contracts/sales';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';
import { STAGE_NOT_FOUND_TEXT } from './texts';

export interface StageRow extends Record<string, unknown> {
  id: string;
  name: string;
  position: number;
  kind: StageKind;
}

/** `s` is deal_stages. */
export const STAGE_COLUMNS = 's.id, s.name, s.position, s.kind';

export function toStage(row: StageRow): DealStage {
  return { id: row.id, name: row.name, position: row.position, kind: row.kind };
}

export function stageNotFound(): HttpError {
  return new HttpError(404, 'NOT_FOUND', STAGE_NOT_FOUND_TEXT);
}

/** The company's stages in board order. */
export async function listStages(q: Queryable, companyId: string): Promise<StageRow[]> {
  const { rows } = await q.query<StageRow>(
    `SELECT ${STAGE_COLUMNS} FROM deal_stages s WHERE s.company_id = $1 ORDER BY s.position`,
    [companyId],
  );
  return rows;
}

export interface StageWithTotals extends StageRow {
  /** Every deal in the stage, and their value: the board's column totals and the home's pipeline. */
  deal_count: number;
  total_value_cents: number;
}

/**
 * The count and value of ALL the company's deals (`$1`) per stage, as a derived table to join on
 * `stage_id`: the board's column totals and the home's pipeline, from the totals migration 040's
 * triggers keep (a few rows per stage, one per assignee). With `assigneeParam` (the query parameter,
 * e.g. '$3', holding a member's id) only that member's deals ("minhas").
 */
export function stageTotalsSql(assigneeParam?: string): string {
  const mine = assigneeParam === undefined ? '' : ` AND assignee_user_id = ${assigneeParam}`;
  return `(SELECT stage_id, sum(deal_count) AS deal_count, sum(value_cents) AS total_value_cents
             FROM deal_stage_totals WHERE company_id = $1${mine} GROUP BY stage_id)`;
}

/** The company's (`$1`) stages in board order, each with the count and value of ALL its deals. */
export const STAGES_WITH_TOTALS_SQL = `SELECT ${STAGE_COLUMNS}, COALESCE(t.deal_count, 0)::int AS deal_count,
         COALESCE(t.total_value_cents, 0)::float8 AS total_value_cents
    FROM deal_stages s LEFT JOIN ${stageTotalsSql()} t ON t.stage_id = s.id
   WHERE s.company_id = $1
   ORDER BY s.position`;

/**
 * Locks the company's stages (in id order, so two writers never wait on each other crosswise) and
 * answers them in board order. Every command that places deals or changes stages takes this lock
 * first, so positions are computed by one writer at a time per company.
 */
export async function lockBoard(tx: Queryable, companyId: string): Promise<StageRow[]> {
  const { rows } = await tx.query<StageRow>(
    `SELECT ${STAGE_COLUMNS} FROM deal_stages s WHERE s.company_id = $1 ORDER BY s.id FOR UPDATE`,
    [companyId],
  );
  return rows.sort((a, b) => a.position - b.position);
}

/** The stage among `stages` with this id (a malformed id finds nothing). */
export function stageIn(stages: StageRow[], stageId: string): StageRow | undefined {
  const id = stageId.toLowerCase();
  return isUuid(id) ? stages.find((stage) => stage.id === id) : undefined;
}
