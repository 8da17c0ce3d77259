import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { PaywallInit, Plan, PlanId } from '../../contracts/billing';
import { type CheckoutEvent, checkoutMachine } from './checkout.machine';

/**
 * The /paywall chart's path model, and per step what to do in the running app and what the user
 * must see (`planCheckoutStep`), as data for the jsdom and browser drivers.
 */

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export interface CheckoutScenario {
  name: string;
  summary: string;
  input: undefined;
}

export const checkoutScenarios: CheckoutScenario[] = [
  {
    name: 'paywall',
    summary: 'A signed-in person opens /paywall',
    input: undefined,
  },
];

export const monthlyPlan: Plan = {
  id: 'monthly',
  name: 'Mensal',
  interval: 'month',
  priceCents: 9700,
  monthlyEquivalentCents: 9700,
  savingsPercent: 0,
  currency: 'BRL',
};

export const yearlyPlan: Plan = {
  id: 'yearly',
  name: 'Anual',
  interval: 'year',
  priceCents: 97000,
  monthlyEquivalentCents: 8083,
  savingsPercent: 17,
  currency: 'BRL',
};

/** Paywall init data as the server answers it: the trial ended, unless `overrides` say otherwise. */
export function paywallInit(overrides: Partial<PaywallInit> = {}): PaywallInit {
  return {
    plans: [monthlyPlan, yearlyPlan],
    features: [
      'Conexão com o WhatsApp Business',
      'Clientes, tarefas e funil de vendas',
      'Mensagens sugeridas pela IA',
    ],
    reason: 'trial_ended',
    endedAt: '2030-01-13T12:00:00.000Z',
    hasActiveSubscription: false,
    trialEndsAt: null,
    ...overrides,
  };
}

/** What the paywall's load can answer; each is its own branch of the paths. */
export const paywallAnswers = {
  trialEnded: paywallInit(),
  pastDue: paywallInit({ reason: 'past_due', endedAt: '2030-01-10T12:00:00.000Z' }),
  canceled: paywallInit({ reason: 'canceled', endedAt: '2030-01-05T12:00:00.000Z' }),
  none: paywallInit({ reason: 'none', endedAt: null }),
  subscribed: paywallInit({ reason: 'none', endedAt: null, hasActiveSubscription: true }),
  /** The free trial runs, nothing paid yet: the plans, to subscribe before it ends. */
  trialing: paywallInit({
    reason: 'none',
    endedAt: null,
    hasActiveSubscription: true,
    trialEndsAt: '2030-01-20T12:00:00.000Z',
  }),
};

export const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3';
export const LOAD_FAILED_TEXT = 'Não foi possível carregar os planos. Tente de novo.';
export const CHECKOUT_FAILED_TEXT = 'Não foi possível abrir o pagamento. Tente de novo.';

const loadFailed = new Error(LOAD_FAILED_TEXT);
const checkoutFailed = new Error(CHECKOUT_FAILED_TEXT);

/** Why the plans show: the paywall's reason, or 'trial' while a free trial runs (subscribing early). */
function reasonOf(snapshot: CheckoutSnapshot): string | undefined {
  const paywall = snapshot.context.paywall;
  return paywall?.trialEndsAt ? 'trial' : paywall?.reason;
}

