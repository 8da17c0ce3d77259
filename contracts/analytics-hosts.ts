import { type AnalyticsSettings, configuredAnalyticsProviders } from './analytics-providers';

/** What the content security policy must allow for the configured providers, per directive. */
export interface AnalyticsSources {
  scriptSrc: string[];
  connectSrc: string[];
  imgSrc: string[];
  frameSrc: string[];
  fontSrc: string[];
  workerSrc: string[];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** PostHog's cloud serves its scripts from an assets host beside the API host. */
function posthogAssetsOrigin(host: string): string | null {
  const origin = originOf(host);
  if (!origin) return null;
  const assets = origin.replace(/^https:\/\/(us|eu)\.i\.posthog\.com$/, 'https://$1-assets.i.posthog.com');
  return assets === origin ? null : assets;
}

/**
 * Each configured provider's hosts and nothing more. Known vendors' extra hosts are listed where
 * their documentation asks for them; a host pointed elsewhere (a local stand-in) is used as is.
 */
export function analyticsSources(settings: AnalyticsSettings): AnalyticsSources {
  const sources: AnalyticsSources = {
    scriptSrc: [],
    connectSrc: [],
    imgSrc: [],
    frameSrc: [],
    fontSrc: [],
    workerSrc: [],
  };
  const add = (directive: keyof AnalyticsSources, ...values: Array<string | null>) => {
    for (const value of values)
      if (value && !sources[directive].includes(value)) sources[directive].push(value);
  };
  const providers = configuredAnalyticsProviders(settings);
  if (providers.includes('tagManager')) {
    const gtm = originOf(settings.gtmUrl);
    add('scriptSrc', gtm);
    add('connectSrc', gtm);
    add('imgSrc', gtm);
    if (gtm === 'https://www.googletagmanager.com') {
      // The container's advertising pixel (Meta) and Google's measurement endpoints.
      add('scriptSrc', 'https://connect.facebook.net');
      add('connectSrc', 'https://www.google-analytics.com', 'https://www.facebook.com');
      add('imgSrc', 'https://www.google-analytics.com', 'https://www.facebook.com');
    }
  }
  if (providers.includes('productAnalytics')) {
    const host = originOf(settings.posthogHost);
    const assets = posthogAssetsOrigin(settings.posthogHost);
    add('scriptSrc', host, assets);
    add('connectSrc', host, assets);
  }
  if (providers.includes('monitoring')) {
    // Reports go to the DSN's host; the replay recorder's compression runs in a blob worker.
    add('connectSrc', originOf(settings.sentryDsn));
    add('workerSrc', 'blob:');
  }
  if (providers.includes('heatmap')) {
    const clarity = originOf(settings.clarityUrl);
    add('scriptSrc', clarity);
    add('connectSrc', clarity);
    if (clarity === 'https://www.clarity.ms') {
      add('scriptSrc', 'https://scripts.clarity.ms');
      add('connectSrc', 'https://*.clarity.ms');
      add('imgSrc', 'https://*.clarity.ms', 'https://c.bing.com');
    }
  }
  if (providers.includes('chat')) {
    const widget = originOf(settings.intercomUrl);
    add('scriptSrc', widget);
    add('connectSrc', widget);
    if (widget === 'https://widget.intercom.io') {
      add('scriptSrc', 'https://js.intercomcdn.com');
      add(
        'connectSrc',
        'https://api-iam.intercom.io',
        'https://nexus-websocket-a.intercom.io',
        'wss://nexus-websocket-a.intercom.io',
      );
      add('imgSrc', 'https://js.intercomcdn.com', 'https://static.intercomassets.com');
      add('fontSrc', 'https://js.intercomcdn.com');
      add('frameSrc', 'https://intercom-sheets.com');
    }
  }
  return sources;
}
