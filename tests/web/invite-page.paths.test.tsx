import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getReferralContract } from '../../contracts/referral';
import { getRemoteConfigContract } from '../../contracts/remote-config';
import { invitePagePathModel } from '../../machines/invite-page/invite-page.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type InvitePageLayer, invitePageDriver } from '../support/drivers/invite-page.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { json } from './support/network';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(invitePagePathModel);

/** The referral-link service's chunk, held until its step lets it load or fails it (as a dropped download would). */
const linkServiceChunk = vi.hoisted(() => ({
  waiting: [] as Array<{ load: () => void; fail: (error: unknown) => void }>,
}));
vi.mock('../../src/features/settings/invite/load-link-service', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/features/settings/invite/load-link-service')>();
  return {
    loadLinkService: () =>
      new Promise((resolve, reject) =>
        linkServiceChunk.waiting.push({ load: () => resolve(real.loadLinkService()), fail: reject }),
      ),
  };
});

/** A device capability the test settles by hand: each call waits until told how it ends. */
function heldDeviceCall() {
  const calls: Array<{ arg: string; resolve: () => void; reject: (error: unknown) => void }> = [];
  return {
    calls,
    call: (arg: string) => new Promise<void>((resolve, reject) => calls.push({ arg, resolve, reject })),
  };
}

function stubDevice(canShare: boolean) {
  const clipboard = heldDeviceCall();
  const share = heldDeviceCall();
  let copied: string | null = null;
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        await clipboard.call(text);
        copied = text;
      },
    },
  });
  Object.defineProperty(navigator, 'share', {
    configurable: true,
    value: canShare ? (data: { url: string }) => share.call(data.url) : undefined,
  });
  return { clipboard, share, copied: () => copied };
}

async function untilWaiting(held: HeldCalls, count = 1) {
  for (let round = 0; round < 100 && held.pending < count; round++) await settleQueries(1);
}

describe('/settings/invite, "Indique e Ganhe": chart paths, as Ana sees them', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const referral = new HeldCalls();
      let pageConfig: string | null = null;
      const routes: FakeRoutes = (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === getReferralContract.url) return referral.receive(request);
        if (pathname === getRemoteConfigContract.url)
          return Promise.resolve(
            json({ success: true, data: { parameters: pageConfig ? { mgm_page_config: pageConfig } : {} } }),
          );
        return undefined;
      };
      let device = stubDevice(false);
      let app: ReturnType<typeof openSignedIn> | undefined;
      const shared: string[] = [];
      const layer: InvitePageLayer = {
        async open(action) {
          device = stubDevice(action.canShare);
          linkServiceChunk.waiting.length = 0;
          pageConfig = action.pageConfig ? JSON.stringify(action.pageConfig) : null;
          app = openSignedIn(action.url, { routes: [routes] });
          await settleQueries();
        },
        async settleLinkService(outcome) {
          const chunk = linkServiceChunk.waiting.shift();
          expect(chunk, 'the link service was loading').toBeDefined();
          await act(async () => {
            if (outcome === 'loaded') chunk!.load();
            else chunk!.fail(new TypeError('Failed to fetch dynamically imported module'));
          });
          await settleQueries();
        },
        async answerReferral(action) {
          const tries = action.status === 200 ? 1 : action.tries;
          for (let attempt = 0; attempt < tries; attempt++) {
            // The cache waits 1 s, 2 s, 4 s before each retry.
            if (attempt > 0) await act(() => vi.advanceTimersByTimeAsync(1000 * 2 ** (attempt - 1)));
            await untilWaiting(referral);
            const reply = action.status === 200 ? ok(action.data) : { status: 500, body: action.body };
            expect(referral.answer(reply), 'a referral read waited').toBe(1);
            await settleQueries();
          }
        },
        async settleCopy(outcome) {
          const call = device.clipboard.calls.shift();
          expect(call, 'a copy waited').toBeDefined();
          await act(async () => {
            if (outcome === 'copied') call!.resolve();
            else call!.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
          });
          await settleQueries();
        },
        async settleShare(outcome) {
          const call = device.share.calls.shift();
          expect(call, 'a share sheet was open').toBeDefined();
          await act(async () => {
            if (outcome === 'shared') {
              shared.push(call!.arg);
              call!.resolve();
            } else call!.reject(new DOMException('Share canceled', 'AbortError'));
          });
          await settleQueries();
        },
        async refreshReferral(action) {
          // Ana comes back to the tab: the stale referral data is read again.
          await act(async () => {
            window.dispatchEvent(new Event('visibilitychange'));
          });
          await untilWaiting(referral);
          expect(referral.answer(ok(action.data)), 'a referral read waited').toBe(1);
          await settleQueries();
        },
        clipboard: async () => device.copied(),
        shared: async () => [...shared],
      };
      const driver = invitePageDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(invitePagePathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    20_000,
  );
});
