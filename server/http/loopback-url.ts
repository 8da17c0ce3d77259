import type { Server } from 'node:http';

/** Where this server itself listens, for calls it makes to its own routes (the embedded simulator). */
export function loopbackUrl(server: Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const host =
    address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
