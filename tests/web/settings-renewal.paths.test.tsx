import { describe, expect, it } from 'vitest';
import { renewalPathModel } from '../../machines/checkout/renewal.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { actRenewalStep, checkRenewalStep, type RenewalServer } from '../support/drivers/renewal.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { fakeBillingRoutes } from './support/billing-api';
import { ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(renewalPathModel);

/** The fake API answers the summary at once and holds the save until the step answers it. */
function jsdomRenewal() {
  let app: ReturnType<typeof openSignedIn> | undefined;
  const billing = fakeBillingRoutes();
  const settings = fakeSettingsRoutes({ user: ok({ getUser: settingsUser() }) });
  const server: RenewalServer = {
    async open(subscription) {
      billing.subscription.always(ok({ subscription }));
      app = openSignedIn('/settings', { routes: [billing.routes, settings.routes] });
      await settleQueries();
    },
    async answerSave(cancelAtPeriodEnd, status, body) {
      const call = billing.renewal.requests.at(-1)!;
      expect(call.method).toBe('PUT');
      expect(await call.clone().json()).toEqual({ cancelAtPeriodEnd });
      expect(billing.renewal.answer({ status, body }), 'a save waited').toBe(1);
      await settleQueries();
    },
  };
  return { ui: jsdomSurface({ url: () => app?.url() }), server, unmount: () => app?.unmount() };
}

describe('/settings: renewal chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const { ui, server, unmount } = jsdomRenewal();
      await walkPath(renewalPathModel, path, {
        act: (index) => actRenewalStep(ui, server, path, index),
        check: (index) => checkRenewalStep(ui, path, index),
      });
      unmount();
    },
  );
});