export const checkoutPathModel = {
  chart: 'checkout',
  title: '/paywall: plans loaded, one chosen, the checkout opened',
  machine: checkoutMachine,
  scenarios: checkoutScenarios,

  events(snapshot: CheckoutSnapshot): CheckoutEvent[] {
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    if (!snapshot.matches('choosing')) return [];
    return [
      { type: 'SELECT_PLAN', planId: 'monthly' },
      { type: 'SELECT_PLAN', planId: 'yearly' },
      { type: 'SUBSCRIBE' },
    ];
  },

  actors: [
    {
      id: 'loadPaywall',
      src: 'loadPaywall',
      outputs: [
        paywallAnswers.trialEnded,
        paywallAnswers.pastDue,
        paywallAnswers.canceled,
        paywallAnswers.none,
        paywallAnswers.subscribed,
        paywallAnswers.trialing,
      ],
      errors: [loadFailed],
    },
    {
      id: 'startCheckout',
      src: 'startCheckout',
      outputs: [{ url: CHECKOUT_URL }],
      errors: [checkoutFailed],
    },
  ],

  /** State, why the paywall shows, the plan picked, and whether an error is on screen. */
  serializeState(snapshot: CheckoutSnapshot): string {
    const { selectedPlan, error } = snapshot.context;
    return [String(snapshot.value), reasonOf(snapshot), selectedPlan, error && 'error']
      .filter(Boolean)
      .join(' · ');
  },

  /** Every state, under every reason for the paywall (and the trial), with and without an error. */
  coverageKey(snapshot: CheckoutSnapshot): string {
    const { error } = snapshot.context;
    return [String(snapshot.value), reasonOf(snapshot), error && 'error'].filter(Boolean).join(' · ');
  },

  describeState(snapshot: CheckoutSnapshot): string {
    const { selectedPlan, error } = snapshot.context;
    switch (snapshot.value) {
      case 'loading':
        return 'loads the plans';
      case 'failed':
        return 'shows why the plans did not load, and a way to try again';
      case 'subscribed':
        return 'says the subscription is active, with a link to /home';
      case 'choosing': {
        const why =
          reasonOf(snapshot) === 'trial'
            ? 'during the free trial, with its end and a link to /home'
            : `(${reasonOf(snapshot)})`;
        return `shows the plans ${why}, ${selectedPlan} picked${error ? ', and why the checkout did not open' : ''}`;
      }
      case 'startingCheckout':
        return `asks the server for a checkout of the ${selectedPlan} plan`;
      default:
        return 'sends the browser to the checkout page';
    }
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'RETRY':
        return 'The user clicks "Tentar novamente"';
      case 'SELECT_PLAN':
        return `The user picks the ${(event as { planId?: PlanId }).planId!} plan`;
      case 'SUBSCRIBE':
        return 'The user clicks "Assinar"';
      case 'xstate.done.actor.loadPaywall': {
        const init = (event as { output?: PaywallInit }).output!;
        if (init.trialEndsAt)
          return `The server answers the plans, the free trial running until ${init.trialEndsAt}`;
        return init.hasActiveSubscription
          ? 'The server answers: a paid subscription is current'
          : `The server answers the plans (reason: ${init.reason})`;
      }
      case 'xstate.error.actor.loadPaywall':
        return 'Loading the plans fails (500)';
      case 'xstate.done.actor.startCheckout':
        return 'The server answers the checkout page’s address';
      case 'xstate.error.actor.startCheckout':
        return 'Opening the checkout fails (502)';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type CheckoutUserAction =
  /** Sign in without a current subscription, open /paywall. */
  | { do: 'open'; url: '/paywall' }
  /** Answer the pending GET /api/paywall. */
  | { do: 'answer-paywall'; status: number; body: unknown }
  /** Answer the pending POST /api/billing/checkout, which must ask for `planId`. */
  | { do: 'answer-checkout'; planId: PlanId; status: number; body: unknown }
  | { do: 'pick-plan'; planId: PlanId }
  | { do: 'click'; button: string };

export type CheckoutScreen =
  | { shows: 'loading' }
  | { shows: 'failed'; text: string }
  | { shows: 'subscribed' }
  | {
      shows: 'plans';
      reason: PaywallInit['reason'];
      /** The free trial's end while it runs (subscribing before it ends), else null. */
      trialEndsAt: string | null;
      selected: PlanId;
      /** The alert on screen, if any. */
      error: string | null;
      /** "Assinar" is busy (the checkout is being opened). */
      busy: boolean;
    }
  | { shows: 'redirect'; url: string };

export interface CheckoutStepPlan {
  actions: CheckoutUserAction[];
  screen: CheckoutScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: CheckoutSnapshot }>;
}

export const RETRY_LABEL = 'Tentar novamente';
export const SUBSCRIBE_LABEL = 'Assinar';

function failure(error: unknown, code: string) {
  return { success: false, error: (error as Error).message, code };
}

function actionsFor(path: PlannablePath, index: number): CheckoutUserAction[] {
  const { event } = path.steps[index]!;
  if (index === 0) return [{ do: 'open', url: '/paywall' }];
  const before = path.steps[index - 1]!.state;
  switch (event.type) {
    case 'RETRY':
      return [{ do: 'click', button: RETRY_LABEL }];
    case 'SELECT_PLAN':
      return [{ do: 'pick-plan', planId: (event as { planId?: PlanId }).planId! }];
    case 'SUBSCRIBE':
      // After a failed checkout the same button offers to try again.
      return [{ do: 'click', button: before.context.error ? RETRY_LABEL : SUBSCRIBE_LABEL }];
    case 'xstate.done.actor.loadPaywall':
      return [
        {
          do: 'answer-paywall',
          status: 200,
          body: { success: true, data: (event as { output?: unknown }).output },
        },
      ];
    case 'xstate.error.actor.loadPaywall':
      return [
        {
          do: 'answer-paywall',
          status: 500,
          body: failure((event as { error?: unknown }).error, 'INTERNAL_ERROR'),
        },
      ];
    case 'xstate.done.actor.startCheckout':
      return [
        {
          do: 'answer-checkout',
          planId: before.context.selectedPlan!,
          status: 200,
          body: { success: true, data: (event as { output?: unknown }).output },
        },
      ];
    case 'xstate.error.actor.startCheckout':
      return [
        {
          do: 'answer-checkout',
          planId: before.context.selectedPlan!,
          status: 502,
          body: failure((event as { error?: unknown }).error, 'SERVICE_UNAVAILABLE'),
        },
      ];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function screenOf(snapshot: CheckoutSnapshot): CheckoutScreen {
  const { paywall, selectedPlan, error } = snapshot.context;
  switch (snapshot.value) {
    case 'loading':
      return { shows: 'loading' };
    case 'failed':
      return { shows: 'failed', text: error ?? '' };
    case 'subscribed':
      return { shows: 'subscribed' };
    case 'redirecting':
      return { shows: 'redirect', url: CHECKOUT_URL };
    default:
      return {
        shows: 'plans',
        reason: paywall!.reason,
        trialEndsAt: paywall!.trialEndsAt,
        selected: selectedPlan!,
        error,
        busy: snapshot.matches('startingCheckout'),
      };
  }
}

/** What to do at step `index` of a /paywall path, and what the user must then see. */
export function planCheckoutStep(path: PlannablePath, index: number): CheckoutStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path.steps[index]!.state) };
}
