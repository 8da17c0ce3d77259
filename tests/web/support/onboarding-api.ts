import type { QueryClient } from '@tanstack/react-query';
import {
  getFreeTrialContract,
  getOnboardingStatusContract,
  saveCompanyContract,
  saveUserNameContract,
  sendPhoneVerificationContract,
  startFreeTrialContract,
  verifyPhoneContract,
} from '../../../contracts/onboarding';
import type { SessionCheck } from '../../../contracts/session';
import type { OnboardingCall } from '../../../machines/onboarding/onboarding.paths';
import { fakeApi, HeldCalls, type Reply, sessionAnswer } from './fake-api';
import { stubPageLocation } from './page-location';
import { renderApp } from './render-app';
import { accessTokenExpiringIn, setSessionCookies } from './session-cookies';

type Endpoint = { method: string; url: string };

const endpoints: Record<Exclude<OnboardingCall, 'session'>, Endpoint> = {
  status: getOnboardingStatusContract,
  'user-name': saveUserNameContract,
  company: saveCompanyContract,
  'send-code': sendPhoneVerificationContract,
  verify: verifyPhoneContract,
  'free-trial': getFreeTrialContract,
  'start-trial': startFreeTrialContract,
};

/** The onboarding calls, each held until the test answers it (or answered with a standing reply). */
export function fakeOnboardingRoutes(standing: Partial<Record<keyof typeof endpoints, Reply>> = {}) {
  const calls = Object.fromEntries(
    Object.keys(endpoints).map((name) => [name, new HeldCalls(standing[name as keyof typeof endpoints])]),
  ) as Record<keyof typeof endpoints, HeldCalls>;
  const routes = (request: Request) => {
    const { pathname } = new URL(request.url);
    for (const [name, endpoint] of Object.entries(endpoints)) {
      if (request.method === endpoint.method && pathname === endpoint.url)
        return calls[name as keyof typeof endpoints].receive(request);
    }
    return undefined;
  };
  return { calls, routes };
}

/**
 * The app at `url` for someone signed in whose session check answers `session` (every check, until
 * the test changes the standing reply), with the onboarding calls held, and a page location that
 * records where the browser is sent. `url()` is the address the app shows.
 */
export function openOnboarding(
  url: string,
  session: SessionCheck,
  standing: Parameters<typeof fakeOnboardingRoutes>[0] = {},
  { queryClient }: { queryClient?: QueryClient } = {},
) {
  const leaving = stubPageLocation();
  setSessionCookies({
    accessToken: accessTokenExpiringIn(15 * 60),
    refreshToken: 'rt-onboarding',
    ...(session.user.id && { userId: session.user.id }),
  });
  const onboarding = fakeOnboardingRoutes(standing);
  const server = fakeApi({ session: sessionAnswer(session), routes: onboarding.routes });
  const app = renderApp(url, undefined, queryClient);
  return {
    ...app,
    server,
    calls: onboarding.calls,
    leaving,
    url: () => app.location.history!.at(-1),
  };
}
