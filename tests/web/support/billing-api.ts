import {
  getPaidSubscriptionContract,
  getPaywallContract,
  setCancelAtPeriodEndContract,
  startCheckoutContract,
} from '../../../contracts/billing';
import type { SessionCheck } from '../../../contracts/session';
import { type FakeRoutes, fakeApi, HeldCalls, type Reply, sessionAnswer } from './fake-api';
import { stubPageLocation } from './page-location';
import { renderApp } from './render-app';
import { accessTokenExpiringIn, sessionCheck, setSessionCookies } from './session-cookies';

/** A successful answer in the envelope. */
export function ok(data: unknown): Reply {
  return { status: 200, body: { success: true, data } };
}

/** A failed answer in the envelope, with the server's pt-BR text. */
export function failed(status: number, error: string, code = 'INTERNAL_ERROR'): Reply {
  return { status, body: { success: false, error, code } };
}

/**
 * The billing calls (paywall init, checkout, subscription summary, renewal choice), each held until
 * the test answers it, or answered at once with a standing reply.
 */
export function fakeBillingRoutes(
  standing: { paywall?: Reply; checkout?: Reply; subscription?: Reply; renewal?: Reply } = {},
) {
  const paywall = new HeldCalls(standing.paywall);
  const checkout = new HeldCalls(standing.checkout);
  const subscription = new HeldCalls(standing.subscription);
  const renewal = new HeldCalls(standing.renewal);
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === getPaywallContract.url) return paywall.receive(request);
    if (request.method === 'POST' && pathname === startCheckoutContract.url) return checkout.receive(request);
    if (request.method === 'GET' && pathname === getPaidSubscriptionContract.url)
      return subscription.receive(request);
    if (request.method === 'PUT' && pathname === setCancelAtPeriodEndContract.url)
      return renewal.receive(request);
    return undefined;
  };
  return { paywall, checkout, subscription, renewal, routes };
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
  }: { session?: SessionCheck | null; holdCheck?: boolean; routes?: FakeRoutes[] } = {},
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
  const app = renderApp(url);
  return { ...app, server, leaving, url: () => app.location.history!.at(-1) };
}
