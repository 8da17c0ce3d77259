import { type Actor, createActor, fromPromise } from 'xstate';
import type { RemoteConfigText } from '../../../contracts/remote-config';
import {
  FETCH_TIMEOUT_MS,
  type FetchConfigInput,
  remoteConfigMachine,
} from '../../../machines/remote-config/remote-config.machine';
import { remoteConfigDefaults } from './remote-config-defaults';
import { loadRemoteConfigSource, type RemoteConfigSource } from './remote-config-source';

type RemoteConfigActor = Actor<typeof remoteConfigMachine>;

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
