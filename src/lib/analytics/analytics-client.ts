import { type Actor, createActor, fromPromise } from 'xstate';
import type { AnalyticsProvider } from '../../../contracts/analytics';
import { type AnalyticsSettings, configuredAnalyticsProviders } from '../../../contracts/analytics-providers';
import { analyticsMachine } from '../../../machines/analytics/analytics.machine';
import { ANALYTICS } from '../build-config';
import { type AnalyticsClientStatus, attachAnalyticsClient } from './analytics-link';
import { loadScript, type ScriptLoader } from './load-script';
import type { AnalyticsAdapter } from './providers/analytics-adapter';
import { chatWidgetAdapter } from './providers/chat-widget';
import { heatmapAdapter } from './providers/heatmap';
import { type MonitoringSdk, monitoringAdapter } from './providers/monitoring';
import { type ProductAnalyticsSdk, productAnalyticsAdapter } from './providers/product-analytics';
import { tagManagerAdapter } from './providers/tag-manager';

export type AnalyticsActor = Actor<typeof analyticsMachine>;

function warn(what: string, error: unknown): void {
  // Spec §1, §8: analytics never shows errors to the user; a failure is only logged.
  console.warn(`[analytics] ${what}`, error);
}

/** A loader whose failure is logged before the chart hears of it. */
function logged(provider: AnalyticsProvider, load: () => Promise<void>) {
  return fromPromise<void>(() =>
    load().catch((error: unknown) => {
      warn(`${provider} did not start`, error);
      throw error;
    }),
  );
}

/** Where the chart's client is, and which providers are up and down. */
function statusOf(actor: AnalyticsActor): AnalyticsClientStatus {
  const snapshot = actor.getSnapshot();
  const client = (snapshot.value as { client: string | { pending: string } }).client;
  return {
    state: (typeof client === 'string' ? client : client.pending) as AnalyticsClientStatus['state'],
    up: [...snapshot.context.up].sort(),
    down: [...snapshot.context.down].sort(),
  };
}

/**
 * The app's one analytics client: the analytics chart with each configured provider's adapter,
 * fed by the app's buses (events, identity, sign-out, page views). Started after first paint; the
 * adapters download their SDKs and scripts only now, each from its own host.
 */
export function startAnalytics(
  settings: AnalyticsSettings = ANALYTICS,
  {
    scripts = loadScript,
    sdks = {},
  }: {
    scripts?: ScriptLoader;
    /** Where the npm SDKs come from (by default their own chunks). */
    sdks?: {
      productAnalytics?: () => Promise<ProductAnalyticsSdk>;
      monitoring?: () => Promise<MonitoringSdk>;
    };
  } = {},
): { actor: AnalyticsActor; stop: () => void } {
  const tagManager = tagManagerAdapter({ id: settings.gtmId, url: settings.gtmUrl }, scripts);
  const productAnalytics = productAnalyticsAdapter(
    { key: settings.posthogKey, host: settings.posthogHost },
    sdks.productAnalytics,
  );
  const monitoring = monitoringAdapter({ dsn: settings.sentryDsn }, sdks.monitoring);
  const heatmap = heatmapAdapter({ id: settings.clarityId, url: settings.clarityUrl }, scripts);
  const chat = chatWidgetAdapter({ appId: settings.intercomAppId, url: settings.intercomUrl }, scripts);
  const adapters: Record<AnalyticsProvider, AnalyticsAdapter> = {
    tagManager,
    productAnalytics,
    monitoring,
    heatmap,
    chat,
  };

  const machine = analyticsMachine.provide({
    actors: {
      loadTagManager: logged('tagManager', () => tagManager.load()),
      loadProductAnalytics: logged('productAnalytics', () => productAnalytics.load()),
      productAnalyticsLoaded: logged('productAnalytics', () => productAnalytics.loaded()),
      loadMonitoring: logged('monitoring', () => monitoring.load()),
      loadHeatmap: logged('heatmap', () => heatmap.load()),
      loadChat: logged('chat', () => chat.load()),
    },
    guards: { monitoringUp: () => monitoring.isUp() },
  });
  const actor = createActor(machine, { input: { providers: configuredAnalyticsProviders(settings) } });
  actor.on('deliver', ({ command, providers }) => {
    for (const provider of providers) {
      try {
        adapters[provider].deliver(command);
      } catch (error) {
        warn(`${provider} could not take a ${command.kind}`, error);
      }
    }
  });
  actor.start();
  const detach = attachAnalyticsClient(
    (event) => actor.send(event),
    () => statusOf(actor),
  );
  actor.send({ type: 'START' });
  return {
    actor,
    stop() {
      detach();
      actor.stop();
    },
  };
}
