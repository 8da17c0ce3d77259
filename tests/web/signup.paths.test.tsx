import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  type EmailVerificationScreen,
  type EmailVerificationUserAction,
  emailVerificationPathModel,
  planEmailVerificationStep,
  VERIFICATION_TOKEN,
} from '../../machines/email-verification/email-verification.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { settle } from './support/fake-api';
import { openApp as open } from './support/open-app';
import { withPagesPreloaded } from './support/preload-pages';

const HOSTED_LOGIN = 'https://entrar.fechai.test/auth/login?returnTo=http%3A%2F%2Flocalhost%3A3000';
const paths = generatePaths(emailVerificationPathModel);

function expectScreen(app: ReturnType<typeof open>, seen: EmailVerificationScreen) {
  switch (seen.shows) {
    case 'verifying':
      expect(screen.getByRole('status').textContent).toBe('Verificando seu e-mail...');
      return;
    case 'verified':
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(seen.heading);
      expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(seen.loginLink);
      expect(screen.queryByRole('alert')).toBeNull();
      return;
    case 'error':
      expect(screen.getByRole('alert').textContent).toBe(seen.text);
      expect(!!screen.queryByRole('button', { name: 'Tentar novamente' })).toBe(seen.retry);
      return;
    case 'redirect':
      expect(app.url()).toBe(seen.path);
      expect(app.leaving.assign).toHaveBeenCalledWith(HOSTED_LOGIN.replace('/auth/login', '/auth/logout'));
      return;
  }
}

describe('/signup: email verification chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof open> | undefined;
      const perform = async (action: EmailVerificationUserAction) => {
        switch (action.do) {
          case 'open':
            app = open(action.url);
            await settle();
            return;
          case 'answer-validation': {
            const call = app!.server.validation.requests.at(-1)!;
            expect(call.method).toBe('POST');
            expect(await call.clone().json()).toEqual({ verificationToken: VERIFICATION_TOKEN });
            const answered = app!.server.validation.answer(
              action.status === 0 ? 'network-error' : { status: action.status, body: action.body },
            );
            expect(answered, 'a validation call was waiting').toBe(1);
            await settle();
            return;
          }
          case 'click':
            await userEvent.click(screen.getByRole('button', { name: action.button }));
            await settle();
            return;
        }
      };
      await walkPath(emailVerificationPathModel, path, {
        act: async (index) => {
          for (const action of planEmailVerificationStep(path, index, HOSTED_LOGIN).actions)
            await perform(action);
        },
        check: (index) => expectScreen(app!, planEmailVerificationStep(path, index, HOSTED_LOGIN).screen),
      });
      app?.unmount();
    },
  );
});
