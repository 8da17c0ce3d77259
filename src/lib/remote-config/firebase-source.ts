import { initializeApp } from 'firebase/app';
import {
  activate,
  ensureInitialized,
  fetchAndActivate,
  getAll,
  getRemoteConfig,
  onConfigUpdate,
  setCustomSignals,
} from 'firebase/remote-config';
import { type RemoteConfigText, remoteConfigKeys } from '../../../contracts/remote-config';
import {
  FETCH_TIMEOUT_MS,
  MINIMUM_FETCH_INTERVAL_MS,
  RemoteConfigThrottled,
} from '../../../machines/remote-config/remote-config.machine';
import type { FirebaseAppSettings } from '../build-config';
import type { RemoteConfigSource } from './remote-config-source';

/** Firebase's code for a fetch refused until later. */
const THROTTLED = 'remoteconfig/fetch-throttle';

/**
 * The SDK's own time-out ends this much before the chart's, so the chart hears its verdict (the
 * throttle, or a failure) rather than timing out first.
 */
const SDK_VERDICT_MARGIN_MS = 1000;

/**
 * Until when (epoch ms) a throttle holds, kept across reloads: the SDK only remembers its backoff
 * of a few seconds, and a page opened again would ask at once.
 */
const THROTTLED_UNTIL_KEY = 'fechai-remote-config-throttled-until';

function throttledUntil(): number {
  try {
    return Number(localStorage.getItem(THROTTLED_UNTIL_KEY)) || 0;
  } catch {
    return 0;
  }
}

function rememberThrottle(): void {
  try {
    localStorage.setItem(THROTTLED_UNTIL_KEY, String(Date.now() + MINIMUM_FETCH_INTERVAL_MS));
  } catch {
    // Storage refused (private mode): the throttle holds for this page only, in the chart.
  }
}

/** The parameters Firebase holds now (activated), as text; ones it does not know are left out. */
function activatedText(values: ReturnType<typeof getAll>): RemoteConfigText {
  const text: RemoteConfigText = {};
  for (const key of remoteConfigKeys) {
    const value = values[key];
    if (value && value.getSource() === 'remote') text[key] = value.asString();
  }
  return text;
}

/** Firebase Remote Config (modular SDK), with spec §9's interval and time-out, and realtime updates. */
export function firebaseRemoteConfigSource(settings: FirebaseAppSettings): RemoteConfigSource {
  const app = initializeApp(settings, 'remote-config');
  const remoteConfig = getRemoteConfig(app);
  remoteConfig.settings.minimumFetchIntervalMillis = MINIMUM_FETCH_INTERVAL_MS;
  remoteConfig.settings.fetchTimeoutMillis = FETCH_TIMEOUT_MS;
  return {
    async fetch(signals, deadline) {
      const until = throttledUntil();
      if (Date.now() < until) {
        throw new RemoteConfigThrottled(`throttled until ${new Date(until).toISOString()}`);
      }
      remoteConfig.settings.fetchTimeoutMillis = Math.max(
        0,
        Math.min(FETCH_TIMEOUT_MS, deadline - Date.now() - SDK_VERDICT_MARGIN_MS),
      );
      try {
        // What an earlier page activated, so a fetch answered from the SDK's cache reads it.
        await ensureInitialized(remoteConfig);
        if (Object.keys(signals).length > 0) await setCustomSignals(remoteConfig, signals);
        await fetchAndActivate(remoteConfig);
      } catch (error) {
        if ((error as { code?: string }).code === THROTTLED) {
          rememberThrottle();
          throw new RemoteConfigThrottled((error as Error).message);
        }
        throw error;
      }
      return activatedText(getAll(remoteConfig));
    },
    subscribe(onUpdate) {
      return onConfigUpdate(remoteConfig, {
        next: () => {
          activate(remoteConfig).then(
            () => onUpdate(activatedText(getAll(remoteConfig))),
            (error: unknown) =>
              console.warn('Remote config: a realtime update could not be activated', error),
          );
        },
        error: (error) => console.warn('Remote config: realtime updates stopped', error),
        complete: () => {},
      });
    },
  };
}
