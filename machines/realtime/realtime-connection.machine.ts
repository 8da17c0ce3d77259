import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { RealtimeEvent } from '../../contracts/realtime';
import { realtimeCloseCodes } from '../../contracts/realtime-protocol';

/** The client pings this often while open (browsers cannot see protocol-level pings). */
export const REALTIME_PING_INTERVAL_MS = 25_000;
/** A ping unanswered this long means the link is dead: reconnect. */
export const REALTIME_PONG_TIMEOUT_MS = 10_000;
/** No `ready` this long after opening: give up on this try. */
export const REALTIME_CONNECT_TIMEOUT_MS = 15_000;
/** After a 4401, how long the session has to bring a fresh token before trying again anyway. */
export const REALTIME_REFRESH_GRACE_MS = 10_000;
/** Backoff: the first wait, doubled per failed try up to the cap, then a random half of it added or not. */
export const REALTIME_BACKOFF_BASE_MS = 1_000;
export const REALTIME_BACKOFF_CAP_MS = 30_000;

export interface RealtimeConnectionInput {
  /** 0 ≤ n < 1 for the jitter (default Math.random): the paths fix it. */
  random?: () => number;
}

export interface RealtimeConnectionContext {
  token: string | null;
  random: () => number;
  /** Tries in a row that failed (counted up to where the wait reaches its cap): the backoff grows with it. */
  failures: number;
  /** The wait before the next try, while one runs (0 otherwise). */
  retryDelay: number;
  /** The socket was ready before: a new ready may follow missed events. */
  wasReady: boolean;
}

/** What the socket (the invoked `socket` actor) reports, and what the session tells the chart. */
export type RealtimeConnectionEvent =
  /** The session's access token now (a sign-in, a rotation, null on sign-out). */
  | { type: 'TOKEN'; token: string | null }
  /** The server's `ready`: authenticated and subscribed. */
  | { type: 'READY' }
  | { type: 'EVENT'; event: RealtimeEvent }
  | { type: 'PONG' }
  /** The socket closed (or never opened: 1006), with its close code. */
  | { type: 'CLOSED'; code: number };

/** What the chart tells the socket actor. */
export type RealtimeSocketCommand = { type: 'PING' };

export interface RealtimeSocketInput {
  token: string;
}

/** The capped exponential wait with jitter (half of it random), for `failures` tries failed. */
/** Past this many failures the wait is at its cap. */
export const REALTIME_FAILURES_AT_CAP =
  Math.ceil(Math.log2(REALTIME_BACKOFF_CAP_MS / REALTIME_BACKOFF_BASE_MS)) + 1;

export function backoffDelay(failures: number, random: () => number): number {
  const ceiling = Math.min(
    REALTIME_BACKOFF_CAP_MS,
    REALTIME_BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1),
  );
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The chart's state in one word, as the paths, the app's debug handle and the replays name it. */
export function realtimeStateName(snapshot: { value: unknown; status?: string }): string {
  if (snapshot.status === 'stopped') return 'stopped';
  const value = snapshot.value as string | { live: string | { open: string } };
  if (typeof value === 'string') return value;
  const live = value.live;
  return typeof live === 'string' ? `live.${live}` : `live.open.${live.open}`;
}

const closedWith = (event: RealtimeConnectionEvent, codes: readonly number[]) =>
  event.type === 'CLOSED' && codes.includes(event.code);

/**
 * The realtime socket's life (GET /api/realtime, contracts/realtime.ts). `stopped` while nobody is
 * signed in (the app sends the session's TOKEN as it starts it); `live` runs the provided `socket` actor (the WebSocket, offering the token as a
 * subprotocol): `connecting` until the server's `ready`, then `open`, where a ping every 25 s must be
 * answered within 10 s. The server's events go to the provided `invalidate`; a ready after the first
 * runs `invalidateAll` (events may have been missed meanwhile). A close with 4401 asks the session for
 * fresh tokens (`requestRefresh`) and waits in `refreshing` for them; 1001 (restarting) and 4408 (too
 * slow) reconnect at once; anything else (a dropped link, a server not there) waits in `backingOff`
 * (capped exponential, with jitter) before trying again. A new token reconnects with it; none stops.
 */
