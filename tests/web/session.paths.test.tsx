import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATHS_NOW, planSessionStep, sessionPathModel } from '../../machines/session/session.paths';
import { api } from '../../src/api/client';
import { generatePaths, walkPath } from '../support/chart-paths';
import { actSessionStep, checkSessionStep, type SessionServer } from '../support/drivers/session.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { FAKE_CLOCK, fakeApi, settle } from './support/fake-api';
import { stubPageLocation } from './support/page-location';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import { setSessionCookies } from './support/session-cookies';

const paths = generatePaths(sessionPathModel);

describe('session chart paths, as the user sees them', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ now: PATHS_NOW, toFake: [...FAKE_CLOCK] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const fakeServer = fakeApi();
      const leaving = stubPageLocation();
      let app: ReturnType<typeof renderApp> | undefined;
      const ui = jsdomSurface({ url: () => app?.location.history?.at(-1) });
      const server: SessionServer = {
        async open(cookies) {
          if (cookies) setSessionCookies(cookies);
          app = renderApp('/home');
          await settle();
        },
        async navigate(url) {
          act(() => app!.location.navigate(url));
          await settle();
        },
        async answerChecks(reply) {
          fakeServer.session.always(reply);
          await settle();
        },
        checksPending: async () => fakeServer.session.pending,
        async refuseACall() {
          await act(async () => {
            const result = await api.get('/api/refuse-me');
            expect(result).toMatchObject({ success: false, status: 401 });
          });
          await settle();
        },
      };
      await walkPath(sessionPathModel, path, {
        act: (index) => actSessionStep(ui, server, path, index),
        check: async (index) => {
          await checkSessionStep(ui, server, path, index);
          const screen = planSessionStep(path, index).screen;
          if (screen.shows === 'redirect' && screen.path.startsWith('/logout')) {
            // Sent to /logout, the app leaves for the hosted login's logout: once, however often
            // /logout opens (the check's own visit to /home included) until the next sign-in.
            expect(leaving.assign).toHaveBeenCalledTimes(1);
            expect(leaving.assign.mock.calls[0]![0]).toMatch(
              /^https:\/\/entrar\.fechai\.test\/auth\/logout\?returnTo=/,
            );
          } else leaving.assign.mockClear();
        },
      });
      app?.unmount();
    },
  );
});
