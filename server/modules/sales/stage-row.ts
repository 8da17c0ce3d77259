import type { DealStage, StageKind } from '../../../contracts/sales';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import { STAGE_NOT_FOUND_TEXT } from './texts';
import { isUuid } from './uuid';

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
