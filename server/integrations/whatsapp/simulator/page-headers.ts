import type { FastifyReply } from 'fastify';

/** The simulator's own pages: scripts and styles from this server only, never framed, never cached. */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function setPageHeaders(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  reply.header('content-security-policy', PAGE_POLICY);
}
