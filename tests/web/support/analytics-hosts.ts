import type { AnalyticsProvider } from '../../../contracts/analytics';
import type { AnalyticsSettings } from '../../../contracts/analytics-providers';
import type { MonitoringSdk } from '../../../src/lib/analytics/providers/monitoring';
import type { ProductAnalyticsSdk } from '../../../src/lib/analytics/providers/product-analytics';
import type { AnalyticsDownload } from '../../support/drivers/analytics.driver';
import { receivedLines } from '../../support/drivers/analytics-received';

/** Every provider's key and a host of its own (a provider is on when its key is in `providers`). */
export function analyticsSettingsFor(providers: readonly AnalyticsProvider[]): AnalyticsSettings {
  const on = (p: AnalyticsProvider, value: string) => (providers.includes(p) ? value : '');
  return {
    gtmId: on('tagManager', 'GTM-TEST'),
    gtmUrl: 'https://gtm.fechai.test',
    posthogKey: on('productAnalytics', 'phc_test'),
    posthogHost: 'https://posthog.fechai.test',
    sentryDsn: on('monitoring', 'https://key@sentry.fechai.test/1'),
    clarityId: on('heatmap', 'clarity-test'),
    clarityUrl: 'https://clarity.fechai.test',
    intercomAppId: on('chat', 'chat-app'),
    intercomUrl: 'https://chat.fechai.test',
  };
}

type Calls = unknown[][];
type Stub = ((...args: unknown[]) => void) & { q?: Calls };

interface Held {
  serve: () => void;
  fail: () => void;
}

const scriptProviders: Array<[AnalyticsProvider, keyof AnalyticsSettings]> = [
  ['tagManager', 'gtmUrl'],
  ['heatmap', 'clarityUrl'],
  ['chat', 'intercomUrl'],
];

/** A recorder in place of a provider's stub, running what the stub had queued first (as the real scripts do). */
function replacing(stub: Stub | undefined, calls: Calls): Stub {
  calls.push(...(stub?.q ?? []));
  return (...args: unknown[]) => {
    calls.push(args);
  };
}

/**
 * The providers' hosts for the app's analytics client in jsdom, each download held until the
 * replay serves or fails it. A served script does to the page what the real one does: the tag
 * manager's container reads the data layer (and brings the pixel), Clarity and Intercom replace
 * their stubs and run what waited in them. The two npm SDKs stand in with the calls the adapters
 * make: PostHog's `init` (its `loaded` callback held; throwing when it cannot start), `capture`,
 * `identify`, `reset`; Sentry's `init`, `getClient` (a client once running), `setUser`,
 * `addBreadcrumb`.
 */
export function analyticsHosts(settings: AnalyticsSettings) {
  const held = new Map<AnalyticsProvider, Held>();
  const asked: AnalyticsProvider[] = [];
  const heatmap: Calls = [];
  const chat: Calls = [];
  const productAnalytics: Calls = [];
  const monitoring: Calls = [];
  let startFails = false;
  let markLoaded: (() => void) | undefined;
  let running = false;

  const hold = <T>(provider: AnalyticsProvider, value: () => T) =>
    new Promise<T>((resolve, reject) => {
      asked.push(provider);
      held.set(provider, {
        serve: () => resolve(value()),
        fail: () => reject(new Error(`${provider}'s host is unreachable`)),
      });
    });

  const scripts = (src: string): Promise<void> => {
    const found = scriptProviders.find(([, url]) => src.startsWith(`${settings[url]}/`));
    if (!found) return Promise.reject(new Error(`No stand-in host for ${src}`));
    const [provider] = found;
    return hold(provider, () => {
      if (provider === 'tagManager') window.fbq = () => {};
      if (provider === 'heatmap') window.clarity = replacing(window.clarity, heatmap);
      if (provider === 'chat') window.Intercom = replacing(window.Intercom, chat);
    });
  };

  const posthog: ProductAnalyticsSdk = {
    init: ((_key: string, config: { loaded?: () => void }) => {
      if (startFails) throw new Error('product analytics could not start');
      markLoaded = () => config.loaded?.();
      return undefined;
    }) as unknown as ProductAnalyticsSdk['init'],
    capture: ((...args: unknown[]) => {
      productAnalytics.push(['capture', ...args]);
      return undefined;
    }) as ProductAnalyticsSdk['capture'],
    identify: (...args: unknown[]) => {
      productAnalytics.push(['identify', ...args]);
    },
    reset: () => {
      productAnalytics.push(['reset']);
    },
  };

  const sentry = {
    init: () => undefined,
    browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
    replayIntegration: () => ({ name: 'Replay' }),
    getClient: () => (running ? {} : undefined),
    captureException: () => '',
    setUser: (user: unknown) => {
      monitoring.push(['setUser', user]);
    },
    addBreadcrumb: (crumb: unknown) => {
      monitoring.push(['addBreadcrumb', crumb]);
    },
  } as unknown as MonitoringSdk;

  const received = () =>
    receivedLines({ dataLayer: window.dataLayer ?? [], productAnalytics, monitoring, heatmap, chat });

  return {
    scripts,
    sdks: {
      productAnalytics: () => hold('productAnalytics', () => posthog),
      monitoring: () => hold('monitoring', () => sentry),
    },
    asked: () => [...asked],
    received,
    download(provider: AnalyticsProvider, outcome: AnalyticsDownload) {
      const download = held.get(provider);
      if (!download) throw new Error(`the app asked ${provider}'s host for nothing`);
      held.delete(provider);
      startFails = outcome === 'in, start fails';
      if (outcome === 'fails') download.fail();
      else download.serve();
    },
    productAnalyticsLoaded() {
      if (!markLoaded) throw new Error('product analytics was not started');
      markLoaded();
    },
    monitoringRunning() {
      running = true;
    },
  };
}

/** What a served script leaves on the page, gone before the next test. */
export function clearAnalyticsGlobals(): void {
  window.dataLayer = undefined;
  window.fbq = undefined;
  window.clarity = undefined;
  window.Intercom = undefined;
  window.intercomSettings = undefined;
}
