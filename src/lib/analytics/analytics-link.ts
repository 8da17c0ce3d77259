import type { AnalyticsProvider } from '../../../contracts/analytics';
import type { AnalyticsInputEvent } from '../../../machines/analytics/analytics.machine';

/** What the app tells the analytics client (the chart's events, START aside). */
export type AnalyticsClientEvent = Exclude<AnalyticsInputEvent, { type: 'START' }>;

/** Where the client is: before first paint `created`; with no provider configured `unavailable`. */
export interface AnalyticsClientStatus {
  state: 'created' | 'initialising' | 'ready' | 'unavailable';
  up: AnalyticsProvider[];
  down: AnalyticsProvider[];
}

/** Before the client exists (it starts after first paint) its events wait here, up to this many. */
const EARLY_LIMIT = 100;
const early: AnalyticsClientEvent[] = [];
let client: ((event: AnalyticsClientEvent) => void) | undefined;
const notStarted = (): AnalyticsClientStatus => ({ state: 'created', up: [], down: [] });
let status = notStarted;

/** Hands `event` to the analytics client, or keeps it until the client is attached. */
export function toAnalyticsClient(event: AnalyticsClientEvent): void {
  if (client) client(event);
  else if (early.length < EARLY_LIMIT) early.push(event);
}

/**
 * The one analytics client takes every event from now on, the early ones first, in order. `read`
 * says where it is (by default: a client that drops everything, as with no provider configured).
 */
export function attachAnalyticsClient(
  send: (event: AnalyticsClientEvent) => void,
  read: () => AnalyticsClientStatus = () => ({ state: 'unavailable', up: [], down: [] }),
): () => void {
  client = send;
  status = read;
  for (const event of early.splice(0)) send(event);
  return () => {
    if (client !== send) return;
    client = undefined;
    status = notStarted;
    // What waited for this client is not the next one's.
    early.length = 0;
  };
}

declare global {
  interface FechaiHandles {
    analytics?: { send: typeof toAnalyticsClient; status: () => AnalyticsClientStatus };
  }
}

// Testers replay the analytics chart's paths in the running app (`npm run paths -- analytics <n>
// --browser`) through the very link the app's page views, session and events use. It grants
// nothing: whoever can run script in this page can only send analytics of their own.
if (typeof window !== 'undefined') {
  window.__fechai = { ...window.__fechai, analytics: { send: toAnalyticsClient, status: () => status() } };
}
