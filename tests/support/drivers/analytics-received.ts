import type { AnalyticsProvider } from '../../../contracts/analytics';

/**
 * What each analytics host was handed, as the calls its stand-in recorded (the data layer's
 * entries, PostHog's, Sentry's, Clarity's and Intercom's calls), read as the lines the shared
 * analytics driver compares with the chart's deliveries. One reader for jsdom and Chromium.
 */
export interface HostRecord {
  dataLayer: Array<Record<string, unknown>>;
  productAnalytics: unknown[][];
  monitoring: unknown[][];
  heatmap: unknown[][];
  chat: unknown[][];
}

const pathOf = (url: unknown) => new URL(String(url)).pathname;

export function receivedLines(record: HostRecord): Record<AnalyticsProvider, string[]> {
  return {
    tagManager: record.dataLayer.flatMap((entry) => {
      if (entry.event === 'gtm.js') return [];
      if (entry.event === 'page_view')
        return [`page ${pathOf(entry.page_location)} from ${entry.page_referrer || '-'}`];
      if (entry.event === 'identify') return [`identify ${entry.user_id}`];
      if (entry.event === 'reset') return ['reset'];
      return [`track ${entry.event}`];
    }),
    productAnalytics: record.productAnalytics.map(([call, name, properties]) => {
      const p = properties as { $current_url?: string; $referrer?: string } | undefined;
      if (call === 'capture' && name === '$pageview')
        return `page ${pathOf(p?.$current_url)} from ${p?.$referrer || '-'}`;
      if (call === 'capture') return `track ${name}`;
      if (call === 'identify') return `identify ${name}`;
      return 'reset';
    }),
    monitoring: record.monitoring.map(([call, value]) => {
      if (call === 'setUser') return value ? `identify ${(value as { id: string }).id}` : 'reset';
      const crumb = value as { category: string; message?: string; data?: { from?: string; to?: string } };
      if (crumb.category === 'navigation') return `page ${crumb.data?.to} from ${crumb.data?.from || '-'}`;
      return `track ${crumb.message}`;
    }),
    heatmap: record.heatmap.flatMap(([call, value]) => {
      if (call === 'identify') return [`identify ${value}`];
      if (call === 'event') return [`track ${value}`];
      return [];
    }),
    chat: record.chat.flatMap(([call, value]) => {
      if (call === 'update') return [`identify ${(value as { user_id: string }).user_id}`];
      if (call === 'shutdown') return ['reset'];
      return [];
    }),
  };
}
