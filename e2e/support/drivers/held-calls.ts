import type { Page, Request, Route } from 'playwright-core';

/**
 * Calls of the running app that `page.route` holds until a path's step answers them: let through
 * to the real server, or given a reply the real server cannot give on demand (a 500, a refusal, a
 * dropped connection, a particular answer).
 */

/** A held call's answer: an envelope and its status, a dropped connection, or the real server's. */
export type HeldReply =
  | { status: number; body: unknown }
  | 'network-error'
  | 'real-server'
  /** The real server answers, sent this JSON body instead of the page's. */
  | { realServerWith: unknown };

/** How long a step waits for the app to make the call it answers (real time). */
const CALL_TIMEOUT_MS = 5000;

function settle(route: Route, reply: HeldReply): Promise<void> {
  if (reply === 'network-error') return route.abort('failed');
  if (reply === 'real-server') return route.continue();
  if ('realServerWith' in reply) return route.continue({ postData: JSON.stringify(reply.realServerWith) });
  return route.fulfill({
    status: reply.status,
    contentType: 'application/json',
    body: reply.body === undefined ? '' : JSON.stringify(reply.body),
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One endpoint's calls, held in arrival order (or given a standing reply at once). */
export class HeldCalls {
  readonly requests: Request[] = [];
  private waiting: Route[] = [];
  private standing: HeldReply | undefined;

  constructor(
    private readonly name: string,
    standing?: HeldReply,
  ) {
    this.standing = standing;
  }

  /**
   * Holds every call with one of `methods` the page makes from now on to `address`: a path, or a
   * pattern of the whole URL.
   */
  static on(page: Page, methods: string | readonly string[], address: string | RegExp): Promise<HeldCalls> {
    const accepted = typeof methods === 'string' ? [methods] : methods;
    return HeldCalls.matching(
      page,
      `${accepted.join('/')} ${address}`,
      (request) =>
        accepted.includes(request.method()) &&
        (typeof address === 'string'
          ? new URL(request.url()).pathname === address
          : address.test(request.url())),
    );
  }

  /** Holds every /api call the page makes from now on that `matches` says is one of these. */
  static async matching(
    page: Page,
    name: string,
    matches: (request: Request) => boolean,
  ): Promise<HeldCalls> {
    const held = new HeldCalls(name);
    await page.route(
      (url) => url.pathname.startsWith('/api/'),
      (route, request) => (matches(request) ? held.receive(route) : route.fallback()),
    );
    return held;
  }

  /** Takes a call the page made: answered at once with the standing reply, or held. */
  receive(route: Route): Promise<void> | undefined {
    this.requests.push(route.request());
    if (this.standing) return settle(route, this.standing);
    this.waiting.push(route);
    return undefined;
  }

  /** How many calls wait. */
  get pending(): number {
    return this.waiting.length;
  }

  /** The oldest call still waiting, once the app has made it (up to 5 s). */
  async next(): Promise<Route> {
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    while (this.waiting.length === 0) {
      if (Date.now() > deadline) throw new Error(`the app did not call ${this.name}`);
      await pause(20);
    }
    return this.waiting.shift()!;
  }

  /** Answers the oldest call; returns its request. */
  async answer(reply: HeldReply): Promise<Request> {
    const route = await this.next();
    await settle(route, reply);
    return route.request();
  }

  /**
   * Answers the oldest call, after `wrong` says it is the call the step expects (null) — otherwise
   * it is dropped and the step fails with why.
   */
  async answerChecked(wrong: (request: Request) => string | null, reply: HeldReply): Promise<void> {
    const route = await this.next();
    const problem = wrong(route.request());
    if (problem) {
      await route.abort();
      throw new Error(problem);
    }
    await settle(route, reply);
  }

  /** Answers the oldest call after checking it sent `expected` as its JSON body. */
  answerExpecting(expected: unknown, reply: HeldReply): Promise<void> {
    return this.answerChecked((request) => {
      const sent = JSON.stringify(request.postDataJSON());
      return sent === JSON.stringify(expected)
        ? null
        : `${request.method()} ${new URL(request.url()).pathname} sent ${sent}, not ${JSON.stringify(expected)}`;
    }, reply);
  }

  /**
   * Answers the oldest call and the `retries` the app makes after it (a query retries a 5xx with
   * backoff: 1 s, 2 s, 4 s) with the same reply, so the load fails for good as the step says.
   */
  async answerWithRetries(retries: number, reply: HeldReply): Promise<void> {
    await this.answer(reply);
    for (let retry = 1; retry <= retries; retry++) {
      const deadline = Date.now() + 1000 * 2 ** retry + CALL_TIMEOUT_MS;
      while (this.waiting.length === 0 && Date.now() < deadline) await pause(20);
      await this.answer(reply);
    }
  }

  /** Waits for the page's call (up to 5 s), then answers every call waiting; how many there were. */
  async answerAll(reply: HeldReply): Promise<number> {
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    while (this.waiting.length === 0 && Date.now() < deadline) await pause(20);
    const waiting = this.waiting;
    this.waiting = [];
    await Promise.all(waiting.map((route) => settle(route, reply)));
    return waiting.length;
  }

  /** Answers every call from now on (and those waiting) with `reply`; `undefined` holds them again. */
  async always(reply: HeldReply | undefined): Promise<void> {
    this.standing = reply;
    if (!reply) return;
    const waiting = this.waiting;
    this.waiting = [];
    await Promise.all(waiting.map((route) => settle(route, reply)));
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
): Promise<Record<K, HeldCalls> & { rest: HeldCalls }> {
  const held = Object.fromEntries(
    (Object.entries(endpoints) as [K, Endpoint][]).map(([name, endpoint]) => [
      name,
      new HeldCalls(`${endpoint.method} ${endpoint.url}`, options.standing?.[name]),
    ]),
  ) as Record<K, HeldCalls>;
  const rest = new HeldCalls('the other /api calls');
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
