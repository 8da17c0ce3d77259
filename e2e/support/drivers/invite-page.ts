import type { Page } from 'playwright-core';
import { getReferralContract, referralDataSchema } from '../../../contracts/referral';
import { getRemoteConfigContract } from '../../../contracts/remote-config';
import { QUERY_RETRIES } from '../../../src/lib/cache/query-client';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type InvitePageLayer,
  invitePageDriver,
  invitePageExpectation,
} from '../../../tests/support/drivers/invite-page.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldCalls } from './held-calls';

/**
 * The device's clipboard and share sheet, held until a step settles them. The copy let through is
 * the browser's real clipboard write; Chromium on Linux has no share sheet, so the scenario's
 * device gets one that records what it was given.
 */
function holdDevice(canShare: boolean) {
  type Held = { arg: string; resolve: () => void; reject: (error: unknown) => void };
  const device = {
    copies: [] as Held[],
    shares: [] as Held[],
    copied: null as string | null,
    shared: [] as string[],
  };
  (window as unknown as { __inviteDevice: typeof device }).__inviteDevice = device;
  const realWrite = navigator.clipboard.writeText.bind(navigator.clipboard);
  navigator.clipboard.writeText = (text: string) =>
    new Promise<void>((resolve, reject) => device.copies.push({ arg: text, resolve, reject })).then(
      async () => {
        await realWrite(text);
        device.copied = text;
      },
    );
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: canShare
      ? (data: { url: string }) =>
          new Promise<void>((resolve, reject) => device.shares.push({ arg: data.url, resolve, reject }))
      : undefined,
  });
}

/** The referral-link service's code: held until its step lets it load, or dropped (it fails to start). */
const LINK_SERVICE_CHUNK = /\/assets\/referral-link-service-[\w-]+\.js$/;

interface Run {
  driver: ReturnType<typeof invitePageDriver>;
}

const runs = new WeakMap<Page, Run>();

function layerFor(page: Page, context: ReplayContext, referral: HeldCalls, linkService: HeldCalls) {
  const layer: InvitePageLayer = {
    async settleLinkService(outcome) {
      // The service's chunk, held since the page asked for it: let through, or dropped.
      await linkService.answer(outcome === 'loaded' ? 'real-server' : 'network-error');
    },
    async open(action) {
      await page.addInitScript(holdDevice, action.canShare);
      if (action.pageConfig) {
        // The remote texts of the phone's scenario; the desktop's are the real server's defaults.
        const parameters = { mgm_page_config: JSON.stringify(action.pageConfig) };
        await page.route(
          (url) => url.pathname === getRemoteConfigContract.url,
          (route) => route.fulfill({ json: { success: true, data: { parameters } } }),
        );
      }
      await page.goto(new URL(action.url, context.baseURL).toString());
    },
    async answerReferral(action) {
      // The real server answers GET /api/settings/referral first, and must hold to the contract; the
      // page is then given the path's data (counters and rewards a fresh account cannot have).
      if (action.status === 200) {
        const route = await referral.next();
        const real = await route.fetch();
        const answered = (await real.json()) as { data?: unknown };
        const checked = referralDataSchema.safeParse(answered.data);
        if (!real.ok() || !checked.success)
          throw new Error(`the server answered ${real.status()}: ${JSON.stringify(answered)}`);
        await route.fulfill({ response: real, json: { success: true, data: action.data } });
      } else await referral.answerWithRetries(QUERY_RETRIES, { status: 500, body: action.body });
    },
    async settleCopy(outcome) {
      await page.evaluate((ok) => {
        const device = (
          window as unknown as {
            __inviteDevice: { copies: Array<{ resolve(): void; reject(e: unknown): void }> };
          }
        ).__inviteDevice;
        const call = device.copies.shift();
        if (!call) throw new Error('no copy waited');
        if (ok) call.resolve();
        else call.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      }, outcome === 'copied');
    },
    async settleShare(outcome) {
      await page.evaluate((ok) => {
        const device = (
          window as unknown as {
            __inviteDevice: {
              shares: Array<{ arg: string; resolve(): void; reject(e: unknown): void }>;
              shared: string[];
            };
          }
        ).__inviteDevice;
        const call = device.shares.shift();
        if (!call) throw new Error('no share sheet was open');
        if (ok) {
          device.shared.push(call.arg);
          call.resolve();
        } else call.reject(new DOMException('Share canceled', 'AbortError'));
      }, outcome === 'shared');
    },
    async refreshReferral(action) {
      // Ana comes back to the tab: the stale referral data is read again.
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await referral.answer({ status: 200, body: { success: true, data: action.data } });
    },
    clipboard: () =>
      page.evaluate(
        () => (window as unknown as { __inviteDevice: { copied: string | null } }).__inviteDevice.copied,
      ),
    shared: () =>
      page.evaluate(() => [
        ...(window as unknown as { __inviteDevice: { shared: string[] } }).__inviteDevice.shared,
      ]),
  };
  return layer;
}

/**
 * "Indique e Ganhe" in Chromium: a fresh onboarded account, one per run; GET /api/settings/referral
 * held with page.route, answered by the real server (checked against its contract) with the path's
 * counters given to the page; the clipboard write held, then the real one.
 */
export const invitePageBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/settings/invite',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded, one per run; ' +
    "the referral-link service's chunk held with page.route until its step lets it load or drops it; " +
    'GET /api/settings/referral held with page.route: the real server answers and is checked against contracts/referral.ts, the page given the path’s counters (the 500 on its 3 retries served); ' +
    "the phone's remote texts served with page.route, the desktop's from the real server; the clipboard write held " +
    'until its step, then the real one (or refused); the share sheet a recording stand-in (Chromium on Linux has none)',
  expectation: invitePageExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: context.baseURL });
    await chartAccount(page, context, 'invite-page');
    const referral = await HeldCalls.on(page, 'GET', getReferralContract.url);
    const linkService = new HeldCalls("the referral-link service's chunk");
    await page.route(LINK_SERVICE_CHUNK, (route) => linkService.receive(route));
    runs.set(page, {
      driver: invitePageDriver(browserSurface(page), layerFor(page, context, referral, linkService)),
    });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
