import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFERRAL_SEARCH, rootEntryPathModel } from '../../machines/root-entry/root-entry.paths';
import { registerReferralCapture } from '../../src/lib/referral/referral-capture';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type RootEntryLayer, rootEntryDriver } from '../support/drivers/root-entry.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { FAKE_CLOCK, sessionAnswer, settle } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { sessionCheck } from './support/session-cookies';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(rootEntryPathModel);

/**
 * "/" with the owner's session check held (or no session: a visitor) and one referral capture
 * registered that waits until a step ends it, or makes it fail.
 */
function rootLayer(opened: (app: ReturnType<typeof openSignedIn>) => void) {
  const seen: string[] = [];
  let end: ((failure?: Error) => void) | null = null;
  const unregister = registerReferralCapture(
    (params) =>
      new Promise<void>((resolve, reject) => {
        seen.push(params.toString());
        end = (failure) => (failure ? reject(failure) : resolve());
      }),
  );
  let app: ReturnType<typeof openSignedIn> | undefined;
  const layer: RootEntryLayer = {
    async open(action) {
      app = openSignedIn(action.url, { session: action.signedIn ? sessionCheck() : null, holdCheck: true });
      opened(app);
      await settle();
    },
    async answerSession() {
      expect(app!.server.session.answer(sessionAnswer(sessionCheck())), 'a session check waited').toBe(1);
      await settle();
    },
    async endCapture(outcome) {
      expect(seen, 'the capture got the address parameters').toEqual([REFERRAL_SEARCH]);
      expect(end, 'a capture waited').not.toBeNull();
      end!(outcome === 'failed' ? new Error('link data unreadable') : undefined);
      await settle();
    },
  };
  return { layer, seen, unregister };
}

describe('"/": chart paths, as the person sees them', () => {
  withPagesPreloaded();
  // The clock stands still, so /login's own redirect (after 500 ms) does not hide where "/" went.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      let app: ReturnType<typeof openSignedIn> | undefined;
      const { layer, seen, unregister } = rootLayer((made) => {
        app = made;
      });
      const driver = rootEntryDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(rootEntryPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      const failed = path.steps.some((s) => s.event.type === 'xstate.error.actor.captureReferral');
      // Without parameters no capture runs; a failed one is logged, and only logged.
      if (path.scenario.name === 'no referral') expect(seen).toEqual([]);
      expect(warn.mock.calls.filter(([what]) => what === '[referral] capture failed')).toHaveLength(
        failed ? 1 : 0,
      );
      unregister();
      warn.mockRestore();
      app?.unmount();
    },
  );
});
