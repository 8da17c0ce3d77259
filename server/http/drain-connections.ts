import type { FastifyInstance } from 'fastify';

/**
 * On close, Node stops accepting connections and drops idle ones, but a keep-alive connection whose
 * request is still running would stay open for the whole keep-alive timeout after answering. So
 * while closing, every response says `connection: close`, and the socket goes with its last answer.
 */
export function closeConnectionsWhenDrained(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
