import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What we accept from a proxy's or client's x-request-id: short, and safe to echo and log. */
const SANE_ID = /^[\w.:@/-]{1,128}$/;

/** Keeps the caller's x-request-id when it is sane, so one id follows a call across services. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}