export const realtimeConnectionMachine = setup({
  types: {
    context: {} as RealtimeConnectionContext,
    events: {} as RealtimeConnectionEvent,
    input: {} as RealtimeConnectionInput,
  },
  actors: {
    // The app provides the WebSocket; this one never connects.
    socket: fromCallback<RealtimeSocketCommand, RealtimeSocketInput>(() => {}),
  },
  actions: {
    /** Mark the queries an event makes stale: the app's. */
    invalidate: (_, _params: { event: RealtimeEvent }) => {},
    /** Mark everything the socket keeps fresh as stale: the app's. */
    invalidateAll: () => {},
    /** Ask the session to refresh its tokens (a 4401): the app's. */
    requestRefresh: () => {},
    sendPing: sendTo('socket', { type: 'PING' } satisfies RealtimeSocketCommand),
  },
  guards: {
    signedOut: ({ event }) => event.type === 'TOKEN' && event.token === null,
    newToken: ({ context, event }) => event.type === 'TOKEN' && event.token !== context.token,
    unauthenticated: ({ event }) => closedWith(event, [realtimeCloseCodes.unauthenticated]),
    reconnectAtOnce: ({ event }) =>
      closedWith(event, [realtimeCloseCodes.goingAway, realtimeCloseCodes.tooSlow]),
    reconnected: ({ context }) => context.wasReady,
  },
  delays: {
    pingInterval: REALTIME_PING_INTERVAL_MS,
    pongTimeout: REALTIME_PONG_TIMEOUT_MS,
    connectTimeout: REALTIME_CONNECT_TIMEOUT_MS,
    refreshGrace: REALTIME_REFRESH_GRACE_MS,
    retryDelay: ({ context }) => context.retryDelay,
  },
}).createMachine({
  id: 'realtime',
  context: ({ input }) => ({
    token: null,
    random: input.random ?? Math.random,
    failures: 0,
    retryDelay: 0,
    wasReady: false,
  }),
  initial: 'stopped',
  on: {
    TOKEN: [
      { guard: 'signedOut', target: '.stopped', actions: assign({ token: null, failures: 0 }) },
      {
        guard: 'newToken',
        target: '.live',
        reenter: true,
        actions: assign({ token: ({ event }) => event.token, failures: 0 }),
      },
    ],
  },
  states: {
    stopped: {
      description: 'Nobody signed in (or not told yet): no socket. The app sends the token at start.',
    },
    live: {
      description: 'The socket, opened with the token as a subprotocol.',
      invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ token: context.token! }) },
      initial: 'connecting',
      on: {
        CLOSED: [
          { guard: 'unauthenticated', target: 'refreshing', actions: 'requestRefresh' },
          { guard: 'reconnectAtOnce', target: 'live', reenter: true },
          { target: 'backingOff' },
        ],
      },
      states: {
        connecting: {
          description: 'Waiting for the server\'s "ready".',
          on: {
            READY: [
              {
                guard: 'reconnected',
                target: 'open',
                actions: ['invalidateAll', assign({ failures: 0 })],
              },
              { target: 'open', actions: assign({ failures: 0, wasReady: true }) },
            ],
          },
          after: { connectTimeout: '#realtime.backingOff' },
        },
        open: {
          description: "The company's events arrive and make their queries stale.",
          on: {
            EVENT: { actions: { type: 'invalidate', params: ({ event }) => ({ event: event.event }) } },
          },
          initial: 'quiet',
          states: {
            quiet: { after: { pingInterval: 'awaitingPong' } },
            awaitingPong: {
              entry: 'sendPing',
              on: { PONG: 'quiet' },
              after: { pongTimeout: '#realtime.backingOff' },
            },
          },
        },
      },
    },
    backingOff: {
      description: 'The link failed: wait (capped, with jitter) before trying again.',
      entry: assign(({ context }) => {
        const failures = Math.min(context.failures + 1, REALTIME_FAILURES_AT_CAP);
        return { failures, retryDelay: backoffDelay(failures, context.random) };
      }),
      exit: assign({ retryDelay: 0 }),
      after: { retryDelay: 'live' },
    },
    refreshing: {
      description: 'The server refused the token (4401): the session is refreshing it.',
      after: { refreshGrace: 'backingOff' },
    },
  },
});
