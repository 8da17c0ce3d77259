import type { Page, Request, Route } from 'playwright-core';

/** A reply a held call gets: an envelope and its status, a dropped connection, or the real server's. */
export type HeldReply =
  | { status: number; body: unknown }
  | 'network-error'
  | 'real-server'
  /** The real server answers, sent this JSON body instead of the page's. */
  | { realServerWith: unknown };

/** How long an answer waits for the page to make the call it answers (real time). */
const CALL_TIMEOUT_MS = 5000;

function settleRoute(route: Route, reply: HeldReply): Promise<void> {
  if (reply === 'network-error') return route.abort('failed');
  if (reply === 'real-server') return route.continue();
  if ('realServerWith' in reply) return route.continue({ postData: JSON.stringify(reply.realServerWith) });
  return route.fulfill({
    status: reply.status,
    contentType: 'application/json',
    body: reply.body === undefined ? '' : JSON.stringify(reply.body),
  });
}

/**
 * One endpoint of the running app held with `page.route`: each call waits until the replay answers
 * it (or gets the standing reply at once), for the replies the real server cannot give on demand.
 */
export class HeldRoute {
  readonly requests: Request[] = [];
  private waiting: Route[] = [];
  private standing: HeldReply | undefined;

  constructor(standing?: HeldReply) {
    this.standing = standing;
  }

  receive(route: Route): Promise<void> | undefined {
    this.requests.push(route.request());
    if (this.standing) return settleRoute(route, this.standing);
    this.waiting.push(route);
    return undefined;
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** Waits for the page's call (up to 5 s), then answers every call waiting; how many there were. */
  async answer(reply: HeldReply): Promise<number> {
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    while (this.waiting.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = this.waiting;
    this.waiting = [];
    await Promise.all(waiting.map((route) => settleRoute(route, reply)));
    return waiting.length;
  }

  /** Answers every call from now on (and those waiting) with `reply`; `undefined` holds them again. */
  async always(reply: HeldReply | undefined): Promise<void> {
    this.standing = reply;
    if (reply) {
      const waiting = this.waiting;
      this.waiting = [];
      await Promise.all(waiting.map((route) => settleRoute(route, reply)));
    }
  }

  /** The JSON body of the newest call (undefined without one). */
  lastBody(): unknown {
    const data = this.requests.at(-1)?.postData();
    return data ? JSON.parse(data) : undefined;
  }
}

/** An endpoint by method and path. */
export interface Endpoint {
  method: string;
  url: string;
}

/**
 * Holds `endpoints` of the app in `page`; with `holdTheRest`, every other /api call too (those of
 * the pages around the chart, which would otherwise move it), so only the replay answers them.
 */
export async function holdRoutes<K extends string>(
  page: Page,
  endpoints: Record<K, Endpoint>,
  options: { standing?: Partial<Record<K, HeldReply>>; holdTheRest?: boolean } = {},
): Promise<Record<K, HeldRoute> & { rest: HeldRoute }> {
  const held = Object.fromEntries(
    Object.keys(endpoints).map((name) => [name, new HeldRoute(options.standing?.[name as K])]),
  ) as Record<K, HeldRoute>;
  const rest = new HeldRoute();
  await page.route(
    (url) => url.pathname.startsWith('/api/'),
    async (route) => {
      const request = route.request();
      const { pathname } = new URL(request.url());
      for (const [name, endpoint] of Object.entries(endpoints) as [K, Endpoint][]) {
        if (endpoint.method === request.method() && endpoint.url === pathname) {
          await held[name].receive(route);
          return;
        }
      }
      if (options.holdTheRest) await rest.receive(route);
      else await route.continue();
    },
  );
  return { ...held, rest };
}
