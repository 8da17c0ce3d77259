import { vi } from 'vitest';

export type Exchange = { request: Request; body: unknown };

/**
 * Stands in for the network at `fetch`: every call becomes a real Request, answered by `respond`
 * with a real Response (or a rejection, like a dropped connection). The calls are recorded with
 * their `init`, so tests can check credentials and mode as sent.
 */
export function interceptFetch(respond: (request: Request) => Response | Promise<Response>) {
  const calls: { request: Request; init: RequestInit | undefined }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ request, init });
    return respond(request);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
