import { applyTheme, DARK_QUERY, resolveTheme } from './apply-theme';
import {
  isThemeMode,
  type ResolvedTheme,
  readThemeMode,
  THEME_STORAGE_KEY,
  type ThemeMode,
  writeThemeMode,
} from './theme-mode';

export type ThemeSnapshot = { mode: ThemeMode; resolved: ResolvedTheme };

/**
 * One source of truth for the theme: the stored choice plus the OS preference. It follows the OS
 * while the choice is "system" and picks up a choice made in another tab (the storage event).
 */
export function createThemeStore() {
  const media = window.matchMedia(DARK_QUERY);
  const listeners = new Set<() => void>();
  let snapshot = compute(readThemeMode());

  function compute(mode: ThemeMode): ThemeSnapshot {
    return { mode, resolved: resolveTheme(mode, media.matches) };
  }

  function update(mode: ThemeMode) {
    const next = compute(mode);
    applyTheme(next.mode, next.resolved);
    if (next.mode === snapshot.mode && next.resolved === snapshot.resolved) return;
    snapshot = next;
    for (const listener of listeners) listener();
  }

  const onSystemChange = () => update(snapshot.mode);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY)
      update(isThemeMode(event.newValue) ? event.newValue : readThemeMode());
  };

  return {
    getSnapshot: (): ThemeSnapshot => snapshot,
    setMode(mode: ThemeMode) {
      writeThemeMode(mode);
      update(mode);
    },
    subscribe(listener: () => void) {
      if (listeners.size === 0) {
        media.addEventListener('change', onSystemChange);
        window.addEventListener('storage', onStorage);
        // The OS or another tab may have changed while nobody listened.
        update(readThemeMode());
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        media.removeEventListener('change', onSystemChange);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export type ThemeStore = ReturnType<typeof createThemeStore>;
