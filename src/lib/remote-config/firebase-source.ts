import { initializeApp } from 'firebase/app';
import {
  activate,
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
    async fetch(signals) {
      try {
        if (Object.keys(signals).length > 0) await setCustomSignals(remoteConfig, signals);
        await fetchAndActivate(remoteConfig);
      } catch (error) {
        if ((error as { code?: string }).code === THROTTLED) {
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
