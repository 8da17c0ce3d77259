import { realtimeEvent } from '../../../contracts/realtime';
import type { Deal } from '../../../contracts/sales';
import type { Db, Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';
import { publishEvent } from '../../realtime/event-bus';
import { recordActivity } from '../activity/record-activity';
import { checkedAssignee, memberName } from '../team-members/members';
import { checkDealInput, type DealBody } from './deal-input';
import { dealNotFound, loadDeal } from './deal-row';
import { lockBoard, type StageRow, stageIn } from './stage-row';

const NO_STAGES_TEXT = 'Crie uma etapa no funil antes de cadastrar vendas.';

/** Who works on a deal: the company, and the member doing it. */
export interface DealActor {
  companyId: string;
  userId: string | null;
}

/** The position after the last card of a stage (the board is locked by the caller). */
export async function endOfStage(tx: Queryable, companyId: string, stageId: string): Promise<number> {
  const { rows } = await tx.query<{ next: number }>(
    'SELECT COALESCE(max(position) + 1, 0)::int AS next FROM deals WHERE company_id = $1 AND stage_id = $2',
    [companyId, stageId],
  );
  return rows[0]!.next;
}

/** A deal in a won or lost stage is closed from the moment it gets there ($kind: the stage's kind). */
const closedAtFor = (kind: string) => `CASE WHEN ${kind}::text = 'open' THEN NULL ELSE now() END`;

/**
 * Makes the deal's services exactly `lines`, in that order: a line already on the deal keeps the
 * price it was added at (only its quantity changes); a new line copies the catalogue's price.
 */
async function saveLines(
  tx: Queryable,
  companyId: string,
  dealId: string,
  lines: { serviceId: string; quantity: number }[],
): Promise<void> {
  const serviceIds = lines.map((line) => line.serviceId);
  await tx.query(
    'DELETE FROM deal_services WHERE company_id = $1 AND deal_id = $2 AND service_id <> ALL($3::uuid[])',
    [companyId, dealId, serviceIds],
  );
  if (lines.length === 0) return;
  await tx.query(
    `INSERT INTO deal_services (company_id, deal_id, service_id, price_cents, quantity, position)
     SELECT $1, $2, s.id, s.price_cents, l.quantity, l.ord - 1
       FROM unnest($3::uuid[], $4::int[]) WITH ORDINALITY AS l (service_id, quantity, ord)
       JOIN services s ON s.company_id = $1 AND s.id = l.service_id
     ON CONFLICT (deal_id, service_id)
     DO UPDATE SET quantity = EXCLUDED.quantity, position = EXCLUDED.position`,
    [companyId, dealId, serviceIds, lines.map((line) => line.quantity)],
  );
}

/**
 * Tells the company's open tabs (the board, the home, the pages of the customers it is about) at
 * commit that the deal was created, changed, moved or deleted; with the stage it now stands in, when
 * it still exists.
 */
export async function announceDeal(
  tx: Queryable,
  companyId: string,
  dealId: string,
  stage: StageRow | undefined,
  customers: readonly (string | null)[],
): Promise<void> {
  const customerIds = [...new Set(customers.filter((id): id is string => id !== null))];
  const payload = {
    dealId,
    ...(stage && { stageId: stage.id, status: stage.kind }),
    ...(customerIds.length > 0 && { customerIds }),
  };
  await publishEvent(tx, companyId, realtimeEvent('deal.updated', payload));
}

/**
 * A new deal at the end of its stage (the first stage when the body names none), assigned to the
 * body's assignee or, absent, to whoever created it; "deal.created" recorded.
 */
export async function createDeal(db: Db, actor: DealActor, body: DealBody): Promise<Deal> {
  const { companyId, userId } = actor;
  return db.transaction(async (tx) => {
    const stages = await lockBoard(tx, companyId);
    const input = await checkDealInput(tx, companyId, body, { stages });
    const assigneeUserId = await checkedAssignee(tx, companyId, body.assigneeUserId, userId);
    const stage = input.stage ?? stages[0];
    if (!stage) throw new HttpError(409, 'CONFLICT', NO_STAGES_TEXT);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO deals (company_id, stage_id, position, status, closed_at, title, customer_id, value_cents,
                          expected_close_date, notes, lost_reason, assignee_user_id, created_by_user_id)
       VALUES ($1, $2, $3, $4, ${closedAtFor('$4')}, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING id`,
      [
        companyId,
        stage.id,
        await endOfStage(tx, companyId, stage.id),
        stage.kind,
        input.title,
        input.customerId,
        input.valueCents,
        input.expectedCloseDate,
        input.notes,
        input.lostReason,
        assigneeUserId,
        userId,
      ],
    );
    const dealId = rows[0]!.id;
    await recordActivity(tx, {
      companyId,
      actorUserId: userId,
      action: 'deal.created',
      dealId,
      customerId: input.customerId,
      details: { title: input.title, toStage: stage.name, assignee: await memberName(tx, assigneeUserId) },
    });
    await saveLines(tx, companyId, dealId, input.lines);
    await announceDeal(tx, companyId, dealId, stage, [input.customerId]);
    return loadDeal(tx, companyId, dealId);
  });
}

/** What a command on a deal reads before it writes, with the row locked. */
export interface LockedDeal {
  stageId: string;
  serviceIds: Set<string>;
  title: string;
  customerId: string | null;
  assigneeUserId: string | null;
}

/** Locks the deal for a command and answers its stage, services, title, customer and assignee, or the 404. */
export async function lockDeal(tx: Queryable, companyId: string, dealId: string): Promise<LockedDeal> {
  if (!isUuid(dealId)) throw dealNotFound();
  const { rows } = await tx.query<{
    stage_id: string;
    service_ids: string[] | null;
    title: string;
    customer_id: string | null;
    assignee_user_id: string | null;
  }>(
    `SELECT d.stage_id, d.title, d.customer_id, d.assignee_user_id,
            (SELECT array_agg(l.service_id::text) FROM deal_services l
              WHERE l.company_id = d.company_id AND l.deal_id = d.id) AS service_ids
       FROM deals d WHERE d.company_id = $1 AND d.id = $2
        FOR UPDATE OF d`,
    [companyId, dealId],
  );
  const row = rows[0];
  if (!row) throw dealNotFound();
  return {
    stageId: row.stage_id,
    serviceIds: new Set(row.service_ids ?? []),
    title: row.title,
    customerId: row.customer_id,
    assigneeUserId: row.assignee_user_id,
  };
}

/**
 * Closes the gap a deal left at `position` of a stage it left (moved or deleted): the column stays
 * numbered 0, 1, 2… (the board is locked by the caller).
 */
async function closeGap(tx: Queryable, companyId: string, stageId: string, position: number): Promise<void> {
  await tx.query(
    'UPDATE deals SET position = position - 1 WHERE company_id = $1 AND stage_id = $2 AND position > $3',
    [companyId, stageId, position],
  );
}

/**
 * Puts the deal in `stage` at `position` (the board is locked by the caller): entering another stage
 * resets stageEnteredAt, takes the stage's kind as status (won/lost set closedAt, open clears it)
 * and closes the gap it leaves in its former column. Nothing changes when it is already there.
 * Answers the stage it left, or null when it stayed.
 */
export async function enterStage(
  tx: Queryable,
  companyId: string,
  dealId: string,
  stage: StageRow,
  position: number,
): Promise<string | null> {
  const { rows } = await tx.query<{ stage_id: string; position: number }>(
    `UPDATE deals d
        SET stage_id = $3, position = $4, status = $5, closed_at = ${closedAtFor('$5')}, stage_entered_at = now()
       FROM deals left_behind
      WHERE d.company_id = $1 AND d.id = $2 AND d.stage_id <> $3 AND left_behind.id = d.id
     RETURNING left_behind.stage_id, left_behind.position`,
    [companyId, dealId, stage.id, position, stage.kind],
  );
  const left = rows[0];
  if (!left) return null;
  await closeGap(tx, companyId, left.stage_id, left.position);
  return left.stage_id;
}

/**
 * Records that the deal went from one stage to another: "deal.won" or "deal.lost" into a won or
 * lost stage, "deal.moved" otherwise, with both stages' names (the history outlives a renamed or
 * deleted stage).
 */
export async function recordStageChange(
  tx: Queryable,
  actor: DealActor,
  deal: { id: string; title: string; customerId: string | null },
  stages: StageRow[],
  fromStageId: string,
  to: StageRow,
): Promise<void> {
  const from = stages.find((stage) => stage.id === fromStageId);
  await recordActivity(tx, {
    companyId: actor.companyId,
    actorUserId: actor.userId,
    action: to.kind === 'won' ? 'deal.won' : to.kind === 'lost' ? 'deal.lost' : 'deal.moved',
    dealId: deal.id,
    customerId: deal.customerId,
    details: { title: deal.title, toStage: to.name, ...(from && { fromStage: from.name }) },
  });
}

/**
 * Saves the whole deal (PUT): absent optional fields are cleared; an absent stageId keeps the stage,
 * an absent assigneeUserId the assignee. A stage change and a new assignee are recorded.
 */
export async function updateDeal(db: Db, actor: DealActor, dealId: string, body: DealBody): Promise<Deal> {
  const { companyId, userId } = actor;
  return db.transaction(async (tx) => {
    const stages = await lockBoard(tx, companyId);
    const current = await lockDeal(tx, companyId, dealId);
    const input = await checkDealInput(tx, companyId, body, {
      stages,
      currentServiceIds: current.serviceIds,
    });
    const assigneeUserId = await checkedAssignee(tx, companyId, body.assigneeUserId, current.assigneeUserId);
    const deal = { id: dealId, title: input.title, customerId: input.customerId };
    if (input.stage && input.stage.id !== current.stageId) {
      await enterStage(tx, companyId, dealId, input.stage, await endOfStage(tx, companyId, input.stage.id));
      await recordStageChange(tx, actor, deal, stages, current.stageId, input.stage);
    }
    if (assigneeUserId !== current.assigneeUserId) {
      await recordActivity(tx, {
        companyId,
        actorUserId: userId,
        action: 'deal.assigned',
        dealId,
        customerId: input.customerId,
        details: { title: input.title, assignee: await memberName(tx, assigneeUserId) },
      });
    }
    await tx.query(
      `UPDATE deals
          SET title = $3, customer_id = $4, value_cents = $5, expected_close_date = $6, notes = $7,
              lost_reason = $8, assignee_user_id = $9
        WHERE company_id = $1 AND id = $2`,
      [
        companyId,
        dealId,
        input.title,
        input.customerId,
        input.valueCents,
        input.expectedCloseDate,
        input.notes,
        input.lostReason,
        assigneeUserId,
      ],
    );
    await saveLines(tx, companyId, dealId, input.lines);
    await announceDeal(tx, companyId, dealId, input.stage ?? stageIn(stages, current.stageId), [
      current.customerId,
      input.customerId,
    ]);
    return loadDeal(tx, companyId, dealId);
  });
}

/**
 * Deletes the deal and its service lines, closing the gap in its column; tasks that were about it
 * stay, without the reference. "deal.deleted" keeps its title.
 */
export async function deleteDeal(db: Db, actor: DealActor, dealId: string): Promise<void> {
  const { companyId, userId } = actor;
  if (!isUuid(dealId)) throw dealNotFound();
  await db.transaction(async (tx) => {
    await lockBoard(tx, companyId);
    const deleted = await tx.query<{
      stage_id: string;
      position: number;
      title: string;
      customer_id: string | null;
    }>(
      'DELETE FROM deals WHERE company_id = $1 AND id = $2 RETURNING stage_id, position, title, customer_id',
      [companyId, dealId],
    );
    const removed = deleted.rows[0];
    if (!removed) throw dealNotFound();
    await closeGap(tx, companyId, removed.stage_id, removed.position);
    await recordActivity(tx, {
      companyId,
      actorUserId: userId,
      action: 'deal.deleted',
      dealId,
      customerId: removed.customer_id,
      details: { title: removed.title },
    });
    await tx.query(
      `UPDATE tasks SET reference_entity_name = NULL, reference_entity_id = NULL
        WHERE company_id = $1 AND reference_entity_name = 'deal' AND reference_entity_id = $2`,
      [companyId, dealId],
    );
    await announceDeal(tx, companyId, dealId, undefined, [removed.customer_id]);
  });
}
