import type { Page } from 'playwright-core';
import { validateEmailContract } from '../../../contracts/session';
import {
  actEmailVerificationStep,
  checkEmailVerificationStep,
  type EmailVerificationPath,
  type EmailVerificationServer,
  emailVerificationExpectation,
} from '../../../tests/support/drivers/email-verification.driver';
import { unconfirmedSignUp } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type HeldCalls, holdRoutes } from './held-calls';
import { holdHostedLogout } from './hosted-logout';

const held = new WeakMap<Page, { validation: HeldCalls; freshToken: string }>();

function server(page: Page, context: ReplayContext): EmailVerificationServer {
  return {
    // Without AUTH_URL the hosted login is this server's, by a relative address.
    hostedLogin: `/auth/login?${new URLSearchParams({ returnTo: new URL(context.baseURL).origin })}`,
    async open(url) {
      await page.goto(new URL(url, context.baseURL).toString());
    },
    async answerValidation(validated) {
      // A token the real server accepts comes from a real sign-up; the path's own token is unknown
      // to it, so it answers "not validated" by itself.
      const reply =
        validated === null
          ? 'network-error'
          : validated
            ? { realServerWith: { verificationToken: held.get(page)!.freshToken } }
            : 'real-server';
      const answered = await held.get(page)!.validation.answerAll(reply);
      if (answered !== 1) throw new Error(`${answered} validation calls were waiting, not 1`);
    },
  };
}

/**
 * /signup's paths in the app: the validation call held with `page.route` until its step, then
 * answered by the real server (a fresh sign-up's token from the dev outbox for "verified", the
 * path's unknown token for "invalid") or dropped (the failed connection).
 */
export const emailVerificationDriver: BrowserDriver<EmailVerificationPath> = {
  page: '/signup',
  setup:
    'POST /api/auth/validate-email held with page.route until its step; "verified" answered by the real server for a fresh account made through the real sign-up (its token from the dev outbox), "invalid" by the real server for the path’s unknown token, the failed connection dropped with page.route; the hosted logout held so /logout stays readable',
  expectation: emailVerificationExpectation,

  async open(page, _url, context) {
    // Made before the path starts (a sign-up takes longer than the app waits for an answer); one
    // per run, as only one path verifies.
    const freshToken = await context.once('email-verification:fresh-token', () =>
      unconfirmedSignUp(page.context().browser()!, context.baseURL, 'verifica'),
    );
    await holdHostedLogout(page);
    const { validation } = await holdRoutes(page, { validation: validateEmailContract });
    held.set(page, { validation, freshToken });
  },

  act: (page, path, index, context) =>
    actEmailVerificationStep(browserSurface(page), server(page, context), path, index),
  check: (page, path, index, context) =>
    checkEmailVerificationStep(browserSurface(page), server(page, context), path, index),
};
