import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useRef, useState } from 'react';
import type { AssigneeFilter } from '../../../contracts/activity';
import { createStageContract } from '../../../contracts/sales';
import { appPaths } from '../../../machines/app-paths';
import { PageHeading } from '../../app/routing/PageHeading';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { salesSearch } from '../../app/routing/route-search';
import { useValidatedSearch } from '../../app/routing/useValidatedSearch';
import { useRoleAllows } from '../../app/session/session-context';
import { Link } from '../../lib/routing/Link';
import { AssigneeTabs } from '../../lib/team/AssigneeTabs';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { SalesBoardView } from './board/SalesBoardView';
import { useDealBoard } from './board/useDealBoard';
import { salesBoardQuery } from './sales-board-query';
import { StagesPanel } from './stages/StagesPanel';
import './sales.css';

/** Everyone's deals are the default: its address carries no filter. */
function boardHref(assignee: AssigneeFilter): string {
  return assignee === 'all' ? appPaths.sales : `${appPaths.sales}?assignee=${assignee}`;
}

/**
 * /sales (spec §2): "Vendas", "Minhas" / "De todos" (with a team), the board of deals by stage,
 * "Nova venda" and the stages (their editor for managers and owners only).
 */
export default function SalesBoardPage() {
  const { assignee: asked } = useValidatedSearch(salesSearch);
  const actor = useDealBoard(asked);
  const assignee = useSelector(actor, (s) => s.context.assignee);
  const board = salesBoardQuery(assignee);
  const query = useQuery(board);
  const editsStages = useRoleAllows(createStageContract.minRole);
  const [stagesOpen, setStagesOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  return (
    <div className="page sales-page">
      <div className="page__header">
        <PageHeading />
        <div className="page__actions">
          {editsStages ? (
            <button
              ref={toggle}
              type="button"
              className="button button--secondary"
              aria-expanded={stagesOpen}
              aria-controls={stagesOpen ? panelId : undefined}
              onClick={() => setStagesOpen((open) => !open)}
            >
              Etapas
            </button>
          ) : null}
          <Link to="/sales/new" className="button button--primary">
            Nova venda
          </Link>
        </div>
      </div>
      <AssigneeTabs current={assignee} hrefFor={boardHref} />
      {stagesOpen && editsStages ? (
        <StagesPanel
          id={panelId}
          onClose={() => {
            setStagesOpen(false);
            toggle.current?.focus();
          }}
        />
      ) : null}
      {query.data ? (
        <SalesBoardView board={query.data} actor={actor} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <QueryLoading query={query} queryKey={board.queryKey}>
          <RouteLoading />
        </QueryLoading>
      )}
    </div>
  );
}
