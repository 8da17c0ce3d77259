import type { AnalyticsInputEvent } from '../../../machines/analytics/analytics.machine';

/** What the app tells the analytics client (the chart's events, START aside). */
export type AnalyticsClientEvent = Exclude<AnalyticsInputEvent, { type: 'START' }>;

/** Before the client exists (it starts after first paint) its events wait here, up to this many. */
const EARLY_LIMIT = 100;
const early: AnalyticsClientEvent[] = [];
let client: ((event: AnalyticsClientEvent) => void) | undefined;

/** Hands `event` to the analytics client, or keeps it until the client is attached. */
export function toAnalyticsClient(event: AnalyticsClientEvent): void {
  if (client) client(event);
  else if (early.length < EARLY_LIMIT) early.push(event);
}

/** The one analytics client takes every event from now on, the early ones first, in order. */
export function attachAnalyticsClient(send: (event: AnalyticsClientEvent) => void): () => void {
  client = send;
  for (const event of early.splice(0)) send(event);
  return () => {
    if (client !== send) return;
    client = undefined;
    // What waited for this client is not the next one's.
    early.length = 0;
  };
}
