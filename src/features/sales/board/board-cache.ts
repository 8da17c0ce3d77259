import type { PageInfo } from '../../../../contracts/pagination';
import type { BoardColumn, DealCard, SalesBoard } from '../../../../contracts/sales';
import type { BoardLayout, BoardPosition } from '../../../../machines/deal-board/deal-board-layout';

/**
 * The board cache (TanStack Query data of `salesBoardQuery`) changed the way the server changes
 * the board, so the screen can show a move or a further page before (or without) a refetch.
 */

function withDeals(
  column: BoardColumn,
  deals: DealCard[],
  countDelta: number,
  valueDelta: number,
): BoardColumn {
  return {
    ...column,
    deals,
    totalCount: column.totalCount + countDelta,
    totalValueCents: column.totalValueCents + valueDelta,
  };
}

/**
 * `dealId` taken out of its column and put at `target` (an index among the target column's other
 * loaded deals), with both columns' totals; a new stage restarts its days in stage at `now`.
 */
export function boardWithMovedDeal(
  board: SalesBoard,
  dealId: string,
  target: BoardPosition,
  now: Date = new Date(),
): SalesBoard {
  const from = board.columns.find((c) => c.deals.some((d) => d.id === dealId));
  const deal = from?.deals.find((d) => d.id === dealId);
  if (!from || !deal || !board.columns.some((c) => c.stage.id === target.stageId)) return board;
  const changesStage = from.stage.id !== target.stageId;
  const moved: DealCard = changesStage
    ? { ...deal, stageId: target.stageId, stageEnteredAt: now.toISOString() }
    : deal;
  return {
    ...board,
    columns: board.columns.map((column) => {
      const isFrom = column.stage.id === from.stage.id;
      const isTarget = column.stage.id === target.stageId;
      if (!isFrom && !isTarget) return column;
      const deals = column.deals.filter((d) => d.id !== dealId);
      if (isTarget) deals.splice(Math.min(target.index, deals.length), 0, moved);
      if (!changesStage) return { ...column, deals };
      return isFrom
        ? withDeals(column, deals, -1, -deal.valueCents)
        : withDeals(column, deals, 1, deal.valueCents);
    }),
  };
}

/** A column's next page appended (deals already shown are not shown twice), with its page info. */
export function boardWithStagePage(
  board: SalesBoard,
  stageId: string,
  page: { deals: DealCard[]; pageInfo: PageInfo },
): SalesBoard {
  return {
    ...board,
    columns: board.columns.map((column) => {
      if (column.stage.id !== stageId) return column;
      const shown = new Set(column.deals.map((d) => d.id));
      return {
        ...column,
        deals: [...column.deals, ...page.deals.filter((d) => !shown.has(d.id))],
        pageInfo: page.pageInfo,
      };
    }),
  };
}

/** The board as the deal-board chart reads it. */
export function layoutOfBoard(board: SalesBoard): BoardLayout {
  return board.columns.map((column) => ({
    stageId: column.stage.id,
    name: column.stage.name,
    dealIds: column.deals.map((deal) => deal.id),
    totalCount: column.totalCount,
  }));
}
