import { type RefObject, useEffect } from 'react';
import type { ToasterActor } from '../../lib/toasts';

function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * Pauses every toast timer while the pointer is over the toasts or the keyboard focus is in them,
 * and resumes when both have left (sonner's behaviour). Document-level listeners, because a toast
 * removed from under a still pointer fires no mouseleave; with no toasts left nothing is held.
 */
export function useToasterHold(
  toaster: ToasterActor,
  area: RefObject<HTMLElement | null>,
  empty: boolean,
): void {
  useEffect(() => {
    let hovering = false;
    let focused = false;
    let held = false;
    const sync = () => {
      const next = !empty && (hovering || focused);
      if (next === held) return;
      held = next;
      toaster.send({ type: held ? 'PAUSE' : 'RESUME' });
    };
    const inside = (target: EventTarget | null) => target instanceof Node && !!area.current?.contains(target);
    const onOver = (event: MouseEvent) => {
      hovering = inside(event.target);
      sync();
    };
    const onOut = (event: MouseEvent) => {
      if (event.relatedTarget === null) {
        hovering = false;
        sync();
      }
    };
    // Only keyboard focus holds: a mouse click focuses the toast but must not keep it forever.
    const onFocusIn = (event: FocusEvent) => {
      focused = inside(event.target) && event.target instanceof Element && isFocusVisible(event.target);
      sync();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!inside(event.relatedTarget)) {
        focused = false;
        sync();
      }
    };
    document.addEventListener('mouseover', onOver);
    document.addEventListener('mouseout', onOut);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('mouseover', onOver);
      document.removeEventListener('mouseout', onOut);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      if (held && toaster.getSnapshot().status === 'active') toaster.send({ type: 'RESUME' });
    };
  }, [toaster, area, empty]);
}
