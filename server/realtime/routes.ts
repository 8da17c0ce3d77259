import type { WebSocket } from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type RealtimeServerMessage,
  realtimeClientMessageSchema,
  realtimeCloseCodes,
  realtimeCloseReasons,
} from '../../contracts/realtime';
import type { EventBus } from './event-bus';

/** Who is on the other end of the upgrade, or null when nobody is signed in. */
export type RealtimeAuthenticate = (request: FastifyRequest) => Promise<{ companyId: string } | null>;

export interface RealtimeRoutesOptions {
  bus: EventBus;
  /** Without it nobody can be identified, so every socket is closed with 4401 (the app passes sign-in's). */
  authenticate?: RealtimeAuthenticate;
  /** Protocol ping interval; a socket that misses one whole interval is dropped. */
  heartbeatMs?: number;
  /** A client this far behind on its events is dropped (4408) rather than buffered without end. */
  maxBufferedBytes?: number;
}

const nobody: RealtimeAuthenticate = async () => null;

/**
 * `GET /api/realtime` (WebSocket). Needs @fastify/websocket registered on the app first. Accepts the
 * upgrade, then authenticates: browsers cannot read the status of a refused upgrade, but they do
 * get a close code, so an unknown caller is closed with 4401 and a reason in pt-BR.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, options) => {
  const { bus, authenticate = nobody, heartbeatMs = 30_000, maxBufferedBytes = 1024 * 1024 } = options;
  const alive = new Map<WebSocket, boolean>();

  const heartbeat = setInterval(() => {
    for (const [socket, answered] of alive) {
      if (!answered) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const socket of alive.keys()) socket.terminate();
  });

  app.get('/api/realtime', { websocket: true }, (socket, request) => {
    alive.set(socket, true);
    let unsubscribe: (() => void) | undefined;

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
      if (alive.has(socket)) alive.set(socket, true);
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
      alive.delete(socket);
      unsubscribe?.();
      unsubscribe = undefined;
    });
    socket.on('error', (err) => request.log.warn({ err }, 'realtime socket error'));

    authenticate(request).then(
      (identity) => {
        if (socket.readyState !== socket.OPEN) return;
        if (!identity) {
          socket.close(realtimeCloseCodes.unauthenticated, realtimeCloseReasons.unauthenticated);
          return;
        }
        unsubscribe = bus.subscribe(identity.companyId, send);
        send({ type: 'ready' });
      },
      (err) => {
        request.log.error({ err }, 'realtime: authenticate failed');
        if (socket.readyState === socket.OPEN) socket.close(1011, 'Erro interno. Tente novamente.');
      },
    );
  });
};
