import type { PageInfo } from '../../../contracts/pagination';
import type { DealCard, SalesBoard } from '../../../contracts/sales';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { keysetPage } from '../../http/keyset-cursor';
import { decodeBoardCursor, encodeBoardCursor } from './board-cursor';
import { DEAL_CARD_COLUMNS, DEAL_FROM, type DealCardRow, toDealCard } from './deal-row';
import { type StageRow, stageNotFound, stageTotalsSql, toStage } from './stage-row';

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

/** A row of the board's statement: a stage with its totals and one of its first cards (none: an empty column). */
interface BoardRow extends Record<string, unknown> {
  column_id: string;
  column_name: string;
  column_position: number;
  column_kind: StageRow['kind'];
  deal_count: number;
  total_value_cents: number;
  /** The card's columns are null in the one row of an empty column. */
  id: string | null;
}

/**
 * The board (spec §2 /sales): every stage in order with the first `limit` cards of its column and
 * the count and value of ALL its deals. One statement whatever the number of stages: a row per
 * card (one for an empty column), each column's cards read in order from the board index through
 * a lateral join, the stage's totals beside them.
 */
export async function loadBoard(
  q: Queryable,
  companyId: string,
  limit: number,
  assigneeUserId?: string,
): Promise<SalesBoard> {
  const mine = assigneeUserId === undefined ? '' : ' AND d.assignee_user_id = $3';
  const { rows } = await q.query<BoardRow>(
    `SELECT s.id AS column_id, s.name AS column_name, s.position AS column_position, s.kind AS column_kind,
            COALESCE(t.deal_count, 0)::int AS deal_count,
            COALESCE(t.total_value_cents, 0)::float8 AS total_value_cents,
            page.*
       FROM deal_stages s
       LEFT JOIN ${stageTotalsSql(assigneeUserId === undefined ? undefined : '$3')} t ON t.stage_id = s.id
       LEFT JOIN LATERAL (
         SELECT ${DEAL_CARD_COLUMNS}
           FROM ${DEAL_FROM}
          WHERE d.company_id = s.company_id AND d.stage_id = s.id${mine}
          ORDER BY d.position, d.id
          LIMIT $2
       ) page ON true
      WHERE s.company_id = $1
      ORDER BY s.position, page.position, page.id`,
    assigneeUserId === undefined ? [companyId, limit + 1] : [companyId, limit + 1, assigneeUserId],
    // Not prepared: a generic plan, made for an average company, reads a column by the company's
    // deals and sorts them, which a company with thousands of deals must never do.
  );
  const columns: SalesBoard['columns'] = [];
  let at = 0;
  while (at < rows.length) {
    const head = rows[at]!;
    const cards: DealCardRow[] = [];
    for (; at < rows.length && rows[at]!.column_id === head.column_id; at += 1) {
      if (rows[at]!.id !== null) cards.push(rows[at] as unknown as DealCardRow);
    }
    columns.push({
      stage: toStage({
        id: head.column_id,
        name: head.column_name,
        position: head.column_position,
        kind: head.column_kind,
      }),
      ...toPage(cards, limit),
      totalCount: head.deal_count,
      totalValueCents: head.total_value_cents,
    });
  }
  return { columns };
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
