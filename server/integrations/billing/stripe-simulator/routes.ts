import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/types';
import { HttpError } from '../../../http/errors';
import { type DecodedForm, decodeStripeForm } from '../stripe-form';
import {
  type ActionResult,
  cancelSubscriptionNow,
  createCheckoutSession,
  createCustomer,
  failRenewal,
  payCheckoutSession,
  renewSubscription,
  SimulatorRequestError,
  updateSubscription,
} from './actions';
import { registerSimulatorAssets, type SimulatorAssets } from './assets';
import type { SimulatorCredentials } from './credentials';
import { createBalanceTransaction } from './customer-balance';
import { deliverEvent } from './delivery';
import type { SimEvent } from './objects';
import { checkoutPage, controlPage, noticePage } from './pages';
import type { SimulatorPrice } from './prices';
import { findEvent, findObject, latestEvents, latestObjects } from './store';

export interface StripeSimulatorOptions {
  db: Db;
  /**
   * Where browsers reach the checkout page of a session returning to `successUrl` (embedded: the
   * app's address the person is on). No trailing slash.
   */
  publicUrl: (successUrl: string) => string;
  /** The recurring prices it sells. */
  prices: SimulatorPrice[];
  /** Its API key and webhook secret; loaded on first use. */
  credentials: () => Promise<SimulatorCredentials>;
  /** Where its events are POSTed (the app's webhook). */
  webhookUrl: () => string;
  /**
   * `immediate` (default): events are sent as they happen, before the action answers. `manual`: only
   * from the page's "Enviar" (tests use it to deliver late, twice or out of order).
   */
  delivery?: 'immediate' | 'manual';
}

/** Stripe's forms are a few fields; anything bigger is not one of ours. */
const FORM_BODY_LIMIT = 64 * 1024;
const API_PREFIX = '/dev/stripe/v1/';

const isApi = (request: FastifyRequest) => request.url.startsWith(API_PREFIX);

/**
 * The pages' policy: only our own scripts, styles and images. Browsers apply form-action to the
 * redirect that follows a POST too, so the checkout page also allows the origin it returns to.
 */
