import type { Route } from 'playwright-core';

/** How long a step waits for the app to send the call it answers (real time). */
const WAIT_MS = 5000;

/**
 * Calls the page sent and `page.route` holds until a path's step answers them: let through to the
 * real server, or a reply the real server cannot give on demand (a 500, a refusal, a lost answer).
 */
export class HeldRoutes {
  private readonly held: Route[] = [];

  hold(route: Route): void {
    this.held.push(route);
  }

  /** How many calls wait. */
  get waiting(): number {
    return this.held.length;
  }

  /**
   * Answers the oldest held call; `wrong` says why it is not the call the step expects (null when
   * it is). 'continue' sends it on to the real server, 'abort' drops the connection.
   */
  async answer(
    wrong: (route: Route) => string | null,
    reply: 'continue' | 'abort' | { status: number; json: unknown },
  ): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (this.held.length === 0) {
      if (Date.now() > deadline) throw new Error('the app sent no call for this step to answer');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const route = this.held.shift()!;
    const problem = wrong(route);
    if (problem) {
      await route.abort();
      throw new Error(problem);
    }
    if (reply === 'continue') await route.continue();
    else if (reply === 'abort') await route.abort('connectionfailed');
    else await route.fulfill({ status: reply.status, json: reply.json });
  }
}
