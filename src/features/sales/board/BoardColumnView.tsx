import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import type { AssigneeFilter } from '../../../../contracts/activity';
import type { BoardColumn } from '../../../../contracts/sales';
import { LOAD_MORE_FAILED_TEXT } from '../../../../machines/column-load-more/column-load-more.machine';
import type { BoardPosition } from '../../../../machines/deal-board/deal-board-layout';
import { formatBRL } from '../../../lib/format/currency';
import { useColumnLoadMore } from './useColumnLoadMore';

function countText(count: number): string {
  if (count === 0) return 'Nenhuma venda';
  return count === 1 ? '1 venda' : `${count} vendas`;
}

type BoardColumnViewProps = {
  column: BoardColumn;
  /** Whose deals the board shows (a column's next pages are of the same). */
  assignee: AssigneeFilter;
  /** The deal being lifted or dragged, which stays in place, and where it would land. */
  moving: { dealId: string; target: BoardPosition | null } | null;
  /** The column's cards, in board order. */
  renderCard: (index: number) => ReactNode;
};

/**
 * One stage of the board: its name, how many deals and their total in BRL (the whole stage, not
 * just what is loaded), its cards, the drop indicator while a deal moves, and "Carregar mais" (the
 * column-load-more chart).
 */
export function BoardColumnView({ column, assignee, moving, renderCard }: BoardColumnViewProps) {
  const headingId = useId();
  const { stage, deals, pageInfo } = column;
  const loader = useColumnLoadMore(stage.id, assignee);
  const loading = useSelector(loader, (s) => s.matches('loading'));
  const loadFailed = useSelector(loader, (s) => s.matches('failed'));
  const canLoad = useSelector(loader, (s) => s.can({ type: 'LOAD', cursor: pageInfo.endCursor }));

  // The indicator goes before the target's index-th card other than the one moving (or last).
  const indicatorAt = moving?.target?.stageId === stage.id ? moving.target.index : null;
  const items: ReactNode[] = [];
  let others = 0;
  deals.forEach((deal, index) => {
    if (deal.id !== moving?.dealId) {
      if (others === indicatorAt) items.push(<DropIndicator key="drop-indicator" />);
      others++;
    }
    items.push(renderCard(index));
  });
  if (indicatorAt !== null && indicatorAt >= others) items.push(<DropIndicator key="drop-indicator" />);

  return (
    <section
      className={`board-column board-column--${stage.kind}${indicatorAt !== null ? ' board-column--target' : ''}`}
      data-stage-id={stage.id}
      aria-labelledby={headingId}
    >
      <header className="board-column__header">
        <h2 className="board-column__name" id={headingId}>
          {stage.name}
        </h2>
        <p className="board-column__summary">
          <span className="board-column__count">{countText(column.totalCount)}</span>
          <span className="board-column__total">{formatBRL(column.totalValueCents)}</span>
        </p>
      </header>
      <ol className="board-column__cards" aria-label={`Vendas em ${stage.name}`}>
        {items}
      </ol>
      {deals.length === 0 && indicatorAt === null ? (
        <p className="board-column__empty">Nenhuma venda nesta etapa.</p>
      ) : null}
      {pageInfo.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary board-column__more"
          disabled={!canLoad}
          aria-label={`Carregar mais vendas em ${stage.name}`}
          onClick={() => loader.send({ type: 'LOAD', cursor: pageInfo.endCursor })}
        >
          {loading ? 'Carregando...' : 'Carregar mais'}
        </button>
      ) : null}
      {loadFailed ? (
        <p className="form-error" role="alert">
          {LOAD_MORE_FAILED_TEXT}
        </p>
      ) : null}
    </section>
  );
}

function DropIndicator() {
  return <li className="board-drop-indicator" data-drop-indicator="" aria-hidden="true" />;
}
