import type { Db, Queryable } from '../../../db/types';
import type { DecodedForm } from '../stripe-form';
import { applyCustomerBalance } from './customer-balance';
import { stripeId } from './ids';
import { metadataOf } from './metadata';
import {
  eventObject,
  invoiceObject,
  type SessionInternal,
  type SimCheckoutSession,
  type SimCustomer,
  type SimEvent,
  type SimObject,
  type SimSubscription,
  subscriptionObject,
} from './objects';
import { addInterval, nowSeconds } from './periods';
import type { SimulatorPrice } from './prices';
import { SimulatorRequestError } from './simulator-request-error';
import { findObject, insertEvent, insertObject, saveObject } from './store';

export { SimulatorRequestError };

const missing = (param: string) =>
  new SimulatorRequestError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    param,
    'parameter_missing',
  );
const noSuch = (kind: string, id: string, param?: string) =>
  new SimulatorRequestError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    param,
    'resource_missing',
  );

export interface SimulatorCatalog {
  prices: SimulatorPrice[];
  /** Base of the checkout page browsers open for a session returning to `successUrl`. No trailing slash. */
  publicUrl: (successUrl: string) => string;
}

/** What an action changed: the events it produced, to deliver once the transaction is committed. */
export interface ActionResult<T> {
  result: T;
  events: SimEvent[];
}

function text(form: DecodedForm, name: string): string | undefined {
  const value = form[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

async function record(q: Queryable, events: SimEvent[], type: string, object: SimObject, extra?: object) {
  const event = eventObject(type, structuredClone(object), nowSeconds(), extra as Record<string, unknown>);
  await insertEvent(q, event);
  events.push(event);
}

/** POST /v1/customers. */
export async function createCustomer(db: Db, form: DecodedForm): Promise<SimCustomer> {
  const customer: SimCustomer = {
    id: stripeId('cus'),
    object: 'customer',
    created: nowSeconds(),
    email: text(form, 'email') ?? null,
    name: text(form, 'name') ?? null,
    balance: 0,
    metadata: metadataOf(form.metadata, 'metadata'),
    livemode: false,
  };
  await insertObject(db, customer);
  return customer;
}

/** POST /v1/checkout/sessions: subscription mode, one recurring price. */
export async function createCheckoutSession(
  db: Db,
  catalog: SimulatorCatalog,
  form: DecodedForm,
): Promise<SimCheckoutSession> {
  const mode = text(form, 'mode');
  if (!mode) throw missing('mode');
  if (mode !== 'subscription') {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'This simulator only supports mode=subscription.',
      'mode',
    );
  }
  const successUrl = text(form, 'success_url');
  if (!successUrl) throw missing('success_url');
  if (!isHttpUrl(successUrl)) {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'Not a valid URL',
      'success_url',
      'url_invalid',
    );
  }
  const cancelUrl = text(form, 'cancel_url') ?? null;
  if (cancelUrl && !isHttpUrl(cancelUrl)) {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'Not a valid URL',
      'cancel_url',
      'url_invalid',
    );
  }
  const lineItems = form.line_items;
  const first = Array.isArray(lineItems) ? lineItems[0] : undefined;
  if (!Array.isArray(lineItems) || lineItems.length !== 1 || typeof first !== 'object') {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'This simulator takes exactly one line item: line_items[0][price] and line_items[0][quantity].',
      'line_items',
    );
  }
  const priceId = typeof first.price === 'string' ? first.price : '';
  if (!priceId) throw missing('line_items[0][price]');
  const price = catalog.prices.find((p) => p.id === priceId);
  if (!price) throw noSuch('price', priceId, 'line_items[0][price]');
  const quantity = first.quantity === undefined ? 1 : Number(first.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'Invalid integer: line_items[0][quantity].',
      'line_items[0][quantity]',
    );
  }
  const customerId = text(form, 'customer') ?? null;
  const customerEmail = text(form, 'customer_email') ?? null;
  if (customerId && customerEmail) {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  }
  if (customerId && !(await findObject(db, 'customer', customerId)))
    throw noSuch('customer', customerId, 'customer');
  const subscriptionData = form.subscription_data;
  const subscriptionMetadata =
    typeof subscriptionData === 'object' && !Array.isArray(subscriptionData)
      ? metadataOf(subscriptionData.metadata, 'subscription_data[metadata]')
      : {};

  const id = stripeId('cs_test');
  const created = nowSeconds();
  const session: SimCheckoutSession = {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open',
    payment_status: 'unpaid',
    url: `${catalog.publicUrl(successUrl)}/dev/stripe/checkout/${id}`,
    customer: customerId,
    customer_email: customerEmail,
    client_reference_id: text(form, 'client_reference_id') ?? null,
    metadata: metadataOf(form.metadata, 'metadata'),
    subscription: null,
    invoice: null,
    success_url: successUrl,
    cancel_url: cancelUrl,
    locale: text(form, 'locale') ?? null,
    currency: price.currency,
    amount_subtotal: price.unitAmount * quantity,
    amount_total: price.unitAmount * quantity,
    created,
    expires_at: created + 24 * 60 * 60,
    livemode: false,
  };
  const internal: SessionInternal = { price: price.id, quantity, subscriptionMetadata };
  await insertObject(db, session, internal);
  return session;
}

