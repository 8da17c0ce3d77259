import type { Page } from 'playwright-core';
import {
  getFreeTrialContract,
  getOnboardingStatusContract,
  saveCompanyContract,
  saveUserNameContract,
  sendPhoneVerificationContract,
  startFreeTrialContract,
  verifyPhoneContract,
} from '../../../contracts/onboarding';
import { checkSessionContract } from '../../../contracts/session';
import { ONBOARDING_PATHS_NOW } from '../../../machines/onboarding/onboarding.paths';
import { exponentialBackoff, QUERY_RETRIES } from '../../../src/lib/cache/query-client';
import {
  actOnboardingStep,
  checkOnboardingStep,
  type OnboardingPath,
  type OnboardingServer,
  onboardingExpectation,
} from '../../../tests/support/drivers/onboarding.driver';
import { onboardingSessions, sessionReply } from '../../../tests/support/drivers/onboarding-sessions';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { type HeldCalls, type HeldReply, holdRoutes } from './held-calls';
import { holdHostedLogout } from './hosted-logout';
import { navigateInApp } from './in-app-navigation';
import { putPathsSession } from './paths-session';

const endpoints = {
  session: checkSessionContract,
  status: getOnboardingStatusContract,
  'user-name': saveUserNameContract,
  company: saveCompanyContract,
  'send-code': sendPhoneVerificationContract,
  verify: verifyPhoneContract,
  'free-trial': getFreeTrialContract,
  'start-trial': startFreeTrialContract,
};

type Routes = Awaited<ReturnType<typeof holdRoutes<keyof typeof endpoints>>>;
const held = new WeakMap<Page, Routes>();

async function one(route: HeldCalls, what: string, reply: HeldReply) {
  const count = await route.answerAll(reply);
  if (count !== 1) throw new Error(`${count} ${what} calls were waiting, not 1`);
}

function server(page: Page, context: ReplayContext): OnboardingServer {
  const routes = () => held.get(page)!;
  return {
    async open(url, session) {
      const user = onboardingSessions[session].user;
      await putPathsSession(page, context.baseURL, ONBOARDING_PATHS_NOW, user.id || undefined);
      await routes().session.always(sessionReply(onboardingSessions[session]));
      await page.goto(new URL(url, context.baseURL).toString());
    },
    navigate: (url) => navigateInApp(page, url),
    async answerCall(call, reply, asked) {
      const route = routes()[call];
      // Wait for the call before reading what it sent.
      const deadline = Date.now() + 5000;
      while (route.pending === 0 && Date.now() < deadline) await page.waitForTimeout(20);
      const sent = route.lastBody();
      if (JSON.stringify(sent) !== JSON.stringify(asked))
        throw new Error(`the ${call} call sent ${JSON.stringify(sent)}, not ${JSON.stringify(asked)}`);
      if (reply === 'network-error' && endpoints[call].method === 'GET') {
        // The app's reads retry a dropped connection (1 s, 2 s, 4 s on its clock) before giving
        // up: every try is dropped, until the next step holds the call again.
        await one(route, call, reply);
        await route.always(reply);
        for (let attempt = 0; attempt < QUERY_RETRIES; attempt++) {
          await page.waitForTimeout(100);
          await page.clock.runFor(exponentialBackoff(attempt));
        }
        return;
      }
      await one(route, call, reply);
    },
    answerSessionCheck: (reply) => one(routes().session, 'session check', reply),
    sessionChecks: (reply) => routes().session.always(reply),
  };
}

/**
 * Onboarding's paths in the app: a session's cookies for the paths' instant, the session check and
 * every onboarding call held with page.route and answered as the step says (statuses, refusals, a
 * dropped connection), the app's other calls held, the hosted logout answered 204.
 */
export const onboardingDriver: BrowserDriver<OnboardingPath> = {
  page: '/onboarding',
  setup:
    'no account: a session’s cookies for the paths’ instant; the session check (sign-up not complete, complete, no user id) and every onboarding call held with page.route and answered as the step says, including the 400s, 429, 500s and dropped connections (a read’s retries dropped too); the app’s other calls held; the hosted logout answered 204; the page clock paused',
  expectation: onboardingExpectation,

  async open(page) {
    await pauseClockAt(page, ONBOARDING_PATHS_NOW);
    await holdHostedLogout(page);
    held.set(page, await holdRoutes(page, endpoints, { holdTheRest: true }));
  },

  async act(page, path, index, context) {
    const routes = held.get(page)!;
    // Dropped connections stand for one step only.
    await routes.status.always(undefined);
    await routes['free-trial'].always(undefined);
    await actOnboardingStep(clockedSurface(page), server(page, context), path, index);
  },
  check: (page, path, index) => checkOnboardingStep(clockedSurface(page), path, index),
};
