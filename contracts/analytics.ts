/**
 * Spec §3: what the analytics providers are told. Types only: the web client builds them, the
 * analytics chart queues and hands them on, the providers' adapters send them.
 */

/** Who the analytics providers (and the chat widget) are told the signed-in user is. */
export interface AnalyticsIdentity {
  id: string;
  email: string;
  name: string | undefined;
  properties: { phone?: string };
}

/** An analytics event: name, properties, and who did it. */
export interface AnalyticsEvent {
  name: string;
  properties: Record<string, unknown>;
  userId: string | undefined;
  userProperties: Record<string, unknown>;
}

/** A page view: the address opened, and the one before it (null on the first load). */
export interface AnalyticsPageView {
  url: string;
  referrer: string | null;
}

/** The providers the app can send to, each on only when its key is configured. */
export const analyticsProviders = [
  'tagManager',
  'productAnalytics',
  'monitoring',
  'heatmap',
  'chat',
] as const;
export type AnalyticsProvider = (typeof analyticsProviders)[number];

/** One thing for the providers, in the order the app asked for it. */
export type AnalyticsCommand =
  | { kind: 'track'; event: AnalyticsEvent }
  | { kind: 'identify'; identity: AnalyticsIdentity }
  /** The user signed out: providers forget who they were. */
  | { kind: 'reset' }
  | { kind: 'page'; view: AnalyticsPageView };