/** The card number that, like Stripe's test card, is always declined. */
export const DECLINED_CARD = '4000000000000002';

export type PayOutcome =
  | { kind: 'paid'; session: SimCheckoutSession }
  | { kind: 'declined'; message: string }
  | { kind: 'closed'; session: SimCheckoutSession };

/**
 * The hosted page's "Pagar": creates the customer if the session had none, the subscription (one
 * period from now), its paid invoice, completes the session, and records checkout.session.completed,
 * customer.subscription.created and invoice.paid.
 */
export async function payCheckoutSession(
  db: Db,
  catalog: SimulatorCatalog,
  sessionId: string,
  input: { email: string; cardNumber: string },
): Promise<ActionResult<PayOutcome> | null> {
  return db.transaction(async (tx) => {
    const found = await findObject(tx, 'checkout.session', sessionId, { lock: true });
    if (!found) return null;
    const session = found.object;
    if (session.status !== 'open') return { result: { kind: 'closed', session }, events: [] };
    const card = input.cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{16}$/.test(card)) {
      return {
        result: { kind: 'declined', message: 'Número do cartão inválido: use 16 dígitos.' },
        events: [],
      };
    }
    if (card === DECLINED_CARD) {
      return {
        result: { kind: 'declined', message: 'Seu cartão foi recusado. Tente outro cartão.' },
        events: [],
      };
    }
    const internal = found.internal as unknown as SessionInternal;
    const price = catalog.prices.find((p) => p.id === internal.price);
    if (!price) throw new Error(`the simulator no longer sells ${internal.price}`);

    const now = nowSeconds();
    let customerId = session.customer;
    if (!customerId) {
      const customer: SimCustomer = {
        id: stripeId('cus'),
        object: 'customer',
        created: now,
        email: input.email || session.customer_email,
        name: null,
        balance: 0,
        metadata: {},
        livemode: false,
      };
      await insertObject(tx, customer);
      customerId = customer.id;
    }
    const subscription = subscriptionObject({
      customer: customerId,
      price,
      quantity: internal.quantity,
      metadata: internal.subscriptionMetadata,
      start: now,
      end: addInterval(now, price.interval),
    });
    const invoice = invoiceObject(subscription, { paid: true, reason: 'subscription_create', created: now });
    await applyCustomerBalance(tx, invoice);
    subscription.latest_invoice = invoice.id;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer: customerId,
      subscription: subscription.id,
      invoice: invoice.id,
      url: null,
    } satisfies Partial<SimCheckoutSession>);
    await insertObject(tx, subscription);
    await insertObject(tx, invoice);
    await saveObject(tx, session);

    const events: SimEvent[] = [];
    await record(tx, events, 'checkout.session.completed', session);
    await record(tx, events, 'customer.subscription.created', subscription);
    await record(tx, events, 'invoice.paid', invoice);
    return { result: { kind: 'paid', session }, events };
  });
}

async function changeSubscription(
  db: Db,
  id: string,
  change: (subscription: SimSubscription, tx: Queryable, events: SimEvent[]) => Promise<void>,
): Promise<ActionResult<SimSubscription>> {
  return db.transaction(async (tx) => {
    const found = await findObject(tx, 'subscription', id, { lock: true });
    if (!found) throw noSuch('subscription', id);
    const events: SimEvent[] = [];
    await change(found.object, tx, events);
    await saveObject(tx, found.object);
    return { result: found.object, events };
  });
}

const periodOf = (subscription: SimSubscription) => {
  const item = subscription.items.data[0]!;
  return { start: item.current_period_start, end: item.current_period_end };
};

function refuseIfCanceled(subscription: SimSubscription): void {
  if (subscription.status === 'canceled') {
    throw new SimulatorRequestError(
      400,
      'invalid_request_error',
      'A canceled subscription can only update its cancellation_details and metadata.',
    );
  }
}

