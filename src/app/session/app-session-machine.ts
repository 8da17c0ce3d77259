import type { QueryClient } from '@tanstack/react-query';
import { sessionMachine } from '../../../machines/session/session.machine';
import { forgetUser, identifyUser } from '../../lib/analytics/identify-user';
import { clearSessionCookies, writeSessionCookies } from '../../lib/session/session-cookies';
import { createCheckSession } from './check-session';
import { hostedLogoutUrl } from './hosted-login';

/** The session chart with the app's side effects: cookies, the HTTP check, analytics, the cache. */
export function createAppSessionMachine(queryClient: QueryClient, onBrowserDataCleared?: () => void) {
  return sessionMachine.provide({
    actors: { checkSession: createCheckSession(queryClient) },
    actions: {
      storeTokens: (_, tokens) => writeSessionCookies(tokens),
      clearStoredTokens: () => clearSessionCookies(),
      clearBrowserData: () => {
        try {
          sessionStorage.clear();
        } catch {
          // Storage blocked: there is nothing in it to forget.
        }
        queryClient.clear();
        forgetUser();
        onBrowserDataCleared?.();
      },
      identifyUser: (_, { user }) => identifyUser(user),
      endHostedSession: (_, { redirect }) => window.location.assign(hostedLogoutUrl(redirect)),
    },
  });
}
