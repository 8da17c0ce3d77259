import { assign, emit, fromPromise, setup } from 'xstate';
import type { PaywallInit, PlanId } from '../../contracts/billing';
import { failureMessage } from '../failure-message';

/** The plan picked before the person chooses: the yearly one when offered (it costs less a month). */
export const PREFERRED_PLAN: PlanId = 'yearly';

export interface CheckoutContext {
  /** The paywall's init data once loaded: plans, what they include, why the paywall shows. */
  paywall: PaywallInit | null;
  selectedPlan: PlanId | null;
  /** The text of the last failed call (loading the paywall or opening the checkout). */
  error: string | null;
}

export type CheckoutEvent =
  | { type: 'SELECT_PLAN'; planId: PlanId }
  | { type: 'SUBSCRIBE' }
  /** Load the paywall again after it failed. */
  | { type: 'RETRY' };

function preferredPlan(paywall: PaywallInit): PlanId | null {
  const ids = paywall.plans.map((plan) => plan.id);
  return ids.includes(PREFERRED_PLAN) ? PREFERRED_PLAN : (ids[0] ?? null);
}

/**
 * /paywall (spec §2): the paywall's init data is loaded; a current paid subscription only needs a way
 * back into the app. Otherwise (also during the free trial, to subscribe before it ends) the person
 * picks a plan and subscribes: a checkout is opened on the server, and the browser goes to its page
 * (Stripe Checkout, or the simulated one). A checkout that could not be opened leaves the person
 * choosing, with the server's text.
 */
/** Emitted when the server says a paid subscription is current: the session may not know yet. */
export interface SubscriptionFoundEvent {
  type: 'subscriptionFound';
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as SubscriptionFoundEvent,
  },
  actors: {
    loadPaywall: fromPromise<PaywallInit>(async () => {
      throw new Error('No paywall to load');
    }),
    startCheckout: fromPromise<{ url: string }, { planId: PlanId }>(async () => {
      throw new Error('No checkout to start');
    }),
  },
  guards: {
    /** Current and paid for: nothing to buy. A free trial is current too, but can still subscribe. */
    hasPaidSubscription: (_, params: { paywall: PaywallInit }) =>
      params.paywall.hasActiveSubscription && params.paywall.trialEndsAt === null,
    offersPlan: ({ context, event }) =>
      event.type === 'SELECT_PLAN' && !!context.paywall?.plans.some((plan) => plan.id === event.planId),
    hasSelectedPlan: ({ context }) => context.selectedPlan !== null,
  },
  actions: {
    /** Sends the browser to the checkout page (it leaves the app). */
    openCheckout: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'checkout',
  context: { paywall: null, selectedPlan: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The paywall init data is being loaded.',
      entry: assign({ error: null }),
      invoke: {
        id: 'loadPaywall',
        src: 'loadPaywall',
        onDone: [
          {
            guard: { type: 'hasPaidSubscription', params: ({ event }) => ({ paywall: event.output }) },
            target: 'subscribed',
            actions: [assign({ paywall: ({ event }) => event.output }), emit({ type: 'subscriptionFound' })],
          },
          {
            target: 'choosing',
            actions: assign({
              paywall: ({ event }) => event.output,
              selectedPlan: ({ event }) => preferredPlan(event.output),
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: {
      description: 'The paywall could not be loaded: the server’s text and a way to try again.',
      on: { RETRY: 'loading' },
    },
    subscribed: {
      type: 'final',
      description: 'A paid subscription is current: nothing to buy, a way back into the app.',
    },
    choosing: {
      description:
        'Plans, what they include, "Assinar"; the last checkout’s error if it failed. During the free trial, until when it runs and a way back.',
      on: {
        SELECT_PLAN: {
          guard: 'offersPlan',
          actions: assign({ selectedPlan: ({ event }) => event.planId }),
        },
        SUBSCRIBE: { guard: 'hasSelectedPlan', target: 'startingCheckout' },
      },
    },
    startingCheckout: {
      description: 'The server opens a checkout for the selected plan.',
      entry: assign({ error: null }),
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ context }) => ({ planId: context.selectedPlan! }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'openCheckout', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    redirecting: {
      type: 'final',
      description: 'The browser is on its way to the checkout page.',
    },
  },
});