/** POST /v1/subscriptions/:id: cancel_at_period_end and metadata. */
export function updateSubscription(
  db: Db,
  id: string,
  form: DecodedForm,
): Promise<ActionResult<SimSubscription>> {
  return changeSubscription(db, id, async (subscription, tx, events) => {
    const previous: Record<string, unknown> = {};
    const flag = form.cancel_at_period_end;
    if (flag !== undefined) {
      if (flag !== 'true' && flag !== 'false') {
        throw new SimulatorRequestError(
          400,
          'invalid_request_error',
          'Invalid boolean: cancel_at_period_end.',
          'cancel_at_period_end',
        );
      }
      refuseIfCanceled(subscription);
      const value = flag === 'true';
      if (value !== subscription.cancel_at_period_end) {
        previous.cancel_at_period_end = subscription.cancel_at_period_end;
        previous.cancel_at = subscription.cancel_at;
        previous.canceled_at = subscription.canceled_at;
        subscription.cancel_at_period_end = value;
        subscription.cancel_at = value ? periodOf(subscription).end : null;
        // Stripe sets canceled_at when the cancellation is requested, and clears it when it is undone.
        subscription.canceled_at = value ? nowSeconds() : null;
      }
    }
    if (form.metadata !== undefined) {
      previous.metadata = subscription.metadata;
      subscription.metadata = { ...subscription.metadata, ...metadataOf(form.metadata, 'metadata') };
    }
    if (Object.keys(previous).length > 0) {
      await record(tx, events, 'customer.subscription.updated', subscription, previous);
    }
  });
}

/** DELETE /v1/subscriptions/:id and the page's "Cancelar agora": ends it now. */
export function cancelSubscriptionNow(db: Db, id: string): Promise<ActionResult<SimSubscription>> {
  return changeSubscription(db, id, async (subscription, tx, events) => {
    if (subscription.status === 'canceled') return;
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    subscription.cancel_at_period_end = false;
    subscription.cancel_at = null;
    await record(tx, events, 'customer.subscription.deleted', subscription);
  });
}

/**
 * Starts the subscription's next period now: the page's controls play the renewal as if its date had
 * come (as a Stripe test clock advanced to it would), paid or not.
 */
function advancePeriod(subscription: SimSubscription, now: number): Record<string, unknown> {
  const item = subscription.items.data[0]!;
  const previous = { items: structuredClone(subscription.items) };
  item.current_period_start = now;
  item.current_period_end = addInterval(now, item.price.recurring.interval);
  subscription.billing_cycle_anchor = now;
  return previous;
}

/**
 * The page's "Renovar": the renewal charge goes through. An active subscription moves to its next
 * period with a paid invoice; a past_due one has its open invoice paid and becomes active again.
 */
export function renewSubscription(db: Db, id: string): Promise<ActionResult<SimSubscription>> {
  return changeSubscription(db, id, async (subscription, tx, events) => {
    refuseIfCanceled(subscription);
    if (subscription.cancel_at_period_end) {
      throw new SimulatorRequestError(
        400,
        'invalid_request_error',
        'This subscription is set to cancel at the end of its period; it does not renew.',
      );
    }
    const now = nowSeconds();
    let invoice = subscription.latest_invoice
      ? (await findObject(tx, 'invoice', subscription.latest_invoice, { lock: true }))?.object
      : undefined;
    let previous: Record<string, unknown>;
    if (subscription.status === 'past_due' && invoice?.status === 'open') {
      previous = { status: subscription.status };
      subscription.status = 'active';
      Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
      invoice.attempt_count += 1;
      await saveObject(tx, invoice);
    } else {
      previous = advancePeriod(subscription, now);
      invoice = invoiceObject(subscription, { paid: true, reason: 'subscription_cycle', created: now });
      await applyCustomerBalance(tx, invoice);
      subscription.latest_invoice = invoice.id;
      await insertObject(tx, invoice);
    }
    await record(tx, events, 'customer.subscription.updated', subscription, previous);
    await record(tx, events, 'invoice.paid', invoice);
  });
}

/**
 * The page's "Falhar renovação": the renewal charge is declined. An active subscription moves to its
 * next period with an open invoice and becomes past_due; a past_due one fails one more attempt.
 */
export function failRenewal(db: Db, id: string): Promise<ActionResult<SimSubscription>> {
  return changeSubscription(db, id, async (subscription, tx, events) => {
    refuseIfCanceled(subscription);
    const now = nowSeconds();
    const latest = subscription.latest_invoice
      ? (await findObject(tx, 'invoice', subscription.latest_invoice, { lock: true }))?.object
      : undefined;
    if (subscription.status === 'past_due' && latest?.status === 'open') {
      latest.attempt_count += 1;
      await saveObject(tx, latest);
      await record(tx, events, 'invoice.payment_failed', latest);
      return;
    }
    const previous = { ...advancePeriod(subscription, now), status: subscription.status };
    subscription.status = 'past_due';
    const invoice = invoiceObject(subscription, { paid: false, reason: 'subscription_cycle', created: now });
    await applyCustomerBalance(tx, invoice);
    subscription.latest_invoice = invoice.id;
    await insertObject(tx, invoice);
    await record(tx, events, 'customer.subscription.updated', subscription, previous);
    await record(tx, events, 'invoice.payment_failed', invoice);
  });
}
