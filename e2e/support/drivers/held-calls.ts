import type { Page, Request, Route } from 'playwright-core';

/** How long a step waits for the app to make the call it answers (real time). */
const CALL_TIMEOUT_MS = 5000;

/**
 * One endpoint of the running server, intercepted with `page.route`: each call waits until the
 * step answers it, with a reply of its own (what the real server cannot be made to give on demand:
 * a 500, a particular answer) or by letting it through to the real server.
 */
export class HeldCalls {
  private waiting: { route: Route; request: Request }[] = [];
  readonly requests: Request[] = [];

  private constructor(readonly name: string) {}

  /** Holds every `method` call to `pathname` the page makes from now on. */
  static async on(page: Page, method: string, pathname: string): Promise<HeldCalls> {
    const held = new HeldCalls(`${method} ${pathname}`);
    await page.route(
      (url) => url.pathname === pathname,
      (route, request) => {
        if (request.method() !== method) return route.fallback();
        held.requests.push(request);
        held.waiting.push({ route, request });
      },
    );
    return held;
  }

  /** The oldest call still waiting, once the app has made it. */
  async next(): Promise<{ route: Route; request: Request }> {
    const deadline = Date.now() + CALL_TIMEOUT_MS;
    while (this.waiting.length === 0) {
      if (Date.now() > deadline) throw new Error(`the app did not call ${this.name}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.waiting.shift()!;
  }

  /** Answers the waiting call with `status` and the JSON `body`; returns the request. */
  async answer(status: number, body: unknown): Promise<Request> {
    const { route, request } = await this.next();
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    return request;
  }

  /**
   * Answers the waiting call and the `retries` the app makes after it (a query retries a 5xx with
   * backoff: 1 s, 2 s, 4 s) with the same failure, so the load fails for good as the step says.
   */
  async answerWithRetries(retries: number, status: number, body: unknown): Promise<void> {
    await this.answer(status, body);
    for (let retry = 1; retry <= retries; retry++) {
      const deadline = Date.now() + 1000 * 2 ** retry + CALL_TIMEOUT_MS;
      while (this.waiting.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await this.answer(status, body);
    }
  }

  /**
   * Checks that the waiting call sent `expected` as its JSON body, then answers it: a success
   * (2xx) goes through to the real server when `realSuccess`, anything else is served as given.
   */
  async reply(expected: unknown, status: number, body: unknown, { realSuccess = false } = {}): Promise<void> {
    const { route, request } = await this.next();
    const wrong = bodyMismatch(request, expected);
    if (wrong) throw new Error(wrong);
    if (realSuccess && status < 300) await route.continue();
    else await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  }
}

/** Asks the held request's JSON body to be `expected`; what differs, in words. */
function bodyMismatch(request: Request, expected: unknown): string | null {
  const sent = JSON.stringify(request.postDataJSON());
  return sent === JSON.stringify(expected)
    ? null
    : `${request.method()} ${new URL(request.url()).pathname} sent ${sent}, not ${JSON.stringify(expected)}`;
}
