import type { Page } from 'playwright-core';
import { checkSessionContract } from '../../../contracts/session';
import {
  actLoginStep,
  checkLoginStep,
  type LoginPath,
  type LoginServer,
  loginCheckReplies,
  loginExpectation,
} from '../../../tests/support/drivers/login.driver';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { type HeldCalls, holdRoutes } from './held-calls';
import { holdHostedLogout } from './hosted-logout';

/** Per page: the held session check the steps answer. */
const held = new WeakMap<Page, { session: HeldCalls }>();

function server(page: Page, context: ReplayContext): LoginServer {
  return {
    async open(url) {
      await page.goto(new URL(url, context.baseURL).toString());
    },
    async answerCheck(outcome) {
      const routes = held.get(page)!;
      const answered = await routes.session.answerAll(loginCheckReplies[outcome]);
      if (answered !== 1) throw new Error(`${answered} session checks were waiting, not 1`);
    },
  };
}

/**
 * /login's paths in the app: the address the hosted login would send back (its tokens, error,
 * redirect), the session check held with `page.route` and answered as the step says, the page's
 * clock paused so the 500 ms of "Autenticando..." pass only when a step says so.
 */
export const loginDriver: BrowserDriver<LoginPath> = {
  page: '/login',
  setup:
    'no account: /login opened with the hosted login’s search parameters; the session check held with page.route and answered as the step says (signed in, sign-up not complete, or 401); the pages /login leaves for keep their other calls held; the hosted logout held so the address stays readable',
  expectation: loginExpectation,

  async open(page) {
    await pauseClockAt(page, Date.now());
    await holdHostedLogout(page);
    const routes = await holdRoutes(page, { session: checkSessionContract }, { holdTheRest: true });
    held.set(page, routes);
  },

  act: (page, path, index, context) => actLoginStep(clockedSurface(page), server(page, context), path, index),
  check: (page, path, index) => checkLoginStep(clockedSurface(page), path, index),
};
