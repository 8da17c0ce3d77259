import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { branchStandIn } from '../../support/branch-stand-in';

/**
 * Branch's API on a local port (jsdom's XMLHttpRequest makes real requests): the stand-in's
 * answers, with the CORS header Branch sends. `url` is what BRANCH_API_URL points at.
 */
export async function startBranchApi(...args: Parameters<typeof branchStandIn>) {
  const standIn = branchStandIn(...args);
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const answer = standIn.answer(request.method ?? 'GET', new URL(request.url ?? '/', 'http://x'), body);
      response.writeHead(answer.status, {
        'content-type': answer.contentType,
        'access-control-allow-origin': '*',
      });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: standIn.calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
