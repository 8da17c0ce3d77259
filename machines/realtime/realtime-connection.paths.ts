import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { realtimeCloseCodes, realtimeEvent } from '../../contracts/realtime';
import type { ChartPath, PathScenario } from '../../tests/support/chart-paths';
import {
  backoffDelay,
  REALTIME_CONNECT_TIMEOUT_MS,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_PONG_TIMEOUT_MS,
  REALTIME_REFRESH_GRACE_MS,
  type RealtimeConnectionEvent,
  type RealtimeConnectionInput,
  realtimeConnectionMachine,
  realtimeStateName,
} from './realtime-connection.machine';

/**
 * The realtime chart's path model: the socket's life as the server and the session move it. Events
 * are the socket's reports (ready, an event, a pong, a close with its code) and the session's token
 * (rotated, gone). The jitter is fixed, so every wait is known.
 */

export type RealtimeConnectionSnapshot = SnapshotFrom<typeof realtimeConnectionMachine>;

const FIRST_TOKEN = 'access-1';
const ROTATED_TOKEN = 'access-2';
/** A dropped link: the browser's code for a socket closed without a close frame. */
const ABNORMAL_CLOSURE = 1006;

export const realtimeConnectionScenarios: PathScenario<RealtimeConnectionInput>[] = [
  {
    name: 'signed-in page',
    summary: 'A signed-in page starts the realtime client, not yet told the token',
    input: { random: () => 0.5 },
  },
];

/** Who writes to the business on WhatsApp for the first time while the customers list is open. */
export const REALTIME_NEW_CUSTOMER = { id: 'cu-realtime-new', name: 'Carla Nogueira', phone: '11987650001' };
/** Already on the list when the replay opens it. */
export const REALTIME_KNOWN_CUSTOMER = {
  id: 'cu-realtime-known',
  name: 'Bruno Teixeira',
  phone: '11987650002',
};

const customerCreated = realtimeEvent(
  'customer.created',
  { customerId: REALTIME_NEW_CUSTOMER.id },
  new Date('2026-11-26T12:00:00Z'),
);

const afterWords: Record<string, string> = {
  connectTimeout: 'No "ready" within 15 s',
  pingInterval: '25 s pass: the client pings',
  pongTimeout: 'No pong within 10 s',
  retryDelay: 'The wait ends',
  refreshGrace: 'No fresh token within 10 s',
};

const stateName = (snapshot: RealtimeConnectionSnapshot): string => realtimeStateName(snapshot);

export const realtimeConnectionPathModel = {
  chart: 'realtime',
  title: 'The realtime socket: connecting, open, backing off, refreshing its token, stopped',
  machine: realtimeConnectionMachine,
  scenarios: realtimeConnectionScenarios,

  events(snapshot: RealtimeConnectionSnapshot): RealtimeConnectionEvent[] {
    const { token } = snapshot.context;
    const session: RealtimeConnectionEvent[] =
      token === null
        ? [{ type: 'TOKEN', token: FIRST_TOKEN }]
        : [
            { type: 'TOKEN', token: null },
            ...(token === FIRST_TOKEN ? [{ type: 'TOKEN' as const, token: ROTATED_TOKEN }] : []),
          ];
    const socket: RealtimeConnectionEvent[] = snapshot.matches({ live: 'connecting' })
      ? [
          { type: 'READY' },
          { type: 'CLOSED', code: realtimeCloseCodes.unauthenticated },
          { type: 'CLOSED', code: realtimeCloseCodes.goingAway },
          { type: 'CLOSED', code: ABNORMAL_CLOSURE },
        ]
      : snapshot.matches({ live: 'open' })
        ? [
            { type: 'EVENT', event: customerCreated },
            { type: 'PONG' },
            { type: 'CLOSED', code: ABNORMAL_CLOSURE },
          ]
        : [];
    return [...session, ...socket];
  },

  actors: [],

  serializeState(snapshot: RealtimeConnectionSnapshot): string {
    const { token, wasReady, failures } = snapshot.context;
    const ready = wasReady ? 'was ready' : 'never ready';
    return `${stateName(snapshot)} · ${token ?? 'no token'} · ${ready} · ${failures} failure(s)`;
  },

  coverageKey(snapshot: RealtimeConnectionSnapshot): string {
    return stateName(snapshot);
  },

  describeState(snapshot: RealtimeConnectionSnapshot): string {
    const { failures, retryDelay } = snapshot.context;
    switch (stateName(snapshot)) {
      case 'stopped':
        return 'no socket';
      case 'live.connecting':
        return 'the socket dials, waiting for "ready"';
      case 'live.open.quiet':
        return 'open: events arrive';
      case 'live.open.awaitingPong':
        return 'open: a ping sent, waiting for its pong';
      case 'backingOff':
        return `waiting ${retryDelay} ms before try ${failures + 1}`;
      case 'refreshing':
        return 'the session refreshes its tokens';
      default:
        return String(snapshot.value);
    }
  },

  describeEvent(event: AnyEventObject): string {
    const e = event as RealtimeConnectionEvent | AnyEventObject;
    switch (e.type) {
      case 'TOKEN':
        return e.token === null ? 'The owner signs out' : `The session's access token is now ${e.token}`;
      case 'READY':
        return 'The server says "ready"';
      case 'EVENT':
        return `${REALTIME_NEW_CUSTOMER.name} writes on WhatsApp for the first time: the server sends customer.created`;
      case 'PONG':
        return 'The server answers the ping';
      case 'CLOSED':
        return `The socket closes with ${(e as { code: number }).code}`;
      default:
        return afterWords[e.type.split('.')[2] ?? ''] ?? e.type;
    }
  },

  allows(snapshot: RealtimeConnectionSnapshot, event: AnyEventObject): boolean {
    // A pong answers a ping: none is expected before one is sent.
    return event.type !== 'PONG' || snapshot.matches({ live: { open: 'awaitingPong' } });
  },
};

