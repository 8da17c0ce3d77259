import type { Page } from 'playwright-core';

/**
 * What a browser driver keeps for each page it replays on (the layer's server adapter, made in
 * `open` and used by `act` and `check`).
 */
export function perPage<T>(what: string) {
  const kept = new WeakMap<Page, T>();
  return {
    set(page: Page, value: T): void {
      kept.set(page, value);
    },
    of(page: Page): T {
      const value = kept.get(page);
      if (!value) throw new Error(`no ${what} for this page: open it first`);
      return value;
    },
  };
}
