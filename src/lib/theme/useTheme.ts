import { useSyncExternalStore } from 'react';
import { createThemeStore, type ThemeStore } from './theme-store';

let shared: ThemeStore | undefined;

/** The page's theme store, created on first use (it needs the window). */
function sharedThemeStore(): ThemeStore {
  shared ??= createThemeStore();
  return shared;
}

export function useTheme(store: ThemeStore = sharedThemeStore()) {
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { ...snapshot, setMode: store.setMode };
}
