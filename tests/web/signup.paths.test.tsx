import { describe, expect, it } from 'vitest';
import {
  emailVerificationPathModel,
  VERIFICATION_TOKEN,
} from '../../machines/email-verification/email-verification.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actEmailVerificationStep,
  checkEmailVerificationStep,
  type EmailVerificationServer,
} from '../support/drivers/email-verification.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { settle } from './support/fake-api';
import { openApp } from './support/open-app';
import { withPagesPreloaded } from './support/preload-pages';

const HOSTED_LOGIN = 'https://entrar.fechai.test/auth/login?returnTo=http%3A%2F%2Flocalhost%3A3000';
const paths = generatePaths(emailVerificationPathModel);

describe('/signup: email verification chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openApp> | undefined;
      const ui = jsdomSurface({ url: () => app?.url() });
      const server: EmailVerificationServer = {
        hostedLogin: HOSTED_LOGIN,
        async open(url) {
          app = openApp(url);
          await settle();
        },
        async answerValidation(validated) {
          const call = app!.server.validation.requests.at(-1)!;
          expect(call.method).toBe('POST');
          expect(await call.clone().json()).toEqual({ verificationToken: VERIFICATION_TOKEN });
          const answered = app!.server.validation.answer(
            validated === null
              ? 'network-error'
              : { status: 200, body: { success: true, data: { validated } } },
          );
          expect(answered, 'a validation call was waiting').toBe(1);
          await settle();
        },
      };
      await walkPath(emailVerificationPathModel, path, {
        act: (index) => actEmailVerificationStep(ui, server, path, index),
        check: async (index) => {
          await checkEmailVerificationStep(ui, server, path, index);
          // Sent to /logout, the app leaves for the hosted login's logout.
          if (path.steps[index]!.state.value === 'withoutToken')
            expect(app!.leaving.assign).toHaveBeenCalledWith(
              HOSTED_LOGIN.replace('/auth/login', '/auth/logout'),
            );
        },
      });
      app?.unmount();
    },
  );
});
