import type { PostHog } from 'posthog-js';
import type { AnalyticsCommand } from '../../../../contracts/analytics';
import type { AnalyticsAdapter } from './analytics-adapter';

export interface ProductAnalyticsAdapter extends AnalyticsAdapter {
  /**
   * Starts the downloaded SDK; resolves when it says it is loaded (the chart waits 2 s for it, then
   * goes on), rejects when it cannot start.
   */
  loaded(): Promise<void>;
}

/** What the adapter uses of the SDK. */
export type ProductAnalyticsSdk = Pick<PostHog, 'init' | 'capture' | 'identify' | 'reset'>;

const downloadSdk = async (): Promise<ProductAnalyticsSdk> => (await import('posthog-js')).posthog;

/**
 * Product analytics (PostHog, `posthog-js`, its own chunk downloaded after first paint). Page views
 * are the chart's, not the SDK's own.
 */
export function productAnalyticsAdapter(
  { key, host }: { key: string; host: string },
  download: () => Promise<ProductAnalyticsSdk> = downloadSdk,
): ProductAnalyticsAdapter {
  let sdk: ProductAnalyticsSdk | undefined;
  let client: ProductAnalyticsSdk | undefined;
  return {
    async load() {
      sdk = await download();
    },
    loaded() {
      return new Promise<void>((resolve, reject) => {
        if (!sdk) return reject(new Error('The product analytics SDK is not downloaded'));
        sdk.init(key, {
          api_host: host,
          capture_pageview: false,
          capture_pageleave: false,
          // Session replay is the monitoring provider's.
          disable_session_recording: true,
          loaded: () => resolve(),
        });
        // Started (a throw above rejects): it takes commands even if "loaded" never comes.
        client = sdk;
      });
    },
    deliver(command: AnalyticsCommand) {
      if (!client) return;
      switch (command.kind) {
        case 'page':
          client.capture('$pageview', {
            $current_url: new URL(command.view.url, window.location.origin).href,
            $referrer: command.view.referrer ?? document.referrer,
          });
          return;
        case 'track':
          client.capture(command.event.name, command.event.properties, {
            $set: command.event.userProperties,
          });
          return;
        case 'identify': {
          const { id, email, name, properties } = command.identity;
          client.identify(id, { email, name, ...properties });
          return;
        }
        case 'reset':
          client.reset();
      }
    },
  };
}
