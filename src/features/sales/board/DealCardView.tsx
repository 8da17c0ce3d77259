import type { KeyboardEvent, PointerEvent } from 'react';
import type { DealCard, StageKind } from '../../../../contracts/sales';
import { appPaths } from '../../../../machines/app-paths';
import type { MovingDeal } from '../../../../machines/deal-board/deal-board.machine';
import { formatBRL } from '../../../lib/format/currency';
import { Link } from '../../../lib/routing/Link';
import { daysInStageText, formatCalendarDate, todayCalendarDate } from '../calendar-date';
import { MoveMenu, type MoveMenuStage } from './MoveMenu';

export type CardState = 'still' | 'lifted' | 'dragged' | 'saving';

type DealCardViewProps = {
  deal: DealCard;
  stageKind: StageKind;
  state: CardState;
  stages: readonly MoveMenuStage[];
  /** Moves are refused while another one is saved. */
  busy: boolean;
  hintId: string;
  onHandleKey: (event: KeyboardEvent<HTMLElement>, deal: MovingDeal) => void;
  onHandleBlur: (deal: MovingDeal) => void;
  onPointerDown: (event: PointerEvent<HTMLElement>, deal: MovingDeal) => void;
  onMoveTo: (deal: MovingDeal, stageId: string) => void;
};

/**
 * A deal on the board: title (opens it), customer, value, days in the stage, expected close date
 * (late ones stand out while the deal is open). Its handle takes the focus: Space/Enter lifts the
 * deal (see the deal-board chart); a pointer drags it from anywhere on the card.
 */
export function DealCardView({
  deal,
  stageKind,
  state,
  stages,
  busy,
  hintId,
  onHandleKey,
  onHandleBlur,
  onPointerDown,
  onMoveTo,
}: DealCardViewProps) {
  const moving: MovingDeal = { id: deal.id, title: deal.title };
  const titleId = `deal-${deal.id}-title`;
  const overdue =
    stageKind === 'open' && deal.expectedCloseDate !== null && deal.expectedCloseDate < todayCalendarDate();
  return (
    <li className="board-column__slot">
      <article
        className={`deal-card deal-card--${state}`}
        data-deal-id={deal.id}
        aria-labelledby={titleId}
        aria-busy={state === 'saving' || undefined}
        onPointerDown={(event) => onPointerDown(event, moving)}
      >
        <button
          type="button"
          className="deal-card__handle"
          data-drag-handle=""
          aria-label={`Arrastar a venda ${deal.title}`}
          aria-describedby={hintId}
          aria-pressed={state === 'lifted'}
          onKeyDown={(event) => onHandleKey(event, moving)}
          onBlur={() => onHandleBlur(moving)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </button>
        <h3 className="deal-card__title" id={titleId}>
          <Link to={appPaths.deal(deal.id)} draggable={false}>
            {deal.title}
          </Link>
        </h3>
        {deal.customer ? <p className="deal-card__customer">{deal.customer.name}</p> : null}
        <p className="deal-card__value">{formatBRL(deal.valueCents)}</p>
        <p className="deal-card__meta">{daysInStageText(deal.stageEnteredAt)}</p>
        {deal.expectedCloseDate ? (
          <p className={overdue ? 'deal-card__close deal-card__close--overdue' : 'deal-card__close'}>
            {overdue ? 'Atrasada · ' : ''}Previsão: {formatCalendarDate(deal.expectedCloseDate)}
          </p>
        ) : null}
        {state === 'saving' ? <p className="deal-card__saving">Salvando…</p> : null}
        <MoveMenu
          dealTitle={deal.title}
          stages={stages}
          currentStageId={deal.stageId}
          disabled={busy}
          onPick={(stageId) => onMoveTo(moving, stageId)}
        />
      </article>
    </li>
  );
}
