import { describe, expect, it } from 'vitest';
import { phoneChangePathModel } from '../../machines/phone-change/phone-change.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actPhoneChangeStep,
  checkPhoneChangeStep,
  type PhoneChangeServer,
} from '../support/drivers/phone-change.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(phoneChangePathModel);

/** The fake API answers the user at once and holds the send until the step answers it. */
function jsdomPhoneChange() {
  let app: ReturnType<typeof openSignedIn> | undefined;
  const settings = fakeSettingsRoutes();
  const server: PhoneChangeServer = {
    async open(url, currentPhone) {
      settings.user.always(ok({ getUser: settingsUser({ mobilePhone: currentPhone }) }));
      app = openSignedIn(url, { routes: [settings.routes] });
      await settleQueries();
    },
    async answerSend(phoneNumber, status, body) {
      const call = settings.sendCode.requests.at(-1)!;
      expect(await call.clone().json()).toEqual({ phoneNumber, isResend: false });
      expect(settings.sendCode.answer({ status, body }), 'a send waited').toBe(1);
      await settleQueries();
    },
  };
  return { ui: jsdomSurface({ url: () => app?.url() }), server, unmount: () => app?.unmount() };
}

describe('"Alterar o número de celular": phone change chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const { ui, server, unmount } = jsdomPhoneChange();
      await walkPath(phoneChangePathModel, path, {
        act: (index) => actPhoneChangeStep(ui, server, path, index),
        check: (index) => checkPhoneChangeStep(ui, path, index),
      });
      unmount();
    },
  );
});
