import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onboardingPathModel, planOnboardingStep } from '../../machines/onboarding/onboarding.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  actOnboardingStep,
  checkOnboardingStep,
  type OnboardingServer,
} from '../support/drivers/onboarding.driver';
import { onboardingSessions } from '../support/drivers/onboarding-sessions';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { settle } from './support/fake-api';
import { openOnboarding } from './support/onboarding-api';
import { withPagesPreloaded } from './support/preload-pages';

const paths = generatePaths(onboardingPathModel);

type App = ReturnType<typeof openOnboarding>;

describe('onboarding chart paths, as the user sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: App | undefined;
      const ui = jsdomSurface({ url: () => app?.url() });
      const server: OnboardingServer = {
        async open(url, session) {
          app = openOnboarding(url, onboardingSessions[session]);
          await settle();
        },
        async navigate(url) {
          act(() => app!.location.navigate(url));
          await settle();
        },
        async answerCall(call, reply, asked) {
          const held = app!.calls[call];
          const request = held.requests.at(-1)!;
          const body =
            request.method === 'GET' || request.method === 'HEAD'
              ? undefined
              : await request
                  .clone()
                  .json()
                  .catch(() => undefined);
          expect(body).toEqual(asked);
          expect(held.answer(reply), `a ${call} call was waiting`).toBe(1);
          await settle();
        },
        async answerSessionCheck(reply) {
          expect(app!.server.session.answer(reply), 'a session check was waiting').toBe(1);
          await settle();
        },
        async sessionChecks(reply) {
          app!.server.session.always(reply);
          await settle();
        },
      };
      let historyBefore = 0;
      await walkPath(onboardingPathModel, path, {
        act: async (index) => {
          historyBefore = app?.location.history?.length ?? 0;
          await actOnboardingStep(ui, server, path, index);
        },
        check: async (index) => {
          await checkOnboardingStep(ui, path, index);
          const plan = planOnboardingStep(path, index);
          if (index === 0 || plan.screen.shows !== 'step') return;
          // An address the user goes to is one entry; a redirect replaces it; moving on adds one.
          const before = planOnboardingStep(path, index - 1).screen;
          const movedOn =
            (plan.screen.arrival === 'advanced' || plan.screen.arrival === 'returned') &&
            (before.shows !== 'step' || before.path !== plan.screen.path);
          const wentTo = plan.actions.some((action) => action.do === 'go-to');
          expect(app!.location.history!.length - historyBefore, 'new history entries').toBe(
            wentTo || movedOn ? 1 : 0,
          );
        },
      });
      app?.unmount();
    },
  );
});
