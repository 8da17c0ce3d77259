import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import {
  getPaidSubscriptionContract,
  getPaywallContract,
  setCancelAtPeriodEndContract,
  startCheckoutContract,
} from '../../../contracts/billing';
import { companyOf } from '../../auth/api/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { isOwnOrigin, publicUrls } from '../../http/public-urls';
import { route } from '../../http/route';
import { stripeSimulatorRoutes } from '../../integrations/billing/stripe-simulator/routes';
import { nextPaymentCredit } from '../referral/referral-rewards';
import { type BillingContext, confirmCheckout, setCancelAtPeriodEnd, startCheckout } from './checkout';
import {
  currentUnpaidTrialEnd,
  hasCurrentSubscription,
  latestSubscription,
  paywallReason,
  toPaidSubscription,
} from './company-subscription';
import { PLAN_FEATURES, planCatalog } from './plans';
import { billingRateLimits } from './rate-limits';
import { resolveStripeAccount } from './stripe-account';
import { registerWebhookRoute, WEBHOOK_PATH } from './webhook-route';

export interface BillingRoutesOptions {
  db: Db;
  config: Config;
}

// What Stripe names its checkout sessions: cs_test_… / cs_live_….
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/**
 * The paywall, checkout (Stripe Checkout, or the embedded simulator under /dev/stripe when Stripe is
 * not configured and dev pages are on), the return from checkout, Stripe's webhook, and the
 * subscription in settings.
 */
export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (app, { db, config }) => {
  const plans = planCatalog(config.billing.priceCents);
  const { account, simulator } = resolveStripeAccount(config, db, app.server);
  const context: BillingContext = { db, config, account, log: app.log };
  if (!account && config.isProduction) {
    app.log.warn('STRIPE_SECRET_KEY não definido: o checkout responde "Pagamento indisponível".');
  }

  if (simulator) {
    await app.register(stripeSimulatorRoutes, {
      db,
      // The checkout page opens where the app is: on the return address's origin when that is this server.
      publicUrl: (successUrl) => {
        const origin = new URL(successUrl).origin;
        const port = (app.server.address() as AddressInfo | null)?.port;
        return config.appUrlFollowsRequest && port !== undefined && isOwnOrigin(origin, port)
          ? origin
          : config.appUrl;
      },
      prices: [simulator.prices.monthly, simulator.prices.yearly],
      credentials: simulator.credentials,
      webhookUrl: () => `${simulator.selfUrl()}${WEBHOOK_PATH}`,
    });
  }
  await registerWebhookRoute(app, context);

  /** Settings' subscription, with the referral credit its next payment gets. */
  async function subscriptionSummary(companyId: string) {
    const latest = await latestSubscription(db, companyId);
    if (!latest) return null;
    return { ...toPaidSubscription(latest, plans), referralCredit: await nextPaymentCredit(db, companyId) };
  }

  route(app, getPaywallContract, {
    preHandler: app.auth.requireCompany,
    async handler({ request }) {
      const { companyId } = companyOf(request);
      const hasCurrent = await hasCurrentSubscription(db, companyId);
      const latest = await latestSubscription(db, companyId);
      const trialEnd = hasCurrent ? await currentUnpaidTrialEnd(db, companyId) : null;
      return {
        plans: [plans.monthly, plans.yearly],
        features: PLAN_FEATURES,
        ...paywallReason(latest, hasCurrent),
        hasActiveSubscription: hasCurrent,
        trialEndsAt: trialEnd,
      };
    },
  });

  route(app, startCheckoutContract, {
    preHandler: app.auth.requireCompany,
    config: { rateLimit: billingRateLimits.checkout },
    async handler({ request, body }) {
      const { appUrl } = publicUrls(request, config);
      return { url: await startCheckout(context, companyOf(request), body.planId, appUrl) };
    },
  });

  /**
   * Stripe sends the browser here after paying (success_url). No sign-in needed: the session id is
   * checked with Stripe, and the only effect is applying what Stripe says. Always a redirect.
   */
  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/billing/checkout/return',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const sessionId = request.query.session_id;
      if (typeof sessionId !== 'string' || !CHECKOUT_SESSION_ID.test(sessionId)) {
        return reply.redirect('/paywall', 303);
      }
      let result: 'paid' | 'unpaid' = 'unpaid';
      try {
        result = await confirmCheckout(context, sessionId);
      } catch (err) {
        // Stripe unreachable: the webhook will apply the payment; the paywall shows meanwhile.
        request.log.warn({ err }, 'checkout return could not be confirmed with Stripe');
      }
      return reply.redirect(
        result === 'paid' ? `/home?paymentsuccess=${encodeURIComponent(sessionId)}` : '/paywall',
        303,
      );
    },
  );

  route(app, getPaidSubscriptionContract, {
    preHandler: app.auth.requireCompany,
    async handler({ request }) {
      const { companyId } = companyOf(request);
      return { subscription: await subscriptionSummary(companyId) };
    },
  });

  route(app, setCancelAtPeriodEndContract, {
    preHandler: app.auth.requireCompany,
    config: { rateLimit: billingRateLimits.cancelAtPeriodEnd },
    async handler({ request, body }) {
      const { companyId } = companyOf(request);
      await setCancelAtPeriodEnd(context, companyId, body.cancelAtPeriodEnd);
      return { subscription: await subscriptionSummary(companyId) };
    },
  });
};
