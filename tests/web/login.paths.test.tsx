import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type LoginScreen,
  type LoginUserAction,
  loginPathModel,
  planLoginStep,
} from '../../machines/login/login.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { FAKE_CLOCK, type Reply, sessionRefused, settle } from './support/fake-api';
import { activeAnswer, onboardingAnswer, pending } from './support/login-screen';
import { advanceClock as advance, openApp as open } from './support/open-app';
import { withPagesPreloaded } from './support/preload-pages';

const paths = generatePaths(loginPathModel);

describe('login chart paths, as the user sees them', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
  });

  const replies: Record<Extract<LoginUserAction, { do: 'answer-check' }>['outcome'], Reply> = {
    onboarding: onboardingAnswer,
    onboarded: activeAnswer,
    refused: sessionRefused,
  };

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof open> | undefined;
      const perform = async (action: LoginUserAction) => {
        if (action.do === 'open') {
          app = open(action.url);
          await settle();
        } else if (action.do === 'answer-check') {
          expect(app!.server.session.answer(replies[action.outcome]), 'a check was waiting').toBe(1);
          await settle();
        } else {
          await advance(action.ms);
        }
      };
      const expectScreen = (seen: LoginScreen) => {
        if (seen.shows === 'pending') {
          expect(pending(), '"Autenticando..." is on screen').toBe(true);
          expect(app!.url()).toMatch(/^\/login/);
          expect(app!.url()).not.toMatch(/accessToken|refreshToken|userId/);
          const toastEl = document.querySelector('[data-testid="toast-login-error"]');
          expect(toastEl?.querySelector('[data-title]')?.textContent).toBe(seen.errorToast);
          return;
        }
        expect(pending()).toBe(false);
        expect(app!.url()).toBe(seen.landing);
      };
      await walkPath(loginPathModel, path, {
        act: async (index) => {
          for (const action of planLoginStep(path, index).actions) await perform(action);
        },
        check: (index) => expectScreen(planLoginStep(path, index).screen),
      });
      app?.unmount();
    },
  );
});
