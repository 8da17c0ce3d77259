import { toAnalyticsClient } from './analytics-link';

/**
 * Spec §2: a page view on first load and on each navigation (the analytics chart adds the previous
 * address as referrer and ignores the same address twice).
 */
export function reportPageView(url: string): void {
  toAnalyticsClient({ type: 'PAGE', url });
}
