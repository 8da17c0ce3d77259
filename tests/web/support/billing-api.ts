import {
  getPaidSubscriptionContract,
  getPaywallContract,
  setCancelAtPeriodEndContract,
  startCheckoutContract,
} from '../../../contracts/billing';
import { type FakeRoutes, HeldCalls, type Reply } from './fake-api';

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
