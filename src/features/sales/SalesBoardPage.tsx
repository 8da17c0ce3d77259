import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { createStageContract } from '../../../contracts/sales';
import { PageHeading } from '../../app/routing/PageHeading';
import { RouteLoading } from '../../app/routing/RouteLoading';
import { useRoleAllows } from '../../app/session/session-context';
import { Link } from '../../lib/routing/Link';
import { LoadError } from '../../ui/load-error/LoadError';
import { QueryLoading } from '../../ui/query-loading/QueryLoading';
import { SalesBoardView } from './board/SalesBoardView';
import { salesBoardQuery } from './sales-board-query';
import { StagesPanel } from './stages/StagesPanel';
import './sales.css';

/**
 * /sales (spec §2): "Vendas", the board of deals by stage, "Nova venda" and the stages (their editor
 * for managers and owners only).
 */
export default function SalesBoardPage() {
  const query = useQuery(salesBoardQuery);
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
        <SalesBoardView board={query.data} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <QueryLoading query={query} queryKey={salesBoardQuery.queryKey}>
          <RouteLoading />
        </QueryLoading>
      )}
    </div>
  );
}