/** What the person (or the session, the server, time) does at a step of a realtime path. */
export type RealtimeAction =
  /** The customers list opened signed in, the realtime client not started yet. */
  | { do: 'open' }
  /** The session hands the client its token: the client starts (again, after a sign-out). */
  | { do: 'signIn' }
  | { do: 'signOut' }
  /** The server's next frame of this kind reaches the page. */
  | { do: 'deliver'; frame: 'ready' | 'event' | 'pong' }
  /** The socket closes with `code` (1006: the link drops without a close frame). */
  | { do: 'close'; code: number }
  | { do: 'wait'; ms: number };

export interface RealtimeScreen {
  /** The chart's state, as `realtimeStateName` says it. */
  state: string;
  /** Sockets the client has dialled so far. */
  dials: number;
  /** Whether the new customer shows on the customers list (null: the list is not on screen, before
   * the session answers or after a sign-out). */
  newCustomerListed: boolean | null;
}

const delays: Record<string, (before: RealtimeConnectionSnapshot) => number> = {
  connectTimeout: () => REALTIME_CONNECT_TIMEOUT_MS,
  pingInterval: () => REALTIME_PING_INTERVAL_MS,
  pongTimeout: () => REALTIME_PONG_TIMEOUT_MS,
  refreshGrace: () => REALTIME_REFRESH_GRACE_MS,
  // The app's jitter is random: wait the longest it can make this wait.
  retryDelay: (before) => backoffDelay(before.context.failures, () => 1),
};

function actionFor(event: AnyEventObject, before: RealtimeConnectionSnapshot): RealtimeAction {
  const e = event as RealtimeConnectionEvent;
  switch (e.type) {
    case 'TOKEN':
      return e.token === null ? { do: 'signOut' } : { do: 'signIn' };
    case 'READY':
      return { do: 'deliver', frame: 'ready' };
    case 'EVENT':
      return { do: 'deliver', frame: 'event' };
    case 'PONG':
      return { do: 'deliver', frame: 'pong' };
    case 'CLOSED':
      return { do: 'close', code: e.code };
  }
  const delay = delays[event.type.split('.')[2] ?? ''];
  if (!delay) throw new Error(`No realtime action for ${event.type}`);
  return { do: 'wait', ms: delay(before) };
}

/**
 * Step `index` of a realtime path in the app: what to do, then what must be true. Every step that
 * lands in `live.connecting` dialled a new socket. The new customer shows once the server's event
 * came; the list is there from the session's first answer until the owner signs out.
 */
export function planRealtimeStep(
  path: ChartPath<RealtimeConnectionSnapshot, RealtimeConnectionInput>,
  index: number,
): { actions: RealtimeAction[]; screen: RealtimeScreen } {
  const steps = path.steps.slice(0, index + 1);
  const step = steps[index]!;
  const actions: RealtimeAction[] =
    index === 0 ? [{ do: 'open' }] : [actionFor(step.event, path.steps[index - 1]!.state)];
  // The list is on screen from the session's first answer until the owner signs out.
  const signedIn = steps.some((s) => s.event.type === 'TOKEN');
  const signedOut = steps.some(
    (s) => s.event.type === 'TOKEN' && (s.event as { token?: unknown }).token === null,
  );
  return {
    actions,
    screen: {
      state: stateName(step.state),
      dials: steps.filter((s) => stateName(s.state) === 'live.connecting').length,
      newCustomerListed: !signedIn || signedOut ? null : steps.some((s) => s.event.type === 'EVENT'),
    },
  };
}
