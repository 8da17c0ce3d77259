import { type PointerEvent, type RefObject, useRef } from 'react';

/** How far down (px) a sheet is dragged before letting go closes it. */
export const SWIPE_CLOSE_PX = 80;

/**
 * Drag a bottom sheet down by its top edge: it follows the finger, and closes when let go far
 * enough down; otherwise it slides back. Returns the pointer handlers for the drag handle.
 */
export function useSwipeDown(sheet: RefObject<HTMLElement | null>, onClose: () => void, enabled: boolean) {
  const start = useRef<{ y: number; pointerId: number } | null>(null);
  const moved = useRef(0);

  const place = (dy: number) => {
    if (sheet.current) sheet.current.style.transform = dy > 0 ? `translateY(${dy}px)` : '';
  };

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (!enabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
      start.current = { y: event.clientY, pointerId: event.pointerId };
      moved.current = 0;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (!start.current || start.current.pointerId !== event.pointerId) return;
      moved.current = Math.max(0, event.clientY - start.current.y);
      place(moved.current);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      if (!start.current || start.current.pointerId !== event.pointerId) return;
      start.current = null;
      place(0);
      if (moved.current >= SWIPE_CLOSE_PX) onClose();
    },
    onPointerCancel() {
      start.current = null;
      place(0);
    },
  };
}