function pagePolicy(returnUrl?: string): string {
  const formAction = returnUrl ? `'self' ${new URL(returnUrl).origin}` : "'self'";
  return `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function stripeError(reply: FastifyReply, error: SimulatorRequestError) {
  return reply.code(error.status).send({
    error: {
      type: error.type,
      message: error.message,
      ...(error.code && { code: error.code }),
      ...(error.param && { param: error.param }),
    },
  });
}

/** Form fields as text ('' when missing). */
function field(form: DecodedForm | undefined, name: string): string {
  const value = form?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * A local Stripe for development and tests: the API subset the app uses under /dev/stripe/v1 (Bearer
 * key, form bodies, Stripe's JSON and error objects), a hosted checkout page, and /dev/stripe to renew,
 * fail or cancel a subscription. Its events are signed like Stripe's and POSTed to the webhook. State
 * lives in the database (dev_stripe_objects, dev_stripe_events). Registered only with dev pages on.
 */
export const stripeSimulatorRoutes: FastifyPluginAsync<StripeSimulatorOptions> = async (app, options) => {
  const { db } = options;
  const manual = options.delivery === 'manual';
  const catalog = {
    prices: options.prices,
    publicUrl: options.publicUrl,
  };
  const assets: SimulatorAssets = await registerSimulatorAssets(app);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, decodeStripeForm(body as string)),
  );

  async function deliver(events: SimEvent[]): Promise<void> {
    if (manual || events.length === 0) return;
    const { webhookSecret } = await options.credentials();
    for (const event of events)
      await deliverEvent(db, event, { url: options.webhookUrl(), secret: webhookSecret });
  }
  async function settle<T>(action: Promise<ActionResult<T>>): Promise<T> {
    const { result, events } = await action;
    await deliver(events);
    return result;
  }

  // Pages answer HTML with their own policy; the API answers Stripe's JSON.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApi(request)) {
      reply.header('cache-control', 'no-store');
      reply.header('content-security-policy', pagePolicy());
    }
    done();
  });

  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // The app's own refusals (a NUL character in a field) read like Stripe's: the field is the param.
    const error =
      thrown instanceof HttpError && thrown.statusCode < 500
        ? new SimulatorRequestError(
            thrown.statusCode,
            'invalid_request_error',
            thrown.message,
            thrown.issues?.[0]?.path,
          )
        : thrown;
    if (error instanceof SimulatorRequestError) {
      if (isApi(request)) return stripeError(reply, error);
      return reply
        .code(error.status)
        .type('text/html; charset=utf-8')
        .send(
          noticePage({
            assets,
            title: 'Não foi possível',
            message: error.message,
            link: { href: '/dev/stripe', label: 'Voltar' },
          }),
        );
    }
    request.log.error({ err: error }, 'stripe simulator failed');
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (isApi(request)) {
      return reply.code(status).send({
        error: { type: status < 500 ? 'invalid_request_error' : 'api_error', message: error.message },
      });
    }
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        noticePage({
          assets,
          title: 'Erro no simulador',
          message: 'Algo deu errado. Veja o log do servidor.',
        }),
      );
  });

  // The API: Bearer key first, as Stripe checks it before anything else.
  app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      const { secretKey } = await options.credentials();
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!given) {
        return stripeError(
          reply,
          new SimulatorRequestError(401, 'invalid_request_error', 'You did not provide an API key.'),
        );
      }
      if (!sameSecret(given, secretKey)) {
        return stripeError(
          reply,
          new SimulatorRequestError(
            401,
            'invalid_request_error',
            `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`,
          ),
        );
      }
    });

    api.post('/dev/stripe/v1/customers', async (request) =>
      createCustomer(db, (request.body ?? {}) as DecodedForm),
    );

    api.post<{ Params: { id: string } }>(
      '/dev/stripe/v1/customers/:id/balance_transactions',
      async (request) => {
        const key = request.headers['idempotency-key'];
        return createBalanceTransaction(
          db,
          request.params.id,
          (request.body ?? {}) as DecodedForm,
          typeof key === 'string' && key !== '' ? key : undefined,
        );
      },
    );

    api.post('/dev/stripe/v1/checkout/sessions', async (request) =>
      createCheckoutSession(db, catalog, (request.body ?? {}) as DecodedForm),
    );

    api.get<{ Params: { id: string } }>('/dev/stripe/v1/checkout/sessions/:id', async (request) => {
      const found = await findObject(db, 'checkout.session', request.params.id);
      if (!found) {
        throw new SimulatorRequestError(
          404,
          'invalid_request_error',
          `No such checkout.session: '${request.params.id}'`,
          'id',
          'resource_missing',
        );
      }
      return found.object;
    });

    api.get<{ Params: { id: string } }>('/dev/stripe/v1/subscriptions/:id', async (request) => {
      const found = await findObject(db, 'subscription', request.params.id);
      if (!found) {
        throw new SimulatorRequestError(
          404,
          'invalid_request_error',
          `No such subscription: '${request.params.id}'`,
          'id',
          'resource_missing',
        );
      }
      return found.object;
    });

    api.post<{ Params: { id: string } }>('/dev/stripe/v1/subscriptions/:id', async (request) =>
      settle(updateSubscription(db, request.params.id, (request.body ?? {}) as DecodedForm)),
    );

    api.delete<{ Params: { id: string } }>('/dev/stripe/v1/subscriptions/:id', async (request) =>
      settle(cancelSubscriptionNow(db, request.params.id)),
    );

    api.route({
      method: ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'],
      url: '/dev/stripe/v1/*',
      handler: async (request, reply) =>
        stripeError(
          reply,
          new SimulatorRequestError(
            404,
            'invalid_request_error',
            `Unrecognized request URL (${request.method}: ${request.url.slice('/dev/stripe'.length).split('?')[0]}).`,
          ),
        ),
    });
  });

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(page);
  const goneSession = (reply: FastifyReply) =>
    html(
      reply,
      404,
      noticePage({
        assets,
        title: 'Pagamento não encontrado',
        message: 'Esta sessão de pagamento não existe. Volte ao Fechaí e escolha um plano de novo.',
      }),
    );
  const priceOf = (id: string) => options.prices.find((price) => price.id === id);

  /** The hosted checkout page. */
  app.get<{ Params: { id: string } }>('/dev/stripe/checkout/:id', async (request, reply) => {
    const found = await findObject(db, 'checkout.session', request.params.id);
    if (!found) return goneSession(reply);
    const session = found.object;
    if (session.status !== 'open') {
      return html(
        reply,
        200,
        noticePage({
          assets,
          title: 'Pagamento concluído',
          message: 'Esta assinatura já foi paga.',
          link: {
            href: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id),
            label: 'Voltar ao Fechaí',
          },
        }),
      );
    }
    const price = priceOf(String(found.internal.price));
    if (!price) return goneSession(reply);
    const customer = session.customer
      ? (await findObject(db, 'customer', session.customer))?.object
      : undefined;
    reply.header('content-security-policy', pagePolicy(session.success_url));
    return html(
      reply,
      200,
      checkoutPage({ assets, session, price, email: customer?.email ?? session.customer_email ?? '' }),
    );
  });

  /** "Pagar": the subscription starts, the events go out, the browser returns to success_url. */
  app.post<{ Params: { id: string } }>('/dev/stripe/checkout/:id/pay', async (request, reply) => {
    const form = request.body as DecodedForm | undefined;
    const outcome = await settle(
      payCheckoutSession(db, catalog, request.params.id, {
        email: field(form, 'email'),
        cardNumber: field(form, 'cardNumber'),
      }).then((done) => done ?? { result: null, events: [] }),
    );
    if (!outcome) return goneSession(reply);
    if (outcome.kind === 'declined') {
      const found = await findObject(db, 'checkout.session', request.params.id);
      const price = found && priceOf(String(found.internal.price));
      if (!found || !price) return goneSession(reply);
      reply.header('content-security-policy', pagePolicy(found.object.success_url));
      return html(
        reply,
        402,
        checkoutPage({
          assets,
          session: found.object,
          price,
          email: field(form, 'email'),
          error: outcome.message,
          values: {
            cardNumber: field(form, 'cardNumber'),
            expiry: field(form, 'expiry'),
            cvc: field(form, 'cvc'),
            name: field(form, 'name'),
          },
        }),
      );
    }
    const target = outcome.session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', outcome.session.id);
    return reply.redirect(target, 303);
  });

  /** The control page. */
  app.get('/dev/stripe', async (_request, reply) =>
    html(
      reply,
      200,
      controlPage({
        assets,
        subscriptions: await latestObjects(db, 'subscription', 20),
        events: await latestEvents(db, 30),
        webhookUrl: options.webhookUrl(),
        manualDelivery: manual,
      }),
    ),
  );

  const controls = {
    renew: renewSubscription,
    'fail-renewal': failRenewal,
    cancel: cancelSubscriptionNow,
  } as const;
  app.post<{ Params: { id: string; action: string } }>(
    '/dev/stripe/subscriptions/:id/:action',
    async (request, reply) => {
      const action = controls[request.params.action as keyof typeof controls];
      if (!action) throw new SimulatorRequestError(404, 'invalid_request_error', 'Ação desconhecida.');
      await settle(action(db, request.params.id));
      return reply.redirect('/dev/stripe', 303);
    },
  );

  /** "Enviar" / "Reenviar": (re)delivers one event, signed now, whatever the delivery mode. */
  app.post<{ Params: { id: string } }>('/dev/stripe/events/:id/deliver', async (request, reply) => {
    const stored = await findEvent(db, request.params.id);
    if (!stored) throw new SimulatorRequestError(404, 'invalid_request_error', 'Evento não encontrado.');
    const { webhookSecret } = await options.credentials();
    await deliverEvent(db, stored.event, { url: options.webhookUrl(), secret: webhookSecret });
    return reply.redirect('/dev/stripe', 303);
  });
};
