import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdvisorStreamEvent } from '../../../contracts/advisor';

/** Whether the caller asked for the answer as server-sent events. */
export const wantsEventStream = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').split(',').some((type) => type.trim().startsWith('text/event-stream'));

export interface EventStream {
  send(event: AdvisorStreamEvent): void;
  end(): void;
  /** Aborted when the caller goes away before the stream ends. */
  signal: AbortSignal;
}

/**
 * Takes the reply over and answers `text/event-stream`, one `data: <json>\n\n` per event. The headers
 * set for every answer (security, request id) go out with it.
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const res = reply.raw;
  const gone = new AbortController();
  res.on('close', () => {
    if (res.writableFinished) return;
    gone.abort();
    // A half-closed socket would otherwise keep the server from closing.
    res.destroy();
  });
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies (nginx) would otherwise hold the pieces back until the answer is whole.
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const open = () => !res.writableEnded && !res.destroyed;
  return {
    send(event) {
      if (open()) res.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (open()) res.end();
    },
    signal: gone.signal,
  };
}
