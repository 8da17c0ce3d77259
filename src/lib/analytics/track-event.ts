import type { AnalyticsEvent } from '../../../contracts/analytics';
import { toAnalyticsClient } from './analytics-link';

export type { AnalyticsEvent } from '../../../contracts/analytics';

export type EventListener = (event: AnalyticsEvent) => void | Promise<void>;

const listeners = new Set<EventListener>();

/** Something in the app that wants every event as it is tracked (the analytics client has its own link). */
export function onTrack(listener: EventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function report(error: unknown): void {
  // Spec §1, §8: analytics never shows errors to the user; a failure is only logged.
  console.warn('[analytics] event failed', error);
}

/**
 * Hands an event to the analytics client (which sends it to every ready provider) and to every
 * listener. Never throws: a listener that throws or rejects is logged and the others still get it.
 */
export function trackEvent(
  name: string,
  properties: Record<string, unknown> = {},
  user: { userId?: string; userProperties?: Record<string, unknown> } = {},
): void {
  const event: AnalyticsEvent = {
    name,
    properties,
    userId: user.userId,
    userProperties: user.userProperties ?? {},
  };
  toAnalyticsClient({ type: 'TRACK', event });
  for (const listener of listeners) {
    try {
      Promise.resolve(listener(event)).catch(report);
    } catch (error) {
      report(error);
    }
  }
}
