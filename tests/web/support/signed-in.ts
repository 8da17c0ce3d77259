import type { QueryClient } from '@tanstack/react-query';
import { beforeEach } from 'vitest';
import type { SessionCheck } from '../../../contracts/session';
import { type FakeRoutes, fakeApi, sessionAnswer } from './fake-api';
import { stubPageLocation } from './page-location';
import { renderApp } from './render-app';
import { accessTokenExpiringIn, sessionCheck, setSessionCookies } from './session-cookies';

/**
 * For a describe block whose pages are in the signed-in area: each test starts with session
 * cookies and a server that answers the session check with `answer` (active by default).
 */
export function withSignedInUser(answer: SessionCheck = sessionCheck()): void {
  beforeEach(() => {
    setSessionCookies({
      accessToken: accessTokenExpiringIn(15 * 60),
      refreshToken: 'rt-test',
      userId: answer.user.id,
    });
    fakeApi({ session: sessionAnswer(answer) });
  });
}

/**
 * The app at `url` for a signed-in person whose session check answers `session` (null: no session
 * at all; `holdCheck`: the check waits until the test answers it), with the given fake endpoints,
 * and a page location that records where the browser is sent. `url()` is the address the app shows.
 */
export function openSignedIn(
  url: string,
  {
    session = sessionCheck(),
    holdCheck = false,
    routes = [],
    queryClient,
  }: {
    session?: SessionCheck | null;
    holdCheck?: boolean;
    routes?: FakeRoutes[];
    queryClient?: QueryClient;
  } = {},
) {
  const leaving = stubPageLocation();
  if (session)
    setSessionCookies({
      accessToken: accessTokenExpiringIn(15 * 60),
      refreshToken: 'rt-test',
      userId: session.user.id,
    });
  const server = fakeApi({
    session: session && !holdCheck ? sessionAnswer(session) : undefined,
    routes: (request) => {
      for (const route of routes) {
        const answered = route(request);
        if (answered) return answered;
      }
      return undefined;
    },
  });
  const app = renderApp(url, undefined, queryClient);
  return { ...app, server, leaving, url: () => app.location.history!.at(-1) };
}
