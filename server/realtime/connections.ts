import type { WebSocket } from '@fastify/websocket';
import { realtimeCloseCodes, realtimeCloseReasons } from '../../contracts/realtime';

/** Every realtime socket open in this process, whichever app instance accepted it. */
const sockets = new Set<WebSocket>();

export function trackSocket(socket: WebSocket): void {
  sockets.add(socket);
  socket.once('close', () => sockets.delete(socket));
}

export function openSocketCount(): number {
  return sockets.size;
}

/**
 * Graceful shutdown: tells every client the server is going away (1001, so it reconnects to another
 * instance at once), waits up to `graceMs` for the closing handshakes, then cuts what is left.
 * Call it before `app.close()`.
 */
export async function closeAll({ graceMs = 1_000 } = {}): Promise<void> {
  const open = [...sockets];
  if (open.length === 0) return;
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
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([Promise.all(closed), grace]);
  clearTimeout(timer);
  for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
}
