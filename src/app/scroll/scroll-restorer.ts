import type { AroundNavHandler } from 'wouter';
import { isRecord } from '../../lib/is-record';

const STORAGE_KEY = 'fechai-scroll';
const STATE_FIELD = 'scrollKey';
/** How long a restore keeps trying while the page grows tall enough (data still loading). */
const RESTORE_PATIENCE_MS = 1_500;
/** Input that means the user is scrolling themselves, so a pending restore gives way. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function keyOf(state: unknown): string | undefined {
  return isRecord(state) && typeof state[STATE_FIELD] === 'string' ? state[STATE_FIELD] : undefined;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Adds the entry key to a navigation's state; a non-object state is left alone (no restore). */
function withKey(state: unknown, key: string): unknown {
  if (state === undefined || state === null) return { [STATE_FIELD]: key };
  return isRecord(state) && !Array.isArray(state) ? { ...state, [STATE_FIELD]: key } : state;
}

/**
 * Spec §2, scroll restored on navigation: a new navigation starts at the top; back and forward
 * return to where the user was on that history entry. Each entry carries a key in history.state,
 * positions are remembered per key (and kept in sessionStorage across reloads).
 *
 * Wiring: `aroundNav` goes on wouter's <Router>, `afterNavigation` runs after every location change
 * has rendered, `start` while the app is mounted.
 */
export function createScrollRestorer(win: Window = window) {
  const positions = new Map<string, number>(loadPositions());
  let shownKey: string | undefined;
  let pushed = false;
  let cancelRestore = () => {};
  /** After logout nothing of the signed-in pages is kept, not even where they were scrolled. */
  let forgotten = false;

  function loadPositions(): [string, number][] {
    try {
      const stored: unknown = JSON.parse(win.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(stored) ? stored : [];
    } catch {
      return [];
    }
  }

  function savePositions() {
    if (forgotten) return;
    try {
      win.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
    } catch {
      // Storage full or blocked: positions still work within this page's life.
    }
  }

  /** The current history entry's key, giving the entry one if it has none yet. */
  function currentKey(): string | undefined {
    const existing = keyOf(win.history.state);
    if (existing) return existing;
    const state = withKey(win.history.state, newKey());
    win.history.replaceState(state, '');
    return keyOf(state);
  }

  function remember() {
    if (shownKey !== undefined && !forgotten) positions.set(shownKey, win.scrollY);
  }

  function scrollTo(y: number) {
    cancelRestore();
    win.scrollTo(0, y);
    if (y === 0 || Math.abs(win.scrollY - y) <= 1) return;
    // The page is not tall enough yet (data still loading): keep trying for a moment, unless the
    // user takes over.
    const giveUpAt = Date.now() + RESTORE_PATIENCE_MS;
    let frame = 0;
    const stop = () => {
      win.cancelAnimationFrame(frame);
      for (const type of USER_SCROLL_EVENTS) win.removeEventListener(type, stop);
    };
    const retry = () => {
      win.scrollTo(0, y);
      if (Math.abs(win.scrollY - y) <= 1 || Date.now() > giveUpAt) stop();
      else frame = win.requestAnimationFrame(retry);
    };
    for (const type of USER_SCROLL_EVENTS) {
      win.addEventListener(type, stop, { passive: true });
    }
    frame = win.requestAnimationFrame(retry);
    cancelRestore = stop;
  }

  const aroundNav: AroundNavHandler = (navigate, to, options) => {
    remember();
    pushed = true;
    navigate(to, { ...options, state: withKey(options?.state, newKey()) });
  };

  return {
    aroundNav,

    /** Drops every remembered position and stops keeping new ones (logout clears session storage). */
    forget() {
      forgotten = true;
      positions.clear();
    },

    /** After a location change rendered: top for a new navigation, the saved spot for back/forward. */
    afterNavigation() {
      const key = currentKey();
      const traversed = key !== shownKey;
      // From here on, scroll positions belong to the entry now shown.
      shownKey = key;
      if (pushed) {
        pushed = false;
        scrollTo(0);
      } else if (traversed) {
        scrollTo(key === undefined ? 0 : (positions.get(key) ?? 0));
      }
    },

    start() {
      const previous = win.history.scrollRestoration;
      win.history.scrollRestoration = 'manual';
      win.addEventListener('scroll', remember, { passive: true });
      win.addEventListener('pagehide', savePositions);
      return () => {
        cancelRestore();
        win.history.scrollRestoration = previous;
        win.removeEventListener('scroll', remember);
        win.removeEventListener('pagehide', savePositions);
      };
    },
  };
}

export type ScrollRestorer = ReturnType<typeof createScrollRestorer>;
