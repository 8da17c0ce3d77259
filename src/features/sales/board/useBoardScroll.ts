import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Where the board's sideways scroll stands, as the page shows it (edge fades, buttons, "1 a 3 de 5"). */
export interface BoardScroll {
  /** The columns do not all fit: there is something to scroll to. */
  overflows: boolean;
  /** Columns hidden before the first one in view, and after the last one. */
  moreBefore: boolean;
  moreAfter: boolean;
  /** The columns wholly in view, counted from 1 (0 and 0 before the first measure). */
  firstShown: number;
  lastShown: number;
}

const initial: BoardScroll = {
  overflows: false,
  moreBefore: false,
  moreAfter: false,
  firstShown: 0,
  lastShown: 0,
};

const same = (a: BoardScroll, b: BoardScroll) =>
  a.overflows === b.overflows &&
  a.moreBefore === b.moreBefore &&
  a.moreAfter === b.moreAfter &&
  a.firstShown === b.firstShown &&
  a.lastShown === b.lastShown;

/** The scroller's inner edges: its box less its padding (phones bleed the board to the screen's edge). */
function innerEdges(scroller: HTMLElement) {
  const box = scroller.getBoundingClientRect();
  const style = getComputedStyle(scroller);
  return {
    left: box.left + Number.parseFloat(style.paddingLeft),
    right: box.right - Number.parseFloat(style.paddingRight),
  };
}

function measure(scroller: HTMLElement): BoardScroll {
  const columns = [...scroller.children] as HTMLElement[];
  const { left, right } = innerEdges(scroller);
  const boxes = columns.map((column) => column.getBoundingClientRect());
  const first = boxes.findIndex((box) => box.left >= left - 1);
  let last = -1;
  boxes.forEach((box, index) => {
    if (box.right <= right + 1) last = index;
  });
  const overflows = scroller.scrollWidth > scroller.clientWidth + 1;
  return {
    overflows,
    moreBefore: overflows && scroller.scrollLeft > 1,
    moreAfter: overflows && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
    firstShown: first + 1,
    lastShown: last + 1,
  };
}

/**
 * Follows the board's sideways scroll (scrolling, resizing, columns added or removed) and scrolls it
 * a column at a time: the next column hidden on that side comes to the board's start edge.
 */
export function useBoardScroll(scroller: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<BoardScroll>(initial);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = measure(element);
        setState((current) => (same(current, next) ? current : next));
      });
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(element);
    // A stage added or removed changes what there is to scroll.
    const columns = new MutationObserver(update);
    columns.observe(element, { childList: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', update);
      resizes?.disconnect();
      columns.disconnect();
    };
  }, [scroller]);

  // Where a smooth scroll is heading: a second press during it counts from there, so two presses
  // move two columns even while the first is still animating.
  const heading = useRef<number | null>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const arrived = () => {
      heading.current = null;
    };
    // Where `scrollend` is missing, reaching the destination says the same.
    const scrolled = () => {
      if (heading.current !== null && Math.abs(element.scrollLeft - heading.current) <= 1) arrived();
    };
    element.addEventListener('scrollend', arrived);
    element.addEventListener('scroll', scrolled, { passive: true });
    return () => {
      element.removeEventListener('scrollend', arrived);
      element.removeEventListener('scroll', scrolled);
    };
  }, [scroller]);

  const scrollByColumn = useCallback(
    (direction: -1 | 1) => {
      const element = scroller.current;
      if (!element) return;
      const { left } = innerEdges(element);
      const from = heading.current ?? element.scrollLeft;
      // Each column's start in the scroller's content, where scrollLeft puts it at the start edge.
      const starts = ([...element.children] as HTMLElement[]).map(
        (column) => element.scrollLeft + column.getBoundingClientRect().left - left,
      );
      const maxLeft = element.scrollWidth - element.clientWidth;
      // Forward: the first column starting past the edge; back: the last one starting before it.
      const target =
        direction === 1
          ? starts.find((start) => start > from + 1)
          : starts.filter((start) => start < from - 1).at(-1);
      if (target === undefined) return;
      const destination = Math.max(0, Math.min(target, maxLeft));
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      heading.current = smooth && destination !== element.scrollLeft ? destination : null;
      element.scrollTo({ left: destination, behavior: smooth ? 'smooth' : 'auto' });
    },
    [scroller],
  );

  return { ...state, scrollByColumn };
}
