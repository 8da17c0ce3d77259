import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef } from 'react';
import type { SalesBoard } from '../../../../contracts/sales';
import type { MovingDeal } from '../../../../machines/deal-board/deal-board.machine';
import type { MoveDirection } from '../../../../machines/deal-board/deal-board-layout';
import { BoardColumnView } from './BoardColumnView';
import { BoardScrollNav } from './BoardScrollNav';
import { layoutOfBoard } from './board-cache';
import { type CardState, DealCardView } from './DealCardView';
import { CARD_MOVE_HINT, type MovePhase, moveAnnouncement } from './move-announcement';
import { useBoardScroll } from './useBoardScroll';
import type { DealBoardActor } from './useDealBoard';
import { usePointerDrag } from './usePointerDrag';

const arrows: Readonly<Record<string, MoveDirection>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

const isPress = (key: string) => key === ' ' || key === 'Enter';

function cardSelector(dealId: string): string {
  return `[data-deal-id="${CSS.escape(dealId)}"]`;
}

function handleSelector(dealId: string): string {
  return `${cardSelector(dealId)} [data-drag-handle]`;
}

/**
 * The Kanban: one column per stage, side by side (a phone shows one at a time, the next peeking).
 * Deals move by pointer, keyboard or "Mover para…" through the deal-board chart; each step is
 * announced (aria-live).
 */
export function SalesBoardView({ board, actor }: { board: SalesBoard; actor: DealBoardActor }) {
  const phase = useSelector(actor, (s): MovePhase => {
    if (s.matches('lifted')) return 'lifted';
    if (s.matches('dragging')) return 'dragging';
    if (s.matches('saving')) return 'saving';
    return s.matches({ resting: 'failed' }) ? 'failed' : 'resting';
  });
  const context = useSelector(actor, (s) => s.context);
  const scroller = useRef<HTMLElement>(null);
  const scroll = useBoardScroll(scroller);
  const boardId = useId();
  const hintId = useId();
  const current = useRef(board);
  current.current = board;
  const layout = useCallback(() => layoutOfBoard(current.current), []);
  const onPointerDown = usePointerDrag(actor, scroller, layout);
  // The card to keep the focus on once its move re-renders it elsewhere (keyboard, "Mover para…").
  const focusAfterMove = useRef<string | null>(null);

  const moving = phase === 'lifted' || phase === 'dragging';
  const movingDealId = context.deal?.id ?? null;

  // A move re-renders the card in another column (and back, if the save fails): the focus follows
  // it there, unless the person has gone on to something else.
  useEffect(() => {
    const dealId = focusAfterMove.current;
    if (!dealId) return;
    if (moving) {
      focusAfterMove.current = null;
      return;
    }
    const handle = scroller.current?.querySelector<HTMLElement>(handleSelector(dealId));
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (handle && lost) handle.focus();
  });
  useEffect(() => {
    const forget = (event: FocusEvent) => {
      const dealId = focusAfterMove.current;
      if (dealId && !(event.target as Element | null)?.closest?.(cardSelector(dealId)))
        focusAfterMove.current = null;
    };
    document.addEventListener('focusin', forget);
    return () => document.removeEventListener('focusin', forget);
  }, []);

  // Keep the place a keyboard move points at in view (on a phone, the next column scrolls in).
  const targetKey = moving && context.target ? `${context.target.stageId}:${context.target.index}` : null;
  useEffect(() => {
    if (!targetKey || phase !== 'lifted') return;
    scroller.current
      ?.querySelector<HTMLElement>('[data-drop-indicator]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [targetKey, phase]);

  const onHandleKey = (event: KeyboardEvent<HTMLElement>, deal: MovingDeal) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('resting')) {
      if (!isPress(event.key)) return;
      event.preventDefault();
      actor.send({ type: 'LIFT', deal, layout: layout() });
      return;
    }
    if (!snapshot.matches('lifted') || snapshot.context.deal?.id !== deal.id) return;
    const direction = arrows[event.key];
    if (direction) {
      event.preventDefault();
      actor.send({ type: 'MOVE', direction });
    } else if (isPress(event.key)) {
      event.preventDefault();
      focusAfterMove.current = deal.id;
      actor.send({ type: 'DROP' });
    } else if (event.key === 'Escape') {
      event.preventDefault();
      actor.send({ type: 'CANCEL' });
    }
  };

  const onHandleBlur = (deal: MovingDeal) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('lifted') && snapshot.context.deal?.id === deal.id) actor.send({ type: 'CANCEL' });
  };

  const onMoveTo = (deal: MovingDeal, stageId: string) => {
    focusAfterMove.current = deal.id;
    actor.send({ type: 'MOVE_TO', deal, layout: layout(), target: { stageId, index: 0 } });
  };

  const stages = board.columns.map((column) => ({ id: column.stage.id, name: column.stage.name }));
  const cardState = (dealId: string): CardState => {
    if (dealId !== movingDealId) return 'still';
    if (phase === 'lifted') return 'lifted';
    if (phase === 'dragging') return 'dragged';
    return phase === 'saving' ? 'saving' : 'still';
  };

  return (
    <>
      <p className="visually-hidden" id={hintId}>
        {CARD_MOVE_HINT}
      </p>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-board-announcement="">
        {moveAnnouncement(phase, context)}
      </p>
      <BoardScrollNav scroll={scroll} count={board.columns.length} boardId={boardId} />
      <div
        className="sales-board-frame"
        data-more-before={scroll.moreBefore || undefined}
        data-more-after={scroll.moreAfter || undefined}
      >
        <section
          ref={scroller}
          id={boardId}
          className={moving ? 'sales-board sales-board--moving' : 'sales-board'}
          aria-label="Quadro de vendas"
        >
          {board.columns.map((column) => (
            <BoardColumnView
              // A column's chart loads pages of one board: another filter, another chart.
              key={`${context.assignee}:${column.stage.id}`}
              column={column}
              assignee={context.assignee}
              moving={moving && movingDealId ? { dealId: movingDealId, target: context.target } : null}
              renderCard={(index) => {
                const deal = column.deals[index]!;
                return (
                  <DealCardView
                    key={deal.id}
                    deal={deal}
                    stageKind={column.stage.kind}
                    state={cardState(deal.id)}
                    stages={stages}
                    busy={phase !== 'resting' && phase !== 'failed'}
                    hintId={hintId}
                    onHandleKey={onHandleKey}
                    onHandleBlur={onHandleBlur}
                    onPointerDown={onPointerDown}
                    onMoveTo={onMoveTo}
                  />
                );
              }}
            />
          ))}
        </section>
      </div>
    </>
  );
}
