import type { PhoneChangeValidateSnapshot } from '../../../machines/phone-change/phone-change-validate.paths';
import type { PhoneVerificationInput } from '../../../machines/phone-verification/phone-verification.machine';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  actPhoneChangeValidateStep,
  checkPhoneChangeValidateStep,
  type PhoneChangeValidateServer,
  phoneChangeValidateExpectation,
} from '../../../tests/support/drivers/phone-change-validate.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { codeTextedTo } from '../onboarding-account';
import { perPage } from './per-page';

type PhoneChangeValidatePath = ChartPath<PhoneChangeValidateSnapshot, PhoneVerificationInput>;

const servers = perPage<PhoneChangeValidateServer>('"Valide seu telefone"');

/**
 * "Valide seu telefone" in the running app, all of it the real server's: one account per run, signed
 * up for real; the code sent for real and read from the dev outbox. The new number is the account's
 * own with area code 21 (numbers of earlier runs belong to their accounts now); the paths send at
 * most one code per run, so the server's 60 s between sends never refuses one.
 */
export const phoneChangeValidateDriver: BrowserDriver<PhoneChangeValidatePath> = {
  page: '/settings/access-security/phone-change/validate',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarding, shared by the run; ' +
    'every call answered by the real server: the code sent to a new number of the account’s own (area ' +
    'code 21, in place of the plan’s (21) 99876-5432), read from the dev outbox, and the number really changed',

  expectation: (path, index) => phoneChangeValidateExpectation(path, index),

  async open(page, _url, context) {
    const account = await chartAccount(page, context, 'phone-change-validate');
    const newPhone = `55219${account.person.national.slice(3)}`;
    servers.set(page, {
      newPhone: () => newPhone,
      async open(url) {
        await page.goto(new URL(url, context.baseURL).toString());
      },
      codeFor: (phoneNumber) => codeTextedTo(page, phoneNumber),
    });
  },

  act: (page, path, index) => actPhoneChangeValidateStep(browserSurface(page), servers.of(page), path, index),
  check: (page, path, index) =>
    checkPhoneChangeValidateStep(browserSurface(page), servers.of(page), path, index),
};
