import type { Page } from 'playwright-core';
import { setCancelAtPeriodEndContract } from '../../../contracts/billing';
import type { RenewalInput } from '../../../machines/checkout/renewal.machine';
import type { RenewalSnapshot } from '../../../machines/checkout/renewal.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  actRenewalStep,
  checkRenewalStep,
  type RenewalServer,
  renewalExpectation,
} from '../../../tests/support/drivers/renewal.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldCalls } from './held-calls';
import { perPage } from './per-page';

type RenewalPath = ChartPath<RenewalSnapshot, RenewalInput>;

const WAIT_MS = 15_000;

/** The fresh account, in its trial, pays the yearly plan on the simulated Stripe Checkout. */
async function payYearlyPlan(page: Page): Promise<void> {
  await page.goto('/paywall');
  await page.getByRole('button', { name: 'Assinar', exact: true }).click({ timeout: WAIT_MS });
  await page.waitForURL(/\/dev\/stripe\/checkout\//, { timeout: WAIT_MS });
  await page.getByRole('button', { name: /^Pagar/ }).click({ timeout: WAIT_MS });
  await page.waitForURL(/\/home$/, { timeout: WAIT_MS });
}

/**
 * Opens /settings with the real subscription renewing or not, as `cancelAtPeriodEnd` says: when it
 * is the other way, the person changes it there first, as they would.
 */
async function settingsWith(page: Page, baseURL: string, cancelAtPeriodEnd: boolean): Promise<void> {
  const settings = new URL('/settings', baseURL).toString();
  await page.goto(settings);
  const card = page.getByRole('region', { name: 'Assinatura' });
  const keep = card.getByRole('button', { name: 'Manter assinatura', exact: true });
  const cancel = card.getByRole('button', { name: 'Cancelar renovação', exact: true });
  await keep.or(cancel).waitFor({ timeout: WAIT_MS });
  if (cancelAtPeriodEnd && (await cancel.isVisible())) {
    await cancel.click();
    await card.getByRole('button', { name: 'Sim, cancelar renovação' }).click();
    await keep.waitFor({ timeout: WAIT_MS });
  } else if (!cancelAtPeriodEnd && (await keep.isVisible())) {
    await keep.click();
    await cancel.waitFor({ timeout: WAIT_MS });
  }
}

const servers = perPage<RenewalServer>('/settings');

function browserRenewal(page: Page, baseURL: string): RenewalServer {
  let save: HeldCalls | undefined;
  return {
    async open(subscription) {
      await settingsWith(page, baseURL, subscription.cancelAtPeriodEnd);
      save = await HeldCalls.on(page, 'PUT', setCancelAtPeriodEndContract.url);
      await page.goto(new URL('/settings', baseURL).toString());
    },
    async answerSave(cancelAtPeriodEnd, status, body) {
      // A save that goes through is the real one (the server updates the simulated Stripe).
      await save!.answerExpecting({ cancelAtPeriodEnd }, status < 300 ? 'real-server' : { status, body });
    },
  };
}

/**
 * The renewal on /settings in the running app: one account per run, signed up for real, that pays
 * the yearly plan on the local Stripe simulator; saves go to the real server, the failed one is
 * served with page.route.
 */
export const renewalDriver: BrowserDriver<RenewalPath> = {
  page: '/settings',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarding that pays the yearly plan on the local ' +
    'Stripe simulator, shared by the run (its renewal set as the path starts, on /settings); ' +
    'PUT /api/settings/subscription/cancel-at-period-end held with page.route: its 500 served, its success from the real server',

  expectation: (path, index) => renewalExpectation(path, index),

  async open(page, _url, context: ReplayContext) {
    await chartAccount(page, context, 'renewal', payYearlyPlan);
    servers.set(page, browserRenewal(page, context.baseURL));
  },

  act: (page, path, index) => actRenewalStep(browserSurface(page), servers.of(page), path, index),
  check: (page, path, index) => checkRenewalStep(browserSurface(page), path, index),
};
