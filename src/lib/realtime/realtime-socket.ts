import { fromCallback } from 'xstate';
import type { RealtimeEvent } from '../../../contracts/realtime';
import { realtimeProtocol } from '../../../contracts/realtime-protocol';
import type {
  RealtimeConnectionEvent,
  RealtimeSocketCommand,
  RealtimeSocketInput,
} from '../../../machines/realtime/realtime-connection.machine';

/** What the chart needs of a WebSocket: the browser's, or `ws` in Node tests. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  onmessage: ((message: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

const OPEN = 1;
/** Closed by the app itself (a new token, sign-out): nobody is told. */
const NORMAL_CLOSURE = 1000;

/**
 * An event of a type this client knows (`eventTypes`), with a payload. Its fields are the server's,
 * checked against the contract by the server's own tests; parsing them with the contract's schemas
 * here would put those schemas on every signed-in first visit.
 */
function isEvent(value: unknown, eventTypes: ReadonlySet<string>): value is RealtimeEvent {
  const message = value as { type?: unknown; payload?: unknown } | null;
  return (
    typeof message?.type === 'string' &&
    eventTypes.has(message.type) &&
    typeof message.payload === 'object' &&
    message.payload !== null
  );
}

/** ws(s)://<this origin>/api/realtime */
export function realtimeUrl(origin: string = window.location.origin): string {
  return `${origin.replace(/^http/, 'ws')}/api/realtime`;
}

/**
 * The `socket` actor of the realtime chart: one WebSocket, the access token offered as the second
 * subprotocol (browsers cannot set headers on it). Frames become the chart's events; anything that
 * is not one of the contract's messages, or an event of a type it does not know (a newer server's), is
 * ignored.
 */
export function realtimeSocketActor(
  createSocket: SocketFactory,
  url: string,
  eventTypes: ReadonlySet<string>,
) {
  return fromCallback<RealtimeSocketCommand, RealtimeSocketInput>(({ input, sendBack, receive }) => {
    const socket = createSocket(url, [realtimeProtocol, input.token]);
    let ended = false;
    const report = (event: RealtimeConnectionEvent) => {
      if (!ended) sendBack(event);
    };
    socket.onmessage = ({ data }) => {
      if (typeof data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      const type = (parsed as { type?: unknown } | null)?.type;
      if (type === 'ready') report({ type: 'READY' });
      else if (type === 'pong') report({ type: 'PONG' });
      else if (isEvent(parsed, eventTypes)) report({ type: 'EVENT', event: parsed });
    };
    socket.onclose = ({ code }) => report({ type: 'CLOSED', code });
    // An error is always followed by a close, which is what the chart acts on.
    socket.onerror = () => {};
    receive((command) => {
      if (command.type === 'PING' && socket.readyState === OPEN)
        socket.send(JSON.stringify({ type: 'ping' }));
    });
    return () => {
      ended = true;
      socket.onmessage = null;
      socket.onclose = null;
      socket.close(NORMAL_CLOSURE);
    };
  });
}
