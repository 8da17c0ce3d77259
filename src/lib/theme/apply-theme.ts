import type { ResolvedTheme, ThemeMode } from './theme-mode';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(mode: ThemeMode, systemPrefersDark: boolean): ResolvedTheme {
  if (mode === 'system') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}

/** Same effect as public/theme-init.js: the class on <html>, native colour scheme, browser bar colour. */
export function applyTheme(
  mode: ThemeMode,
  resolved: ResolvedTheme,
  root: HTMLElement = document.documentElement,
) {
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
  for (const meta of root.ownerDocument.querySelectorAll<HTMLMetaElement>(
    'meta[name="theme-color"][data-theme]',
  )) {
    const own = meta.dataset.theme;
    meta.media = mode === 'system' ? `(prefers-color-scheme: ${own})` : own === resolved ? 'all' : 'not all';
  }
}
