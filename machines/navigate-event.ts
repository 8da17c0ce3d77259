/**
 * What a chart emits to say where the app goes next (`emit({ type: 'navigate', to })`). Charts
 * decide destinations; one hook (src/lib/navigation/useChartNavigation.ts) performs them, so no
 * view watches a chart's state to pick an address.
 */
export interface NavigateEvent {
  type: 'navigate';
  /** An in-app address: path and search, e.g. "/onboarding/company". */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export function navigateEvent(to: string, replace = false): NavigateEvent {
  return replace ? { type: 'navigate', to, replace } : { type: 'navigate', to };
}
