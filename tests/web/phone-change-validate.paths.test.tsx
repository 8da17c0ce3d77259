import { describe, expect, it } from 'vitest';
import { phoneChangeValidatePathModel } from '../../machines/phone-change/phone-change-validate.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actPhoneChangeValidateStep,
  checkPhoneChangeValidateStep,
  type PhoneChangeValidateServer,
} from '../support/drivers/phone-change-validate.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { failed, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(phoneChangeValidatePathModel);

const RIGHT_CODE = '482915';

/** A send's answer: the code expires in 10 minutes, another may be asked for in 60 s. */
const codeSent = (phoneNumber: string) => ({
  phoneNumber,
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
});

/**
 * The fake API as the server would answer the path's number: a send pends a code for it (which
 * "Valide seu telefone" opened directly asks about), the check makes it the user's. What the calls
 * sent is checked once the path is walked.
 */
function jsdomValidate(phoneNumber: string) {
  let app: ReturnType<typeof openSignedIn> | undefined;
  let pending: ReturnType<typeof codeSent> | null = null;
  let mobilePhone = settingsUser().mobilePhone;
  const settings = fakeSettingsRoutes({
    pending: (_request, url) =>
      ok({ pendingVerification: url.searchParams.get('phoneNumber') === phoneNumber ? pending : null }),
  });
  settings.user.always(() => ok({ getUser: settingsUser({ mobilePhone }) }));
  settings.sendCode.always(() => {
    pending = codeSent(phoneNumber);
    return ok(pending);
  });
  settings.verifyCode.always(() => {
    if (!pending) return failed(400, 'Nenhum código pendente.', 'VALIDATION_ERROR');
    pending = null;
    mobilePhone = phoneNumber;
    return ok({ mobilePhone });
  });
  const server: PhoneChangeValidateServer = {
    newPhone: (planned) => planned,
    async open(url) {
      app = openSignedIn(url, { routes: [settings.routes] });
      await settleQueries();
    },
    codeFor: async () => RIGHT_CODE,
  };
  const sent = async (calls: typeof settings.sendCode) =>
    Promise.all(calls.requests.map((request) => request.clone().json()));
  return {
    ui: jsdomSurface({ url: () => app?.url() }),
    server,
    settings,
    sent,
    unmount: () => app?.unmount(),
  };
}

describe('"Valide seu telefone": phone change validate chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const { phoneNumber, awaitingSend } = path.scenario.input;
      const { ui, server, settings, sent, unmount } = jsdomValidate(phoneNumber);
      await walkPath(phoneChangeValidatePathModel, path, {
        act: (index) => actPhoneChangeValidateStep(ui, server, path, index),
        check: (index) => checkPhoneChangeValidateStep(ui, server, path, index),
      });
      const changed = path.steps.at(-1)!.state.matches('changed');
      // One first send to the new number, from the form or from "Enviar código" (not on a path that
      // leaves an unsent page); the right code checked once when the number changed.
      expect(await sent(settings.sendCode)).toEqual(
        awaitingSend && !changed ? [] : [{ phoneNumber, isResend: false }],
      );
      expect(await sent(settings.verifyCode)).toEqual(changed ? [{ phoneNumber, code: RIGHT_CODE }] : []);
      unmount();
    },
  );
});
