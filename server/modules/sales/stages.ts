import {
  type DealStage,
  STAGE_HAS_DEALS_TEXT,
  STAGE_KIND_REQUIRED_TEXT,
  STAGE_NAME_TAKEN_TEXT,
  STAGES_MAX,
  STAGES_MAX_TEXT,
} from '../../../contracts/sales';
import type { Db, Queryable } from '../../db/types';
import { withUniqueConflict } from '../../db/unique-violation';
import { HttpError } from '../../http/errors';
import { INVALID_BODY_TEXT } from '../../http/request-validation';
import { lockBoard, type StageRow, stageIn, stageNotFound, toStage } from './stage-row';
import { STAGE_ORDER_TEXT } from './texts';

const NAME_KEY = 'deal_stages_company_name_key';

const nameTaken = () =>
  new HttpError(409, 'CONFLICT', STAGE_NAME_TAKEN_TEXT, [{ path: 'name', message: STAGE_NAME_TAKEN_TEXT }]);

/** Names compare as the unique index does: lower(name). */
function checkNameFree(stages: StageRow[], name: string, exceptId?: string): void {
  const key = name.toLowerCase();
  if (stages.some((stage) => stage.id !== exceptId && stage.name.toLowerCase() === key)) throw nameTaken();
}

/** A writer of another instance that got past the check first still makes this a 409, not a 500. */
const withUniqueName = <T>(write: () => Promise<T>) => withUniqueConflict(NAME_KEY, nameTaken, write);

// Position shifts move several rows in one statement; the unique position constraint is deferrable.
const deferPositions = (tx: Queryable) =>
  tx.query('SET CONSTRAINTS deal_stages_company_position_key DEFERRED');

/** A new open stage, placed just before the first won or lost stage (201). */
export async function createStage(db: Db, companyId: string, name: string): Promise<DealStage> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const stages = await lockBoard(tx, companyId);
      if (stages.length >= STAGES_MAX) throw new HttpError(409, 'CONFLICT', STAGES_MAX_TEXT);
      checkNameFree(stages, name);
      const position = stages.find((stage) => stage.kind !== 'open')?.position ?? stages.length;
      await deferPositions(tx);
      await tx.query(
        'UPDATE deal_stages SET position = position + 1 WHERE company_id = $1 AND position >= $2',
        [companyId, position],
      );
      const { rows } = await tx.query<StageRow>(
        `INSERT INTO deal_stages (company_id, name, kind, position) VALUES ($1, $2, 'open', $3)
         RETURNING id, name, position, kind`,
        [companyId, name, position],
      );
      return toStage(rows[0]!);
    }),
  );
}

export async function renameStage(
  db: Db,
  companyId: string,
  stageId: string,
  name: string,
): Promise<DealStage> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const stages = await lockBoard(tx, companyId);
      const stage = stageIn(stages, stageId);
      if (!stage) throw stageNotFound();
      checkNameFree(stages, name, stage.id);
      const { rows } = await tx.query<StageRow>(
        `UPDATE deal_stages SET name = $3 WHERE company_id = $1 AND id = $2
         RETURNING id, name, position, kind`,
        [companyId, stage.id, name],
      );
      return toStage(rows[0]!);
    }),
  );
}

/** Every stage of the company exactly once, in the new order; anything else is a 400. */
export async function reorderStages(db: Db, companyId: string, stageIds: string[]): Promise<DealStage[]> {
  return db.transaction(async (tx) => {
    const stages = await lockBoard(tx, companyId);
    const ordered = stageIds.map((id) => stageIn(stages, id));
    const complete =
      ordered.length === stages.length &&
      ordered.every((stage) => stage !== undefined) &&
      new Set(ordered.map((stage) => stage?.id)).size === stages.length;
    if (!complete) {
      throw new HttpError(400, 'VALIDATION_ERROR', INVALID_BODY_TEXT, [
        { path: 'stageIds', message: STAGE_ORDER_TEXT },
      ]);
    }
    await deferPositions(tx);
    const { rows } = await tx.query<StageRow>(
      `UPDATE deal_stages s SET position = o.ord - 1
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o (id, ord)
        WHERE s.company_id = $1 AND s.id = o.id
       RETURNING s.id, s.name, s.position, s.kind`,
      [companyId, ordered.map((stage) => stage?.id)],
    );
    return rows.sort((a, b) => a.position - b.position).map(toStage);
  });
}

/** Only an empty stage, and never the company's last won or last lost stage (409). */
export async function deleteStage(db: Db, companyId: string, stageId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const stages = await lockBoard(tx, companyId);
    const stage = stageIn(stages, stageId);
    if (!stage) throw stageNotFound();
    const deals = await tx.query('SELECT 1 FROM deals WHERE company_id = $1 AND stage_id = $2 LIMIT 1', [
      companyId,
      stage.id,
    ]);
    if (deals.rows.length > 0) throw new HttpError(409, 'CONFLICT', STAGE_HAS_DEALS_TEXT);
    if (stage.kind !== 'open' && stages.filter((other) => other.kind === stage.kind).length === 1) {
      throw new HttpError(409, 'CONFLICT', STAGE_KIND_REQUIRED_TEXT);
    }
    await tx.query('DELETE FROM deal_stages WHERE company_id = $1 AND id = $2', [companyId, stage.id]);
    await deferPositions(tx);
    await tx.query('UPDATE deal_stages SET position = position - 1 WHERE company_id = $1 AND position > $2', [
      companyId,
      stage.position,
    ]);
  });
}
