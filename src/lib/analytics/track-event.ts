/** Spec §3: an analytics event: name, properties, and who did it. */
export interface AnalyticsEvent {
  name: string;
  properties: Record<string, unknown>;
  userId: string | undefined;
  userProperties: Record<string, unknown>;
}

export type EventListener = (event: AnalyticsEvent) => void | Promise<void>;

const listeners = new Set<EventListener>();

/** A provider (product analytics, tag manager, pixel) that wants every event. */
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
 * Hands an event to every provider. Never throws: a listener that throws or rejects is logged and
 * the others still get the event.
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
  for (const listener of listeners) {
    try {
      Promise.resolve(listener(event)).catch(report);
    } catch (error) {
      report(error);
    }
  }
}
