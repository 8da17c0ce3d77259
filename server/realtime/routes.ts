import type { WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest, preHandlerHookHandler } from 'fastify';
import {
  type RealtimeServerMessage,
  realtimeClientMessageSchema,
  realtimeCloseCodes,
  realtimeCloseReasons,
} from '../../contracts/realtime';
import { HttpError } from '../http/errors';
import type { EventBus } from './event-bus';

/** A plain HTTP request (no upgrade) is told, in the envelope, that this address speaks WebSocket only. */
const refusePlainHttp: preHandlerHookHandler = (request, _reply, done) => {
  done(
    request.ws
      ? undefined
      : new HttpError(426, 'VALIDATION_ERROR', 'Este endereço aceita apenas conexões WebSocket.'),
  );
};

/** Who is on the other end of a socket, and for how long it may stay. */
export interface RealtimeIdentity {
  companyId: string;
  /** Whose socket it is: their switch to another company moves it (`session.company.switched`). */
  userId?: string;
  /** When the credentials run out (ms since the epoch): the socket is closed with 4401 then. */
  expiresAt?: number;
  /**
   * Asked at every heartbeat, never twice at once for one socket; false closes it with 4401. A throw
   * keeps the socket: a database briefly down must not sign everyone out.
   */
  stillValid?: () => Promise<boolean>;
}

/** Who is on the other end of the upgrade, or null when nobody is signed in. */
export type RealtimeAuthenticate = (request: FastifyRequest) => Promise<RealtimeIdentity | null>;

export interface RealtimeRoutesOptions {
  bus: EventBus;
  /** Without it nobody can be identified, so every socket is closed with 4401 (the app passes sign-in's). */
  authenticate?: RealtimeAuthenticate;
  /** Protocol ping interval; a socket that misses one whole interval is dropped. */
  heartbeatMs?: number;
  /**
   * How often each socket's sign-in is asked again (`stillValid`); the heartbeat's interval unless
   * said otherwise. Apart from it so a short check does not also make a busy client's late pong a drop.
   */
  signInCheckMs?: number;
  /** A client this far behind on its events is dropped (4408) rather than buffered without end. */
  maxBufferedBytes?: number;
}

const nobody: RealtimeAuthenticate = async () => null;

/** setTimeout's longest delay; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SocketState {
  /** Whether it answered the last ping. */
  answered: boolean;
  stillValid?: () => Promise<boolean>;
  /** A stillValid call is under way. */
  checking: boolean;
  log: FastifyBaseLogger;
}

function signOut(socket: WebSocket): void {
  if (socket.readyState === socket.OPEN) {
    socket.close(realtimeCloseCodes.unauthenticated, realtimeCloseReasons.unauthenticated);
  }
}

function recheck(socket: WebSocket, state: SocketState): void {
  const { stillValid } = state;
  if (!stillValid || state.checking || socket.readyState !== socket.OPEN) return;
  state.checking = true;
  Promise.resolve()
    .then(stillValid)
    .then(
      (valid) => {
        if (!valid) signOut(socket);
      },
      (err) => state.log.warn({ err }, 'realtime: could not recheck the sign-in; socket kept'),
    )
    .finally(() => {
      state.checking = false;
    });
}

/**
 * `GET /api/realtime` (WebSocket). Needs @fastify/websocket registered on the app first. Accepts the
 * upgrade, then authenticates: browsers cannot read the status of a refused upgrade, but they do
 * get a close code, so an unknown caller is closed with 4401 and a reason in pt-BR. The same 4401
 * ends a socket whose token runs out or whose sign-in is revoked; the client reconnects with a fresh
 * token.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, options) => {
  const { bus, authenticate = nobody, heartbeatMs = 30_000, maxBufferedBytes = 1024 * 1024 } = options;
  const signInCheckMs = options.signInCheckMs ?? heartbeatMs;
  const sockets = new Map<WebSocket, SocketState>();

  const heartbeat = setInterval(() => {
    for (const [socket, state] of sockets) {
      if (!state.answered) {
        socket.terminate();
        continue;
      }
      state.answered = false;
      socket.ping();
      if (signInCheckMs === heartbeatMs) recheck(socket, state);
    }
  }, heartbeatMs);
  heartbeat.unref();
  const signInChecks =
    signInCheckMs === heartbeatMs
      ? undefined
      : setInterval(() => {
          for (const [socket, state] of sockets) recheck(socket, state);
        }, signInCheckMs);
  signInChecks?.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(signInChecks);
    for (const socket of sockets.keys()) socket.terminate();
  });

  app.get('/api/realtime', { websocket: true, preHandler: refusePlainHttp }, (socket, request) => {
    const state: SocketState = { answered: true, checking: false, log: request.log };
    sockets.set(socket, state);
    let unsubscribe: (() => void) | undefined;
    let expiry: NodeJS.Timeout | undefined;

    const send = (message: RealtimeServerMessage) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > maxBufferedBytes) {
        socket.close(realtimeCloseCodes.tooSlow, realtimeCloseReasons.tooSlow);
        return;
      }
      socket.send(JSON.stringify(message));
    };

    // Listeners go on before any await, or early frames would be lost.
    socket.on('pong', () => {
      state.answered = true;
    });
    socket.on('message', (data, isBinary) => {
      if (!unsubscribe || isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (realtimeClientMessageSchema.safeParse(message).success) send({ type: 'pong' });
    });
    socket.on('close', () => {
      sockets.delete(socket);
      clearTimeout(expiry);
      unsubscribe?.();
      unsubscribe = undefined;
    });
    socket.on('error', (err) => request.log.warn({ err }, 'realtime socket error'));

    authenticate(request).then(
      (identity) => {
        if (socket.readyState !== socket.OPEN) return;
        const expiresAt = identity?.expiresAt;
        if (!identity || (expiresAt !== undefined && expiresAt <= Date.now())) {
          signOut(socket);
          return;
        }
        state.stillValid = identity.stillValid;
        unsubscribe = bus.subscribe(identity.companyId, (event) => {
          if (event.type === 'session.company.switched') {
            // Their events are another company's now: reconnecting subscribes them there.
            if (event.payload.userId === identity.userId && socket.readyState === socket.OPEN)
              socket.close(realtimeCloseCodes.goingAway, realtimeCloseReasons.companySwitched);
            return;
          }
          // A removal ended someone's sign-ins: whoever's they were must not wait for the heartbeat.
          if (event.type === 'team.member.removed') recheck(socket, state);
          send(event);
        });
        send({ type: 'ready' });
        if (expiresAt === undefined) return;
        // Re-armed until the time has really come: long delays are capped, timers may fire early.
        const arm = () => {
          const left = expiresAt - Date.now();
          if (left <= 0) {
            signOut(socket);
            return;
          }
          expiry = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
        };
        arm();
      },
      (err) => {
        request.log.error({ err }, 'realtime: authenticate failed');
        if (socket.readyState === socket.OPEN) socket.close(1011, 'Erro interno. Tente novamente.');
      },
    );
  });
};
