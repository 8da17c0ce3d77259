import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type PhoneChangeScreen,
  type PhoneChangeUserAction,
  phoneChangePathModel,
  planPhoneChangeStep,
} from '../../machines/phone-change/phone-change.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { fakeSettingsRoutes, settingsUser } from './support/settings-api';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(phoneChangePathModel);

function phoneField() {
  return screen.getByLabelText('Novo número de celular') as HTMLInputElement;
}

function expectScreen(app: ReturnType<typeof openSignedIn>, seen: PhoneChangeScreen) {
  switch (seen.shows) {
    case 'form':
      expect(app.url()).toBe('/settings/access-security/phone-change');
      expect(phoneField().value).toBe(seen.value);
      expect(screen.queryByRole('alert')?.textContent ?? null).toBe(seen.error);
      expect(phoneField().getAttribute('aria-invalid')).toBe(seen.error ? 'true' : null);
      expect((screen.getByRole('button', { name: 'Enviar código' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
      return;
    case 'sending':
      expect((screen.getByRole('button', { name: 'Enviando código...' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      expect(phoneField().readOnly).toBe(true);
      return;
    case 'redirect':
      expect(app.url()).toBe(seen.path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Valide seu telefone');
      return;
  }
}

describe('"Alterar o número de celular": phone change chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const settings = fakeSettingsRoutes();
      const perform = async (action: PhoneChangeUserAction) => {
        switch (action.do) {
          case 'open':
            settings.user.always(ok({ getUser: settingsUser({ mobilePhone: action.currentPhone }) }));
            app = openSignedIn(action.url, { routes: [settings.routes] });
            await settleQueries();
            return;
          case 'type':
            await userEvent.clear(phoneField());
            await userEvent.type(phoneField(), action.text);
            return;
          case 'click':
            await userEvent.click(screen.getByRole('button', { name: action.button }));
            await settleQueries();
            return;
          case 'answer-send': {
            const call = settings.sendCode.requests.at(-1)!;
            expect(await call.clone().json()).toEqual({ phoneNumber: action.phoneNumber, isResend: false });
            expect(
              settings.sendCode.answer({ status: action.status, body: action.body }),
              'a send waited',
            ).toBe(1);
            await settleQueries();
            return;
          }
        }
      };
      await walkPath(phoneChangePathModel, path, {
        act: async (index) => {
          for (const action of planPhoneChangeStep(path, index).actions) await perform(action);
        },
        check: (index) => expectScreen(app!, planPhoneChangeStep(path, index).screen),
      });
      app?.unmount();
    },
  );
});
