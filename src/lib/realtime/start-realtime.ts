import type { QueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import {
  realtimeConnectionMachine,
  realtimeStateName,
} from '../../../machines/realtime/realtime-connection.machine';
import { invalidateEverythingLive, invalidateForEvent, staleAfterEvent } from './realtime-invalidation';
import { realtimeSocketActor, realtimeUrl, type SocketFactory, type SocketLike } from './realtime-socket';

// The DOM types its handlers with the full MessageEvent/CloseEvent; the chart reads only data and code.
const browserSocket: SocketFactory = (address, protocols) =>
  new WebSocket(address, protocols) as unknown as SocketLike;

declare global {
  interface FechaiHandles {
    /** The realtime chart's state in one word (`realtimeStateName`), for the chart's replays. */
    realtime?: { state(): string };
  }
}

/** What the realtime client reads of the session, and asks of it. */
export interface RealtimeSession {
  token(): string | null;
  /** Calls `listener` whenever the session changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** A 4401: the session refreshes its tokens (then `token()` changes). */
  refresh(): void;
}

export interface RealtimeOptions {
  session: RealtimeSession;
  queryClient: QueryClient;
  /** Default: the browser's WebSocket. */
  createSocket?: SocketFactory;
  url?: string;
  random?: () => number;
}

/**
 * Runs the realtime chart for the signed-in app: the session's token in, events out as stale
 * queries. Returns the stop. Without WebSocket support (an old browser) it does nothing: the app
 * still works, only without live updates.
 */
export function startRealtime({
  session,
  queryClient,
  createSocket,
  url,
  random,
}: RealtimeOptions): () => void {
  const socketFactory = createSocket ?? (typeof WebSocket === 'function' ? browserSocket : null);
  if (!socketFactory) return () => {};
  const actor = createActor(
    realtimeConnectionMachine.provide({
      actors: {
        socket: realtimeSocketActor(
          socketFactory,
          url ?? realtimeUrl(),
          new Set(Object.keys(staleAfterEvent)),
        ),
      },
      actions: {
        invalidate: (_, { event }) => void invalidateForEvent(queryClient, event),
        invalidateAll: () => void invalidateEverythingLive(queryClient),
        requestRefresh: () => session.refresh(),
      },
    }),
    { input: { random } },
  );
  actor.start();
  // Testers replay the realtime chart's paths in the running app (`npm run paths -- realtime <n>
  // --browser`) reading its state here; it grants nothing but a look at this tab's socket state.
  if (typeof window !== 'undefined')
    window.__fechai = {
      ...window.__fechai,
      realtime: { state: () => realtimeStateName(actor.getSnapshot()) },
    };
  actor.send({ type: 'TOKEN', token: session.token() });
  const unsubscribe = session.subscribe(() => actor.send({ type: 'TOKEN', token: session.token() }));
  return () => {
    unsubscribe();
    actor.stop();
  };
}
