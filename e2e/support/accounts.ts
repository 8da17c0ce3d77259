/**
 * Accounts for browser replays, made the way a tester would accept: a fresh person signs up through
 * the hosted login and confirms the e-mail from the dev outbox (and, when asked, walks onboarding to
 * a free trial). playwright-core only: `npm run paths` and the specs share it.
 *
 * Make one per run and share it between the paths that allow it, through the replay context:
 *
 *   async open(page, url, context) {
 *     await signedInAs(page, context, { onboarded: true });
 *     await page.goto(url);
 *   }
 *
 * The account is made once per `ReplayContext` and key (in its own browser context, so the path's
 * page starts clean), then put back on each path's page from its storage state.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ReplayContext } from './browser-driver';
import { signUpAsNewcomer } from './newcomer';
import {
  type NewPerson,
  newPerson,
  signUpAndSignIn,
  submitSignUp,
  verificationLinkFor,
} from './onboarding-account';
import { pollUntil } from './poll';
import { submitHostedLogin } from './sign-in';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Account {
  person: NewPerson;
  /** Walked onboarding to a free trial (false: signed in, sent to /onboarding/user-name). */
  onboarded: boolean;
  /** The signed-in session: cookies and local storage. */
  storageState: StorageState;
}

export interface AccountOptions {
  /** Walk onboarding to the free trial; without it the account is signed in but not onboarded. */
  onboarded: boolean;
  /** A word in the e-mail address, to tell accounts apart in the dev outbox. */
  tag?: string;
  /**
   * What the person goes on to do before the session is kept, on the sign-up's page (which ends
   * where the sign-up left it): for example pay a plan on the Stripe simulator.
   */
  andThen?: (page: Page, person: NewPerson) => Promise<void>;
}

/** How long each step of making an account waits (a sign-up under load takes its time). */
const STEP_TIMEOUT_MS = 15_000;

function accountContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
}

/** Signs a new person up in a browser context of its own and keeps the signed-in session. */
export async function makeAccount(
  browser: Browser,
  baseURL: string,
  options: AccountOptions,
): Promise<Account> {
  const context = await accountContext(browser, baseURL);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const tag = options.tag ?? 'replay';
    let person: NewPerson;
    if (options.onboarded) person = await signUpAsNewcomer(page, tag);
    else {
      person = newPerson(tag);
      await signUpAndSignIn(page, person);
    }
    await options.andThen?.(page, person);
    return { person, onboarded: options.onboarded, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** Puts `account`'s session on `page` (its cookies, and its local storage from the next load on). */
export async function restoreAccount(page: Page, account: Account): Promise<void> {
  await page.context().addCookies(account.storageState.cookies);
  const origins = account.storageState.origins;
  if (origins.length > 0) {
    await page.addInitScript((saved) => {
      const mine = saved.find((o) => o.origin === window.location.origin);
      for (const { name, value } of mine?.localStorage ?? []) {
        if (window.localStorage.getItem(name) === null) window.localStorage.setItem(name, value);
      }
    }, origins);
  }
}

/**
 * The run's account of this kind (made on first use, shared by every later path of the run), signed
 * in on `page`. Paths that change what the account is (onboard it, subscribe it) need their own
 * `key`, or a fresh `makeAccount`.
 */
export async function signedInAs(
  page: Page,
  context: ReplayContext,
  options: AccountOptions & { key?: string },
): Promise<Account> {
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to make an account in');
  const key = options.key ?? `account:${options.onboarded ? 'onboarded' : 'signed-up'}`;
  const account = await context.once(key, () => makeAccount(browser, context.baseURL, options));
  await restoreAccount(page, account);
  return account;
}

/**
 * Someone new signs up on the hosted login and does not confirm yet: the verification token of the
 * e-mail the dev outbox holds for them, unused.
 */
export async function unconfirmedSignUp(browser: Browser, baseURL: string, tag: string): Promise<string> {
  const context = await accountContext(browser, baseURL);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const person = newPerson(tag);
    await page.goto('/auth/signup');
    await submitSignUp(page, person);
    return new URL(await verificationLinkFor(page, person.email)).searchParams.get('verificationToken')!;
  } finally {
    await context.close();
  }
}

/**
 * A chart's own onboarded account for the run (key `<chart>-account`, the chart's name in its
 * address): what one chart's paths do to their company never meets another chart's.
 */
export function chartAccount(
  page: Page,
  context: ReplayContext,
  chart: string,
  andThen?: AccountOptions['andThen'],
): Promise<Account> {
  return signedInAs(page, context, { onboarded: true, key: `${chart}-account`, tag: chart, andThen });
}

/**
 * `account`'s person signs in again on the hosted login (their sessions ended, e.g. removed from a
 * team), in a browser context of its own; the new session replaces the kept one.
 */
export async function signInAgain(browser: Browser, baseURL: string, account: Account): Promise<void> {
  const context = await accountContext(browser, baseURL);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto('/home');
    await submitHostedLogin(page, account.person);
    await pollUntil('a new session', async () =>
      (await context.cookies(baseURL)).some((cookie) => cookie.name === 'access_token'),
    );
    account.storageState = await context.storageState();
  } finally {
    await context.close();
  }
}
