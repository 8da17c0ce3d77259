import {
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import type { MovingDeal } from '../../../../machines/deal-board/deal-board.machine';
import type { BoardLayout, BoardPosition } from '../../../../machines/deal-board/deal-board-layout';
import type { DealBoardActor } from './useDealBoard';

/** A mouse or pen drag starts once the pointer travelled this far (a click stays a click). */
const DRAG_DISTANCE_PX = 6;
/** A finger must rest this long on a card to pick it up; moving sooner is a scroll. */
const TOUCH_HOLD_MS = 250;
/** Closer than this to an edge of the board (or the window), the board scrolls by itself. */
const EDGE_PX = 48;
const SCROLL_STEP_PX = 14;

type Point = { x: number; y: number };

/**
 * The place under the pointer: the column `[data-stage-id]` it is over, and the index among that
 * column's other cards (`[data-deal-id]`) whose middle is above it. Null outside every column.
 */
export function placeUnderPointer(point: Point, dealId: string): BoardPosition | null {
  const hit =
    typeof document.elementFromPoint === 'function' ? document.elementFromPoint(point.x, point.y) : null;
  const column = hit?.closest<HTMLElement>('[data-stage-id]');
  const stageId = column?.dataset.stageId;
  if (!column || !stageId) return null;
  let index = 0;
  for (const card of column.querySelectorAll<HTMLElement>('[data-deal-id]')) {
    if (card.dataset.dealId === dealId) continue;
    const rect = card.getBoundingClientRect();
    if (point.y > rect.top + rect.height / 2) index++;
  }
  return { stageId, index };
}

/** A copy of the card that follows the pointer; the card itself stays in place, dimmed. */
function ghostOf(card: HTMLElement): HTMLElement {
  const rect = card.getBoundingClientRect();
  const ghost = card.cloneNode(true) as HTMLElement;
  ghost.removeAttribute('data-deal-id');
  ghost.removeAttribute('id');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.setAttribute('inert', '');
  ghost.classList.add('deal-card--ghost');
  ghost.style.width = `${rect.width}px`;
  document.body.append(ghost);
  return ghost;
}

/**
 * Drag and drop with pointer events, so mouse, pen and touch screens all work (HTML5 drag events
 * never fire for touch). A finger on the card starts a drag after a short hold (before that it
 * scrolls), on the handle at once; while dragging the page holds still, and near an edge the board
 * scrolls by itself. The chart decides; this only reports where
 * the pointer is (`DRAG_START`, `HOVER`, `DROP`, `CANCEL`).
 */
export function usePointerDrag(
  actor: DealBoardActor,
  board: RefObject<HTMLElement | null>,
  layout: () => BoardLayout,
) {
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  return useCallback(
    (event: ReactPointerEvent<HTMLElement>, deal: MovingDeal) => {
      if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
      const onHandle = (event.target as Element).closest('[data-drag-handle]') !== null;
      if (!onHandle && (event.target as Element).closest('button, input, select, textarea')) return;
      if (!actor.getSnapshot().matches('resting')) return;
      stop.current?.();

      const card = event.currentTarget;
      const pointerId = event.pointerId;
      // A finger on the card may be scrolling: it picks the card up only after a hold. The handle
      // never scrolls the page (touch-action: none), so a finger drags from it at once.
      const holdFirst = event.pointerType === 'touch' && !onHandle;
      const start: Point = { x: event.clientX, y: event.clientY };
      const grabbedAt = card.getBoundingClientRect();
      const offset: Point = { x: start.x - grabbedAt.left, y: start.y - grabbedAt.top };
      let last = start;
      let dragging = false;
      let ghost: HTMLElement | null = null;
      let frame = 0;
      let hold: ReturnType<typeof setTimeout> | undefined;

      const place = () => {
        if (ghost) ghost.style.transform = `translate(${last.x - offset.x}px, ${last.y - offset.y}px)`;
        actor.send({ type: 'HOVER', target: placeUnderPointer(last, deal.id) });
      };
      const autoScroll = () => {
        const scroller = board.current;
        const rect = scroller?.getBoundingClientRect();
        let scrolled = false;
        if (scroller && rect && rect.width > 0) {
          if (last.x < rect.left + EDGE_PX) scroller.scrollLeft -= SCROLL_STEP_PX;
          else if (last.x > rect.right - EDGE_PX) scroller.scrollLeft += SCROLL_STEP_PX;
          scrolled = last.x < rect.left + EDGE_PX || last.x > rect.right - EDGE_PX;
        }
        if (window.innerHeight > 0 && last.y > window.innerHeight - EDGE_PX) {
          window.scrollBy(0, SCROLL_STEP_PX);
          scrolled = true;
        } else if (last.y < EDGE_PX && window.scrollY > 0) {
          window.scrollBy(0, -SCROLL_STEP_PX);
          scrolled = true;
        }
        if (scrolled) place();
        frame = requestAnimationFrame(autoScroll);
      };
      const begin = () => {
        hold = undefined;
        actor.send({ type: 'DRAG_START', deal, layout: layout() });
        if (!actor.getSnapshot().matches('dragging')) return cleanUp();
        dragging = true;
        ghost = ghostOf(card);
        place();
        if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(autoScroll);
      };

      const onMove = (e: PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        last = { x: e.clientX, y: e.clientY };
        if (!dragging) {
          const far = Math.hypot(last.x - start.x, last.y - start.y) > DRAG_DISTANCE_PX;
          if (!far) return;
          // A finger that moves before the hold ends is scrolling the board.
          if (holdFirst) return cleanUp();
          begin();
          return;
        }
        place();
      };
      const onUp = (e: PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        if (dragging) {
          last = { x: e.clientX, y: e.clientY };
          place();
          actor.send({ type: 'DROP' });
          // The click that follows a drag (on the title link) must not open the deal.
          window.addEventListener('click', swallowClick, { capture: true, once: true });
          setTimeout(() => window.removeEventListener('click', swallowClick, { capture: true }), 0);
        }
        cleanUp();
      };
      const onCancel = (e: PointerEvent) => {
        if (e.pointerId !== pointerId) return;
        if (dragging) actor.send({ type: 'CANCEL' });
        cleanUp();
      };
      const onKey = (e: KeyboardEvent) => {
        if (e.key !== 'Escape' || !dragging) return;
        e.preventDefault();
        actor.send({ type: 'CANCEL' });
        cleanUp();
      };
      // Once a finger drags a card, the page must not scroll under it (pointer events cannot stop that).
      const holdPage = (e: TouchEvent) => {
        if (dragging) e.preventDefault();
      };
      const noMenu = (e: Event) => e.preventDefault();

      function swallowClick(e: MouseEvent) {
        e.preventDefault();
        e.stopPropagation();
      }

      function cleanUp() {
        if (hold !== undefined) clearTimeout(hold);
        if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
        ghost?.remove();
        ghost = null;
        dragging = false;
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onCancel);
        window.removeEventListener('keydown', onKey, true);
        document.removeEventListener('touchmove', holdPage);
        card.removeEventListener('contextmenu', noMenu);
        stop.current = null;
      }

      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onCancel);
      window.addEventListener('keydown', onKey, true);
      if (holdFirst) {
        document.addEventListener('touchmove', holdPage, { passive: false });
        card.addEventListener('contextmenu', noMenu);
        hold = setTimeout(begin, TOUCH_HOLD_MS);
      }
      stop.current = () => {
        if (dragging) actor.send({ type: 'CANCEL' });
        cleanUp();
      };
    },
    [actor, board, layout],
  );
}
