import type { PostHog } from 'posthog-js';
import type { AnalyticsCommand } from '../../../../contracts/analytics';
import type { AnalyticsAdapter } from './analytics-adapter';

export interface ProductAnalyticsAdapter extends AnalyticsAdapter {
  /** Resolves when the started SDK says it is loaded (the chart waits 2 s for it, then goes on). */
  loaded(): Promise<void>;
}

/**
 * Product analytics (PostHog, `posthog-js`, its own chunk downloaded after first paint). Page views
 * are the chart's, not the SDK's own.
 */
export function productAnalyticsAdapter({
  key,
  host,
}: {
  key: string;
  host: string;
}): ProductAnalyticsAdapter {
  let client: PostHog | undefined;
  let markLoaded: () => void = () => {};
  const loaded = new Promise<void>((resolve) => {
    markLoaded = resolve;
  });
  return {
    async load() {
      const { posthog } = await import('posthog-js');
      client = posthog;
      posthog.init(key, {
        api_host: host,
        capture_pageview: false,
        capture_pageleave: false,
        // Session replay is the monitoring provider's.
        disable_session_recording: true,
        loaded: () => markLoaded(),
      });
    },
    loaded: () => loaded,
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
