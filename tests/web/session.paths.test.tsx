import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshDelay } from '../../machines/session/access-token-expiry';
import {
  PATHS_NOW,
  planSessionStep,
  type SessionScreen,
  type SessionSnapshot,
  type SessionUserAction,
  sessionPathModel,
} from '../../machines/session/session.paths';
import { api } from '../../src/api/client';
import { sessionQueryTiming } from '../../src/lib/cache/query-client';
import { generatePaths, walkPath } from '../support/chart-paths';
import { FAKE_CLOCK, fakeApi, settle } from './support/fake-api';
import { stubPageLocation } from './support/page-location';
import { withPagesPreloaded } from './support/preload-pages';
import { renderApp } from './support/render-app';
import { readCookies, setSessionCookies } from './support/session-cookies';

const paths = generatePaths(sessionPathModel);

/** The longest a failed check waits before its one retry (spec §9 backoff). */
const RETRY_WAIT_MS = Math.max(sessionQueryTiming.retryDelay(0), sessionQueryTiming.retryDelay(1));

function mount() {
  const server = fakeApi();
  const leaving = stubPageLocation();
  let app: ReturnType<typeof renderApp> | undefined;
  const url = () => app!.location.history!.at(-1);
  const visit = async (to: string) => {
    act(() => app!.location.navigate(to));
    await settle();
  };

  const perform = async (action: SessionUserAction) => {
    switch (action.do) {
      case 'open':
        if (action.cookies) setSessionCookies(action.cookies);
        app = renderApp('/home');
        await settle();
        return;
      case 'sign-in':
        await visit(`/login?${new URLSearchParams(action.search)}`);
        expect(server.session.pending, 'the sign-in asks the server').toBe(1);
        return;
      case 'answer-check': {
        const reply = { status: action.status, body: action.body };
        // An answer without a session is retried once (spec §9), and gets the same answer.
        server.session.always(reply);
        await settle();
        await act(() => vi.advanceTimersByTimeAsync(RETRY_WAIT_MS));
        await settle();
        server.session.always(undefined);
        return;
      }
      case 'refuse-a-call':
        await act(async () => {
          const result = await api.get('/api/refuse-me');
          expect(result).toMatchObject({ success: false, status: 401 });
        });
        await settle();
        return;
      case 'log-out':
        await visit('/logout');
        return;
      case 'wait-for-expiry': {
        const due = refreshDelay(readCookies().access_token ?? null, Date.now());
        await act(() => vi.advanceTimersByTimeAsync(due));
        await settle();
        return;
      }
    }
  };

  /** Opens /home and checks what it shows. */
  const expectHome = async (screenSpec: SessionScreen) => {
    leaving.assign.mockClear();
    await visit('/home');
    switch (screenSpec.shows) {
      case 'loading':
        expect(url()).toBe('/home');
        expect(screen.getByRole('status').textContent).toBe('Carregando...');
        expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
        return;
      case 'page':
        expect(url()).toBe(screenSpec.path);
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(screenSpec.heading);
        return;
      case 'redirect':
        expect(url()).toBe(screenSpec.path);
        if (screenSpec.path.startsWith('/logout'))
          expect(leaving.assign).toHaveBeenCalledWith(
            'https://entrar.fechai.test/auth/logout?returnTo=http%3A%2F%2Flocalhost%3A3000&redirect=%2Fhome',
          );
        return;
    }
  };

  return { server, perform, expectHome, unmount: () => app?.unmount() };
}

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
      const { server, perform, expectHome, unmount } = mount();
      await walkPath(sessionPathModel, path, {
        act: async (index) => {
          for (const action of planSessionStep(path, index).actions) await perform(action);
        },
        check: async (index) => {
          const plan = planSessionStep(path, index);
          const expected = path.steps[index]!.state as SessionSnapshot;
          // The cookies hold the pair the session runs on, and nothing once logged out.
          expect(readCookies().access_token ?? null, 'access_token cookie').toBe(expected.context.token);
          expect(readCookies().refresh_token ?? null, 'refresh_token cookie').toBe(
            expected.context.refreshToken,
          );
          expect(server.session.pending > 0, 'a session check is under way').toBe(plan.checkPending);
          await expectHome(plan.screen);
        },
      });
      unmount();
    },
  );
});
