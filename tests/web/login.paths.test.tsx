import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginPathModel } from '../../machines/login/login.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actLoginStep,
  checkLoginStep,
  type LoginServer,
  loginCheckReplies,
} from '../support/drivers/login.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { FAKE_CLOCK, settle } from './support/fake-api';
import { openApp } from './support/open-app';
import { withPagesPreloaded } from './support/preload-pages';

const paths = generatePaths(loginPathModel);

describe('login chart paths, as the user sees them', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openApp> | undefined;
      const ui = jsdomSurface({ url: () => app?.url() });
      const server: LoginServer = {
        async open(url) {
          app = openApp(url);
          await settle();
        },
        async answerCheck(outcome) {
          expect(app!.server.session.answer(loginCheckReplies[outcome]), 'a check was waiting').toBe(1);
          await settle();
        },
      };
      await walkPath(loginPathModel, path, {
        act: (index) => actLoginStep(ui, server, path, index),
        check: (index) => checkLoginStep(ui, path, index),
      });
      app?.unmount();
    },
  );
});
