import type { AssigneeFilter } from '../../../../contracts/activity';
import { listStageDealsContract, type SalesBoard } from '../../../../contracts/sales';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';
import { boardWithStagePage } from './board-cache';

const PAGE_MAX = 50;

/** GET a column's next page ("Carregar mais"), of the same deals as the board ("Minhas" or everyone's). */
export function fetchStagePage(
  stageId: string,
  cursor: string,
  limit: number,
  assignee: AssigneeFilter,
  signal?: AbortSignal,
) {
  const url = contractUrl(listStageDealsContract.url, stageId);
  return api
    .get(url, {
      query: {
        limit: Math.min(limit, PAGE_MAX),
        cursor,
        assignee: assignee === 'all' ? undefined : assignee,
      },
      schema: listStageDealsContract.response,
      signal,
    })
    .then(unwrapEnvelope);
}

/**
 * A refetched board shows as many deals per column as the person had loaded with "Carregar mais"
 * (a move or an edit must not fold a long column back to its first page). A page that fails to
 * come stops there: the column offers "Carregar mais" again.
 */
export async function keepLoadedDepth(
  board: SalesBoard,
  before: SalesBoard | undefined,
  assignee: AssigneeFilter,
  signal?: AbortSignal,
): Promise<SalesBoard> {
  let result = board;
  for (const previous of before?.columns ?? []) {
    for (;;) {
      const column = result.columns.find((c) => c.stage.id === previous.stage.id);
      const missing = previous.deals.length - (column?.deals.length ?? 0);
      const cursor = column?.pageInfo.endCursor;
      if (!column || missing <= 0 || !column.pageInfo.hasNextPage || !cursor) break;
      try {
        result = boardWithStagePage(
          result,
          column.stage.id,
          await fetchStagePage(column.stage.id, cursor, missing, assignee, signal),
        );
      } catch {
        break;
      }
    }
  }
  return result;
}
