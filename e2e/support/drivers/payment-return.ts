import type { Page } from 'playwright-core';
import type { PaymentReturnSnapshot } from '../../../machines/payment-return/payment-return.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  actPaymentReturnStep,
  checkPaymentReturnStep,
  type PaymentReturnServer,
  paymentReturnExpectation,
} from '../../../tests/support/drivers/payment-return.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';

type PaymentReturnPath = ChartPath<PaymentReturnSnapshot>;

/**
 * The checkout's return to /home in the running app: one account per run, signed up for real and in
 * its free trial; each return is the address Stripe Checkout (or the local simulator) sends the
 * browser back to, opened as that redirect would (a paid checkout end to end is e2e/paywall.spec.ts).
 */
export const paymentReturnDriver: BrowserDriver<PaymentReturnPath> = {
  page: '/home',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarding, in its free trial, shared by the run; ' +
    'each checkout return opened as the address the checkout redirects to (/home?paymentsuccess=…)',

  expectation: (path, index) => paymentReturnExpectation(path, index),

  async open(page, _url, context: ReplayContext) {
    await chartAccount(page, context, 'payment-return');
  },

  act: (page, path, index, context) =>
    actPaymentReturnStep(browserSurface(page), server(page, context.baseURL), path, index),
  check: (page, path, index) => checkPaymentReturnStep(browserSurface(page), path, index),
};

function server(page: Page, baseURL: string): PaymentReturnServer {
  return {
    async open(url) {
      await page.goto(new URL(url, baseURL).toString());
    },
  };
}
