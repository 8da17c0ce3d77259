import type { Page } from 'playwright-core';
import { getPaywallContract, type PlanId, startCheckoutContract } from '../../../contracts/billing';
import type { CheckoutSnapshot } from '../../../machines/checkout/checkout.paths';
import { QUERY_RETRIES } from '../../../src/lib/cache/query-client';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  actCheckoutStep,
  type CheckoutServer,
  checkCheckoutStep,
  checkoutExpectation,
} from '../../../tests/support/drivers/checkout.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldCalls } from './held-calls';
import { perPage } from './per-page';

type CheckoutPath = ChartPath<CheckoutSnapshot>;

const PLAN_NAMES: Record<PlanId, string> = { monthly: 'Fechaí Mensal', yearly: 'Fechaí Anual' };

/** Per page: the paywall's two calls, held until a step answers them. */
const servers = perPage<CheckoutServer>('the paywall');

async function browserCheckout(page: Page, baseURL: string): Promise<CheckoutServer> {
  const paywall = await HeldCalls.on(page, 'GET', getPaywallContract.url);
  const checkout = await HeldCalls.on(page, 'POST', startCheckoutContract.url);
  let planAsked: PlanId | null = null;
  return {
    async open(url) {
      await page.goto(new URL(url, baseURL).toString());
    },
    async answerPaywall(status, body) {
      // A failed load is retried by the app's cache before the chart hears of it.
      if (status >= 500) await paywall.answerWithRetries(QUERY_RETRIES, { status, body });
      else await paywall.answer({ status, body });
    },
    async answerCheckout(planId, status, body) {
      // A checkout that opens is the real one: the server asks the local Stripe simulator for it.
      await checkout.answerExpecting({ planId }, status < 300 ? 'real-server' : { status, body });
      planAsked = planId;
    },
    async checkoutOpened() {
      const at = new URL(page.url());
      if (!at.pathname.startsWith('/dev/stripe/checkout/'))
        return [`the page is at ${at.pathname}, not the simulated Stripe Checkout`];
      const heading = await page.getByRole('heading', { level: 1, name: 'Assinar o Fechaí' }).isVisible();
      const plan = planAsked && (await page.getByText(PLAN_NAMES[planAsked]).first().isVisible());
      return [
        ...(heading ? [] : ['"Assinar o Fechaí" is not on screen']),
        ...(plan ? [] : [`"${planAsked && PLAN_NAMES[planAsked]}" is not on screen`]),
      ];
    },
  };
}

/**
 * /paywall in the running app: one account per run, signed up for real and in its free trial (so
 * its checkout is a real one); the paywall's load and a failed checkout are replies the server
 * cannot give on demand, served with page.route.
 */
export const checkoutDriver: BrowserDriver<CheckoutPath> = {
  page: '/paywall',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarding, in its free trial, shared by the run; ' +
    'GET /api/paywall answered with page.route (each reason; a 500, on its 3 retries too), POST /api/billing/checkout held with page.route: ' +
    'its 502 served, its success from the real server and the local Stripe simulator',

  expectation: (path, index) => checkoutExpectation(path, index),

  async open(page, _url, context: ReplayContext) {
    await chartAccount(page, context, 'checkout');
    servers.set(page, await browserCheckout(page, context.baseURL));
  },

  act: (page, path, index) => actCheckoutStep(browserSurface(page), servers.of(page), path, index),
  check: (page, path, index) => checkCheckoutStep(browserSurface(page), servers.of(page), path, index),
};
