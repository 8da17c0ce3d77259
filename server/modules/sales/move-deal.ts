import type { Deal } from '../../../contracts/sales';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { INVALID_BODY_TEXT } from '../../http/request-validation';
import { loadDeal } from './deal-row';
import { announceDeal, type DealActor, enterStage, lockDeal, recordStageChange } from './deals';
import { lockBoard, stageIn } from './stage-row';
import { STAGE_NOT_FOUND_TEXT } from './texts';

/**
 * Drag and drop, or the keyboard: the deal goes to `index` (0-based, past the end = last) among the
 * target stage's other deals, and that column is renumbered 0, 1, 2… in one transaction, with the
 * board and the deal locked so two moves at once never interleave their positions. Another stage is
 * recorded as who moved it (won/lost when the stage says so).
 */
export async function moveDeal(
  db: Db,
  actor: DealActor,
  dealId: string,
  target: { stageId: string; index: number },
): Promise<Deal> {
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    const stages = await lockBoard(tx, companyId);
    const current = await lockDeal(tx, companyId, dealId);
    const stage = stageIn(stages, target.stageId);
    if (!stage) {
      throw new HttpError(400, 'VALIDATION_ERROR', INVALID_BODY_TEXT, [
        { path: 'stageId', message: STAGE_NOT_FOUND_TEXT },
      ]);
    }
    const others = await tx.query<{ id: string }>(
      `SELECT id FROM deals WHERE company_id = $1 AND stage_id = $2 AND id <> $3 ORDER BY position, id`,
      [companyId, stage.id, dealId],
    );
    const order = others.rows.map((row) => row.id);
    order.splice(Math.min(target.index, order.length), 0, dealId);

    const left = await enterStage(tx, companyId, dealId, stage, order.indexOf(dealId));
    if (left) {
      const deal = { id: dealId, title: current.title, customerId: current.customerId };
      await recordStageChange(tx, actor, deal, stages, left, stage);
    }
    await tx.query(
      `UPDATE deals d SET position = o.ord - 1
         FROM unnest($2::uuid[]) WITH ORDINALITY AS o (id, ord)
        WHERE d.company_id = $1 AND d.id = o.id AND d.position <> o.ord - 1`,
      [companyId, order],
    );
    await announceDeal(tx, companyId, dealId, stage, [current.customerId]);
    return loadDeal(tx, companyId, dealId);
  });
}
