import type { Page } from 'playwright-core';
import { checkSessionContract } from '../../../contracts/session';
import { PATHS_NOW, type SessionSnapshot } from '../../../machines/session/session.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  actSessionStep,
  checkSessionStep,
  type SessionServer,
  sessionExpectation,
} from '../../../tests/support/drivers/session.driver';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { type HeldCalls, holdRoutes } from './held-calls';
import { holdHostedLogout } from './hosted-logout';
import { navigateInApp } from './in-app-navigation';

type SessionPath = ChartPath<SessionSnapshot>;

const held = new WeakMap<Page, { session: HeldCalls; rest: HeldCalls }>();

const refused = {
  status: 401,
  body: { success: false, error: 'Sua sessão expirou. Entre novamente.', code: 'UNAUTHENTICATED' },
};

function server(page: Page, context: ReplayContext): SessionServer {
  const routes = () => held.get(page)!;
  return {
    async open(cookies) {
      if (cookies)
        await page.context().addCookies([
          { name: 'access_token', value: cookies.accessToken, url: context.baseURL },
          { name: 'refresh_token', value: cookies.refreshToken, url: context.baseURL },
        ]);
      await page.goto(new URL('/home', context.baseURL).toString());
    },
    navigate: (url) => navigateInApp(page, url),
    answerChecks: (reply) => routes().session.always(reply),
    checksPending: async () => routes().session.pending,
    async refuseACall() {
      const { rest } = routes();
      // /home may have asked for nothing yet (its data was cached): /customers asks for its list.
      if (rest.pending === 0) await navigateInApp(page, '/customers');
      if ((await rest.answerAll(refused)) === 0) throw new Error('the app made no call to refuse');
    },
  };
}

/**
 * The session's paths in the app: the paths' tokens in the cookies (the client reads their expiry,
 * the server never sees them), the session check held with `page.route` and answered as the step
 * says, the app's other calls held (one refused with 401 when the step says), the page clock paused
 * at the paths' instant so the refresh timer fires only when a step lets time pass.
 */
export const sessionDriver: BrowserDriver<SessionPath> = {
  page: '/home',
  setup:
    'no account: the path’s tokens put in the cookies; the session check held with page.route and answered as the step says (onboarding, no subscription, active, rotated tokens, no session, 401); the app’s other calls held, one answered 401 when the step says (from /customers when /home asked for nothing); the hosted logout answered 204; the page clock paused',
  expectation: sessionExpectation,

  async open(page) {
    await pauseClockAt(page, PATHS_NOW);
    await holdHostedLogout(page);
    const { session, rest } = await holdRoutes(
      page,
      { session: checkSessionContract },
      { holdTheRest: true },
    );
    held.set(page, { session, rest });
  },

  act: (page, path, index, context) =>
    actSessionStep(clockedSurface(page), server(page, context), path, index),
  check: (page, path, index, context) =>
    checkSessionStep(clockedSurface(page), server(page, context), path, index),
};
