import type { AnalyticsProvider } from './analytics';

/**
 * The analytics providers' configuration, read from the same environment variables by the client
 * build (scripts/client-defines.ts) and the server (its content security policy). An empty key: that
 * provider is off. URLs without a trailing slash.
 */
export interface AnalyticsSettings {
  /** Tag manager (Google Tag Manager): container id, and where gtm.js comes from. */
  gtmId: string;
  gtmUrl: string;
  /** Product analytics (PostHog): project key and API host. */
  posthogKey: string;
  posthogHost: string;
  /** Monitoring and session replay (Sentry): the DSN names the host reports go to. */
  sentryDsn: string;
  /** Heatmap (Microsoft Clarity): project id and script host. */
  clarityId: string;
  clarityUrl: string;
  /** Chat widget (Intercom): app id and widget host. */
  intercomAppId: string;
  intercomUrl: string;
}

/** The providers whose key is set, in the analytics chart's order. */
export function configuredAnalyticsProviders(settings: AnalyticsSettings): AnalyticsProvider[] {
  const on: Record<AnalyticsProvider, boolean> = {
    tagManager: settings.gtmId !== '',
    productAnalytics: settings.posthogKey !== '',
    monitoring: settings.sentryDsn !== '',
    heatmap: settings.clarityId !== '',
    chat: settings.intercomAppId !== '',
  };
  return (Object.keys(on) as AnalyticsProvider[]).filter((p) => on[p]);
}
