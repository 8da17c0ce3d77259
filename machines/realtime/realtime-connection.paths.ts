import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { realtimeCloseCodes, realtimeEvent } from '../../contracts/realtime';
import type { PathScenario } from '../../tests/support/chart-paths';
import {
  type RealtimeConnectionEvent,
  type RealtimeConnectionInput,
  realtimeConnectionMachine,
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

const taskCreated = realtimeEvent('task.created', { taskId: 'task-1' }, new Date('2026-11-26T12:00:00Z'));

const afterWords: Record<string, string> = {
  connectTimeout: 'No "ready" within 15 s',
  pingInterval: '25 s pass: the client pings',
  pongTimeout: 'No pong within 10 s',
  retryDelay: 'The wait ends',
  refreshGrace: 'No fresh token within 10 s',
};

function stateName(snapshot: RealtimeConnectionSnapshot): string {
  const value = snapshot.value;
  if (typeof value === 'string') return value;
  const live = (value as { live: string | { open: string } }).live;
  return typeof live === 'string' ? `live.${live}` : `live.open.${live.open}`;
}

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
            { type: 'EVENT', event: taskCreated },
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
        return 'The server sends task.created: the tasks and the dashboard are stale';
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
