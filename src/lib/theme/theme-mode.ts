/**
 * The user's theme choice, kept under one localStorage key. public/theme-init.js reads the same
 * key before first paint; keep the two in step.
 */
export const THEME_STORAGE_KEY = 'fechai-theme';

export const themeModes = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof themeModes)[number];
export type ResolvedTheme = Exclude<ThemeMode, 'system'>;

export const DEFAULT_THEME_MODE: ThemeMode = 'system';

export function isThemeMode(value: unknown): value is ThemeMode {
  return themeModes.includes(value as ThemeMode);
}

export function readThemeMode(): ThemeMode {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : DEFAULT_THEME_MODE;
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): fall back to the OS.
    return DEFAULT_THEME_MODE;
  }
}

export function writeThemeMode(mode: ThemeMode): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Not persisted, but the choice still applies to this page.
  }
}
