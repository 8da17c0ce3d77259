import type { Page } from 'playwright-core';
import {
  getFreeTrialContract,
  getOnboardingStatusContract,
  sendPhoneVerificationContract,
  verifyPhoneContract,
} from '../../../contracts/onboarding';
import { checkSessionContract } from '../../../contracts/session';
import {
  getPendingPhoneChangeContract,
  sendPhoneChangeCodeContract,
  verifyPhoneChangeContract,
} from '../../../contracts/settings';
import { onboardingStatuses, PATHS_USER_ID } from '../../../machines/onboarding/onboarding.paths';
import { stepPage } from '../../../machines/onboarding/onboarding-pages';
import { statusAfterCodeSent } from '../../../machines/onboarding/onboarding-reach';
import {
  codeSent,
  PATHS_PHONE,
  PHONE_PATHS_NOW,
  RIGHT_CODE,
} from '../../../machines/phone-verification/phone-verification.paths';
import { sessionCheckAnswer } from '../../../machines/session/session.paths';
import { onboardingSessions, sessionReply } from '../../../tests/support/drivers/onboarding-sessions';
import {
  actPhoneVerificationStep,
  checkPhoneVerificationStep,
  type PhoneVerificationPath,
  type PhoneVerificationServer,
  phoneVerificationExpectation,
} from '../../../tests/support/drivers/phone-verification.driver';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { clockedSurface, pauseClockAt } from './clocked-surface';
import { type HeldCalls, type HeldReply, holdRoutes } from './held-calls';
import { putPathsSession } from './paths-session';

/** Where the chart runs: onboarding's verify-phone step, or the settings phone change's page. */
type Host = 'onboarding' | 'settings';

interface Held {
  host: Host;
  send: HeldCalls;
  verify: HeldCalls;
}

const held = new WeakMap<Page, Held>();

const SETTINGS_VALIDATE = '/settings/access-security/phone-change/validate';
/** Where each host goes when the chart ends. */
const ends: Record<Host, Record<string, 'verified' | 'changeNumber'>> = {
  onboarding: { '/onboarding/trial': 'verified', '/onboarding/phone': 'changeNumber' },
  settings: { '/settings': 'verified', '/settings/access-security/phone-change': 'changeNumber' },
};

function sameJson(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what} sent ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
}

async function answered(route: HeldCalls, what: string, reply: HeldReply) {
  const count = await route.answerAll(reply);
  if (count !== 1) throw new Error(`${count} ${what} calls were waiting, not 1`);
}

function server(page: Page, context: ReplayContext): PhoneVerificationServer {
  const routes = () => held.get(page)!;
  return {
    async open() {
      const { host } = routes();
      const url =
        host === 'settings'
          ? `${SETTINGS_VALIDATE}?phone=${PATHS_PHONE.slice(2)}`
          : stepPage('verifyPhone', PATHS_PHONE);
      await page.goto(new URL(url, context.baseURL).toString());
    },
    async answerVerify(reply) {
      const { host, verify } = routes();
      sameJson('the verify call', verify.lastBody(), { phoneNumber: PATHS_PHONE, code: RIGHT_CODE });
      // Onboarding's verify answers the onboarding status (its contract), the settings' the phone.
      const body =
        host === 'onboarding' && reply.status === 200
          ? { success: true, data: onboardingStatuses.phoneVerified }
          : reply.body;
      await answered(verify, 'verify', { status: reply.status, body });
    },
    async answerSend(isResend, reply) {
      const { host, send } = routes();
      sameJson(
        'the send call',
        send.lastBody(),
        host === 'onboarding'
          ? { phoneNumber: PATHS_PHONE, userId: PATHS_USER_ID, isResend }
          : { phoneNumber: PATHS_PHONE, isResend },
      );
      await answered(send, 'send', reply);
    },
    async left() {
      const { pathname } = new URL(page.url());
      return ends[routes().host][pathname] ?? null;
    },
  };
}

/**
 * The SMS code's paths in the app, where the app embeds the chart: a code just sent and none sent
 * yet on onboarding's verify-phone step (the onboarding status says which), a page reopened with no
 * record of the send on the settings phone change. The session check and the status are answered
 * with page.route; the send and verify calls held until their steps; the page clock paused at the
 * paths' instant so the resend cooldown passes only when a step lets it.
 */
const reopenedPending = {
  pendingVerification: {
    phoneNumber: PATHS_PHONE,
    expiresAt: new Date(PHONE_PATHS_NOW + 5 * 60_000).toISOString(),
    resendAvailableAt: new Date(PHONE_PATHS_NOW - 60_000).toISOString(),
  },
};

export const phoneVerificationDriver: BrowserDriver<PhoneVerificationPath> = {
  page: '/onboarding/verify-phone',
  setup:
    'no account: a session’s cookies for the paths’ instant; the session check and onboarding status answered with page.route (a code just sent or none sent, on /onboarding/verify-phone; a reopened page on /settings/access-security/phone-change/validate); the send and verify calls held with page.route and answered as the step says; the app’s other calls held; the page clock paused',
  expectation: phoneVerificationExpectation,

  async open(page) {
    await pauseClockAt(page, PHONE_PATHS_NOW);
  },

  async act(page, path, index, context) {
    // The host and what its server answers depend on the path's scenario: routed at its first step.
    if (index === 0) {
      const scenario = path.scenario.name;
      const host: Host = scenario === 'reopened' ? 'settings' : 'onboarding';
      const status =
        scenario === 'just-sent'
          ? statusAfterCodeSent(onboardingStatuses.withCompany, { phoneNumber: PATHS_PHONE, ...codeSent })
          : onboardingStatuses.withCompany;
      const routes = await holdRoutes(
        page,
        host === 'onboarding'
          ? {
              session: checkSessionContract,
              status: getOnboardingStatusContract,
              freeTrial: getFreeTrialContract,
              pending: getPendingPhoneChangeContract,
              send: sendPhoneVerificationContract,
              verify: verifyPhoneContract,
            }
          : {
              session: checkSessionContract,
              status: getOnboardingStatusContract,
              freeTrial: getFreeTrialContract,
              pending: getPendingPhoneChangeContract,
              send: sendPhoneChangeCodeContract,
              verify: verifyPhoneChangeContract,
            },
        {
          holdTheRest: true,
          standing: {
            session: sessionReply(
              host === 'onboarding' ? onboardingSessions.onboarding : sessionCheckAnswer(),
            ),
            status: { status: 200, body: { success: true, data: status } },
            // Reopened: the server still has the code, sent long enough ago that another may be
            // asked for; the page knows no more of its times than that.
            ...(host === 'settings'
              ? { pending: { status: 200, body: { success: true, data: reopenedPending } } }
              : {}),
          },
        },
      );
      held.set(page, { host, send: routes.send, verify: routes.verify });
      await putPathsSession(page, context.baseURL, PHONE_PATHS_NOW, PATHS_USER_ID);
    }
    await actPhoneVerificationStep(clockedSurface(page), server(page, context), path, index);
  },
  check: (page, path, index, context) =>
    checkPhoneVerificationStep(clockedSurface(page), server(page, context), path, index),
};
