import type { FastifyInstance } from 'fastify';
import { realtimeCloseCodes, realtimeCloseReasons } from '../../contracts/realtime';

/** How long closing clients get to answer the close handshake before their sockets are cut. */
const CLOSE_GRACE_MS = 1_000;

/**
 * @fastify/websocket's preClose (runs on `app.close()`): tells every client the server is going away
 * (1001, so it reconnects to another instance at once, where the plugin's default would send 1005),
 * waits up to a second for the closing handshakes, then cuts what is left and stops the server.
 */
export async function closeRealtimeSockets(this: FastifyInstance): Promise<void> {
  const server = this.websocketServer;
  const open = [...server.clients];
  const closed = open.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
      }),
  );
  for (const socket of open) socket.close(realtimeCloseCodes.goingAway, realtimeCloseReasons.goingAway);
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_GRACE_MS);
  });
  await Promise.race([Promise.all(closed), grace]);
  clearTimeout(timer);
  for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
