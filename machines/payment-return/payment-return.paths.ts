import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  addressWithoutReturn,
  type PaymentReturnEvent,
  paymentReturnMachine,
} from './payment-return.machine';

/**
 * The checkout's return to /home: path model, and per step what to do in the running app and what
 * the user must see (`planPaymentReturnStep`), for the drivers.
 */

export type PaymentReturnSnapshot = SnapshotFrom<typeof paymentReturnMachine>;

export interface PaymentReturnScenario {
  name: string;
  summary: string;
  input: undefined;
}

export const paymentReturnScenarios: PaymentReturnScenario[] = [
  { name: 'home', summary: 'A signed-in person is on /home', input: undefined },
];

export const PAYMENT_CONFIRMED_TEXT = 'Pagamento confirmado! Sua assinatura está ativa.';
export const FIRST_CHECKOUT = 'cs_test_a1b2c3';
export const SECOND_CHECKOUT = 'cs_test_d4e5f6';

/** The addresses the chart is shown: a return with another parameter, then another checkout's. */
const addresses: PaymentReturnEvent[] = [
  { type: 'ADDRESS', path: '/home', search: `?paymentsuccess=${FIRST_CHECKOUT}&origem=email` },
  { type: 'ADDRESS', path: '/home', search: `?paymentsuccess=${SECOND_CHECKOUT}` },
];

export const paymentReturnPathModel = {
  chart: 'payment-return',
  title: '/home?paymentsuccess=…: the checkout’s return is confirmed once and leaves the address',
  machine: paymentReturnMachine,
  scenarios: paymentReturnScenarios,

  events(snapshot: PaymentReturnSnapshot): PaymentReturnEvent[] {
    // The same return again (a reload, Back) says nothing: only a checkout not yet confirmed moves on.
    return addresses.filter((a) => !a.search.includes(snapshot.context.checkoutId ?? '\u0000'));
  },

  actors: [],

  serializeState(snapshot: PaymentReturnSnapshot): string {
    return [String(snapshot.value), snapshot.context.checkoutId].filter(Boolean).join(' · ');
  },

  coverageKey(snapshot: PaymentReturnSnapshot): string {
    return String(snapshot.value);
  },

  describeState(snapshot: PaymentReturnSnapshot): string {
    return snapshot.matches('away')
      ? 'the home page, nothing about a payment'
      : `"${PAYMENT_CONFIRMED_TEXT}", the checkout's parameter gone from the address`;
  },

  describeEvent(event: AnyEventObject): string {
    if (event.type !== 'ADDRESS') return event.type;
    const { path, search } = event as PaymentReturnEvent;
    return `The checkout returns to ${path}${search}`;
  },
};

/** What the drivers do in the running app, as data. */
export type PaymentReturnUserAction =
  /** Signed in, open /home. */
  | { do: 'open'; url: '/home' }
  /** The checkout sends the browser back to `url` (a paid checkout in the browser). */
  | { do: 'return'; url: string; checkoutId: string };

export type PaymentReturnScreen = {
  /** The address /home shows. */
  address: string;
  /** "Pagamento confirmado!..." is on screen. */
  confirmed: boolean;
};

export interface PaymentReturnStepPlan {
  actions: PaymentReturnUserAction[];
  screen: PaymentReturnScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: PaymentReturnSnapshot }>;
}

/** What to do at step `index` of a payment-return path, and what the user must then see. */
export function planPaymentReturnStep(path: PlannablePath, index: number): PaymentReturnStepPlan {
  const { event, state } = path.steps[index]!;
  const { path: to, search } = event as PaymentReturnEvent;
  const actions: PaymentReturnUserAction[] =
    index === 0
      ? [{ do: 'open', url: '/home' }]
      : [{ do: 'return', url: `${to}${search}`, checkoutId: state.context.checkoutId! }];
  const address = index === 0 ? '/home' : addressWithoutReturn(to, search);
  return { actions, screen: { address, confirmed: state.matches('confirmed') } };
}
