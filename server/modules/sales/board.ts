import type { PageInfo } from '../../../contracts/pagination';
import type { DealCard, SalesBoard } from '../../../contracts/sales';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { keysetPage } from '../../http/keyset-cursor';
import { decodeBoardCursor, encodeBoardCursor } from './board-cursor';
import { DEAL_CARD_COLUMNS, DEAL_FROM, type DealCardRow, toDealCard } from './deal-row';
import { stageNotFound, stagesWithTotals, toStage } from './stage-row';

interface ColumnPage {
  deals: DealCard[];
  pageInfo: PageInfo;
}

/** `rows` fetched with one extra row: the page, and whether another follows. */
function toPage(rows: DealCardRow[], limit: number): ColumnPage {
  const page = keysetPage(rows, limit, (last) => encodeBoardCursor({ position: last.position, id: last.id }));
  return {
    deals: page.rows.map(toDealCard),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
  };
}

/**
 * The board (spec §2 /sales): every stage in order with the first `limit` cards of its column and
 * the count and value of ALL its deals. Two queries whatever the number of stages: the totals, and
 * each column's first page through a lateral join on the board index.
 */
export async function loadBoard(
  q: Queryable,
  companyId: string,
  limit: number,
  assigneeUserId?: string,
): Promise<SalesBoard> {
  const stages = await stagesWithTotals(q, companyId, assigneeUserId);
  const cards = await q.query<DealCardRow>(
    `SELECT page.*
       FROM deal_stages s
      CROSS JOIN LATERAL (
        SELECT ${DEAL_CARD_COLUMNS}
          FROM ${DEAL_FROM}
         WHERE d.company_id = s.company_id AND d.stage_id = s.id${assigneeUserId === undefined ? '' : ' AND d.assignee_user_id = $3'}
         ORDER BY d.position, d.id
         LIMIT $2
      ) page
      WHERE s.company_id = $1
      ORDER BY page.stage_id, page.position, page.id`,
    assigneeUserId === undefined ? [companyId, limit + 1] : [companyId, limit + 1, assigneeUserId],
  );
  const byStage = new Map<string, DealCardRow[]>();
  for (const row of cards.rows) {
    const column = byStage.get(row.stage_id);
    if (column) column.push(row);
    else byStage.set(row.stage_id, [row]);
  }
  return {
    columns: stages.map((stage) => ({
      stage: toStage(stage),
      ...toPage(byStage.get(stage.id) ?? [], limit),
      totalCount: stage.deal_count,
      totalValueCents: stage.total_value_cents,
    })),
  };
}

/** A column's next page ("Carregar mais"), after `cursor` in board order; only a member's with `assigneeUserId`. */
export async function loadColumnPage(
  q: Queryable,
  companyId: string,
  stageId: string,
  options: { limit: number; cursor?: string | undefined; assigneeUserId?: string | undefined },
): Promise<ColumnPage> {
  if (!isUuid(stageId)) throw stageNotFound();
  const stage = await q.query('SELECT 1 FROM deal_stages WHERE company_id = $1 AND id = $2', [
    companyId,
    stageId,
  ]);
  if (stage.rows.length === 0) throw stageNotFound();
  const after = options.cursor === undefined ? undefined : decodeBoardCursor(options.cursor);
  const params: unknown[] = [companyId, stageId, options.limit + 1];
  const conditions = ['d.company_id = $1', 'd.stage_id = $2'];
  if (after)
    conditions.push(
      `(d.position, d.id) > ($${params.push(after.position)}::int, $${params.push(after.id)}::uuid)`,
    );
  if (options.assigneeUserId !== undefined)
    conditions.push(`d.assignee_user_id = $${params.push(options.assigneeUserId)}`);
  const { rows } = await q.query<DealCardRow>(
    `SELECT ${DEAL_CARD_COLUMNS}
       FROM ${DEAL_FROM}
      WHERE ${conditions.join(' AND ')}
      ORDER BY d.position, d.id
      LIMIT $3`,
    params,
  );
  return toPage(rows, options.limit);
}
