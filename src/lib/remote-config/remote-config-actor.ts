import { type Actor, createActor, fromPromise } from 'xstate';
import type { RemoteConfigText } from '../../../contracts/remote-config';
import {
  FETCH_TIMEOUT_MS,
  type FetchConfigInput,
  type RemoteConfigEvent,
  type RemoteConfigFetchStatus,
  remoteConfigMachine,
} from '../../../machines/remote-config/remote-config.machine';
import { remoteConfigDefaults } from './remote-config-defaults';
import { loadRemoteConfigSource, type RemoteConfigSource } from './remote-config-source';

type RemoteConfigActor = Actor<typeof remoteConfigMachine>;

declare global {
  interface FechaiHandles {
    /**
     * The remote-config chart, for its replays: its state (JSON of the value) and last fetch status,
     * and the events a source's realtime subscription (UPDATED) or a caller (SET_CUSTOM_SIGNALS) sends.
     */
    remoteConfig?: {
      state(): { state: string; status: RemoteConfigFetchStatus };
      send(event: Exclude<RemoteConfigEvent, { type: 'FETCH' }>): void;
    };
  }
}

let current: { actor: RemoteConfigActor; stop: () => void } | null = null;

/** The app's one remote-config chart, on the source the build chose (loaded on the first fetch). */
function start(): { actor: RemoteConfigActor; stop: () => void } {
  let source: Promise<RemoteConfigSource> | null = null;
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  const loadSource = () => {
    source ??= loadRemoteConfigSource().then((loaded) => {
      if (loaded.subscribe && !stopped) {
        unsubscribe = loaded.subscribe((text) => actor.send({ type: 'UPDATED', text }));
      }
      return loaded;
    });
    return source;
  };
  const actor = createActor(
    remoteConfigMachine.provide({
      actors: {
        fetchConfig: fromPromise<RemoteConfigText, FetchConfigInput>(async ({ input }) => {
          // The chart's time-out runs from here, loading the source included.
          const deadline = Date.now() + FETCH_TIMEOUT_MS;
          return (await loadSource()).fetch(input.signals, deadline);
        }),
      },
    }),
    { input: { defaults: remoteConfigDefaults } },
  ).start();
  return {
    actor,
    stop() {
      stopped = true;
      unsubscribe?.();
      actor.stop();
    },
  };
}

/**
 * Remote configuration for the page's life: one chart, the same values on every screen. `reset`
 * starts over (tests, so none sees the values another left).
 */
export const remoteConfig = {
  actor(): RemoteConfigActor {
    current ??= start();
    return current.actor;
  },
  reset(): void {
    current?.stop();
    current = null;
  },
};

// Testers replay the remote-config chart's paths in the running app (`npm run paths --
// remote-config <n> --browser`) through the app's own chart. It grants nothing: whoever can run
// script in this page can only change what this tab shows, and the values still pass their schemas.
if (typeof window !== 'undefined') {
  window.__fechai = {
    ...window.__fechai,
    remoteConfig: {
      state() {
        const snapshot = remoteConfig.actor().getSnapshot();
        return { state: JSON.stringify(snapshot.value), status: snapshot.context.status };
      },
      send: (event) => remoteConfig.actor().send(event),
    },
  };
}
