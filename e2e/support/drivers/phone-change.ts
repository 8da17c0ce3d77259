import type { Page } from 'playwright-core';
import { getSettingsUserContract, sendPhoneChangeCodeContract } from '../../../contracts/settings';
import type { PhoneChangeInput } from '../../../machines/phone-change/phone-change.machine';
import type { PhoneChangeSnapshot } from '../../../machines/phone-change/phone-change.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  actPhoneChangeStep,
  checkPhoneChangeStep,
  type PhoneChangeServer,
  phoneChangeExpectation,
} from '../../../tests/support/drivers/phone-change.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldCalls } from './held-calls';
import { perPage } from './per-page';

type PhoneChangePath = ChartPath<PhoneChangeSnapshot, PhoneChangeInput>;

/**
 * The account's number as the path's scenario has it: the real answer of GET /api/settings/user,
 * its `mobilePhone` replaced (the real account's number is its own, made at sign-up).
 */
async function userWithPhone(page: Page, currentPhone: string): Promise<void> {
  await page.route(
    (url) => url.pathname === getSettingsUserContract.url,
    async (route, request) => {
      if (request.method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { getUser?: { mobilePhone?: string } } };
      if (body.data?.getUser) body.data.getUser.mobilePhone = currentPhone;
      await route.fulfill({ response, json: body });
    },
  );
}

const servers = perPage<PhoneChangeServer>('the phone change');

async function browserPhoneChange(page: Page, baseURL: string): Promise<PhoneChangeServer> {
  const send = await HeldCalls.on(page, 'POST', sendPhoneChangeCodeContract.url);
  return {
    async open(url, currentPhone) {
      await userWithPhone(page, currentPhone);
      await page.goto(new URL(url, baseURL).toString());
    },
    async answerSend(phoneNumber, status, body) {
      await send.answerExpecting({ phoneNumber, isResend: false }, { status, body });
    },
  };
}

/**
 * "Alterar o número de celular" in the running app: one account per run, signed up for real; the
 * scenario's current number and the send's answers served with page.route (a real send would put
 * the path's fixed new number in its cooldown for the next run).
 */
export const phoneChangeDriver: BrowserDriver<PhoneChangePath> = {
  page: '/settings/access-security/phone-change',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarding, shared by the run; ' +
    'GET /api/settings/user from the real server with the scenario’s current number put in by page.route; ' +
    'POST /api/settings/phone/send-verification held and answered with page.route (the code sent, a 429, a 500)',

  expectation: (path, index) => phoneChangeExpectation(path, index),

  async open(page, _url, context: ReplayContext) {
    await chartAccount(page, context, 'phone-change');
    servers.set(page, await browserPhoneChange(page, context.baseURL));
  },

  act: (page, path, index) => actPhoneChangeStep(browserSurface(page), servers.of(page), path, index),
  check: (page, path, index) => checkPhoneChangeStep(browserSurface(page), path, index),
};
