import { STRIPE_API_VERSION } from '../stripe-objects';
import { stripeId } from './ids';
import { priceObject, type SimulatorPrice } from './prices';

/** The objects the simulator keeps, in the shape Stripe's API (STRIPE_API_VERSION) answers them. */

export type Metadata = Record<string, string>;

export interface SimCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  /** In the smallest unit; negative is credit the next invoices use (absent on customers stored before it). */
  balance?: number;
  metadata: Metadata;
  livemode: false;
}

/** A change to a customer's balance: an adjustment through the API, or its use by an invoice. */
export interface SimCustomerBalanceTransaction {
  id: string;
  object: 'customer_balance_transaction';
  amount: number;
  created: number;
  credit_note: null;
  currency: string;
  customer: string;
  description: string | null;
  ending_balance: number;
  invoice: string | null;
  metadata: Metadata;
  type: 'adjustment' | 'applied_to_invoice';
  livemode: false;
}

export interface SimCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  subscription: string | null;
  invoice: string | null;
  success_url: string;
  cancel_url: string | null;
  locale: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  created: number;
  expires_at: number;
  livemode: false;
}

/** What a session holds that its object does not show (line items are only visible expanded). */
export interface SessionInternal {
  price: string;
  quantity: number;
  subscriptionMetadata: Metadata;
}

export interface SimSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  price: ReturnType<typeof priceObject>;
  quantity: number;
  subscription: string;
}

export type SimSubscriptionStatus = 'active' | 'past_due' | 'canceled';

export interface SimSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: SimSubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  collection_method: 'charge_automatically';
  currency: string;
  latest_invoice: string | null;
  metadata: Metadata;
  items: { object: 'list'; data: SimSubscriptionItem[]; has_more: false; total_count: number; url: string };
  livemode: false;
}

export interface SimInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid';
  /** Line items' sum; amount_due is this after the customer's balance (starting_balance) is applied. */
  total: number;
  starting_balance: number;
  ending_balance: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  created: number;
  currency: string;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  lines: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      description: string;
      period: { start: number; end: number };
      quantity: number;
    }>;
    has_more: false;
    total_count: number;
  };
  livemode: false;
}

export type SimObject =
  | SimCustomer
  | SimCustomerBalanceTransaction
  | SimCheckoutSession
  | SimSubscription
  | SimInvoice;
export type SimObjectKind = SimObject['object'];

export interface SimEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: SimObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

export function subscriptionObject(input: {
  customer: string;
  price: SimulatorPrice;
  quantity: number;
  metadata: Metadata;
  start: number;
  end: number;
}): SimSubscription {
  const id = stripeId('sub');
  return {
    id,
    object: 'subscription',
    customer: input.customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    created: input.start,
    start_date: input.start,
    billing_cycle_anchor: input.start,
    collection_method: 'charge_automatically',
    currency: input.price.currency,
    latest_invoice: null,
    metadata: input.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          created: input.start,
          current_period_start: input.start,
          current_period_end: input.end,
          price: priceObject(input.price),
          quantity: input.quantity,
          subscription: id,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    livemode: false,
  };
}

/** The invoice for a subscription's current period, paid or (a failed attempt) open. */
export function invoiceObject(
  subscription: SimSubscription,
  input: { paid: boolean; reason: SimInvoice['billing_reason']; created: number },
): SimInvoice {
  const item = subscription.items.data[0]!;
  const amount = (item.price.unit_amount ?? 0) * item.quantity;
  return {
    id: stripeId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: input.paid ? 'paid' : 'open',
    total: amount,
    starting_balance: 0,
    ending_balance: 0,
    amount_due: amount,
    amount_paid: input.paid ? amount : 0,
    amount_remaining: input.paid ? 0 : amount,
    attempt_count: 1,
    billing_reason: input.reason,
    created: input.created,
    currency: subscription.currency,
    period_start: item.current_period_start,
    period_end: item.current_period_end,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount,
          currency: subscription.currency,
          description: `${item.quantity} × ${item.price.nickname ?? item.price.id}`,
          period: { start: item.current_period_start, end: item.current_period_end },
          quantity: item.quantity,
        },
      ],
      has_more: false,
      total_count: 1,
    },
    livemode: false,
  };
}

export function eventObject(
  type: string,
  object: SimObject,
  created: number,
  previousAttributes?: Record<string, unknown>,
): SimEvent {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created,
    data: { object, ...(previousAttributes && { previous_attributes: previousAttributes }) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
