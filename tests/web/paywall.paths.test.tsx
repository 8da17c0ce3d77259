import { describe, expect, it } from 'vitest';
import { checkoutPathModel } from '../../machines/checkout/checkout.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { actCheckoutStep, type CheckoutServer, checkCheckoutStep } from '../support/drivers/checkout.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { differs } from '../support/ui/ui-surface';
import { fakeBillingRoutes } from './support/billing-api';
import { settle } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { sessionCheck } from './support/session-cookies';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(checkoutPathModel);

/** The fake API holds both calls until the step answers them; jsdom records where the page went. */
function jsdomCheckout() {
  let app: ReturnType<typeof openSignedIn> | undefined;
  const billing = fakeBillingRoutes();
  const server: CheckoutServer = {
    async open(url) {
      app = openSignedIn(url, {
        session: sessionCheck({ hasNoCurrentSubscriptionActive: true }),
        routes: [billing.routes],
      });
      await settle();
    },
    async answerPaywall(status, body) {
      expect(billing.paywall.answer({ status, body }), 'a load waited').toBe(1);
      await settle();
    },
    async answerCheckout(planId, status, body) {
      expect(await billing.checkout.requests.at(-1)!.clone().json()).toEqual({ planId });
      expect(billing.checkout.answer({ status, body }), 'a call waited').toBe(1);
      await settle();
    },
    async checkoutOpened(url) {
      return differs('where the page was sent', app!.leaving.assign.mock.calls, [[url]]);
    },
  };
  const ui = jsdomSurface({ url: () => app?.url() });
  return { ui, server, unmount: () => app?.unmount() };
}

describe('/paywall: checkout chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const { ui, server, unmount } = jsdomCheckout();
      await walkPath(checkoutPathModel, path, {
        act: (index) => actCheckoutStep(ui, server, path, index),
        check: (index) => checkCheckoutStep(ui, server, path, index),
      });
      unmount();
    },
  );
});
