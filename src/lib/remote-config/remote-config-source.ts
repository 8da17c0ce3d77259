import type { RemoteConfigText } from '../../../contracts/remote-config';
import type { StoredSignals } from '../../../machines/remote-config/custom-signals';
import { FIREBASE_APP } from '../build-config';

/**
 * Where remote configuration comes from: Firebase Remote Config when the build has a Firebase app,
 * else this app's server (GET /api/remote-config). Each is loaded only when first asked, so neither
 * weighs on the first visit.
 */
export interface RemoteConfigSource {
  /**
   * Fetches and activates; the parameters as text (a missing one takes its default). `deadline`
   * (epoch ms) is when the chart stops waiting: a source with a time-out of its own ends it before.
   */
  fetch(signals: StoredSignals, deadline: number): Promise<RemoteConfigText>;
  /** Realtime updates, activated, until the returned function is called; absent when the source has none. */
  subscribe?(onUpdate: (text: RemoteConfigText) => void): () => void;
}

export async function loadRemoteConfigSource(): Promise<RemoteConfigSource> {
  if (FIREBASE_APP) {
    const { firebaseRemoteConfigSource } = await import('./firebase-source');
    return firebaseRemoteConfigSource(FIREBASE_APP);
  }
  const { serverRemoteConfigSource } = await import('./server-source');
  return serverRemoteConfigSource;
}
