import { assign, emit, setup } from 'xstate';
import { type NavigateEvent, navigateEvent } from '../navigate-event';

/** The parameter the checkout's return adds to /home: the Stripe Checkout session's id. */
export const PAYMENT_RETURN_PARAM = 'paymentsuccess';

export type PaymentReturnEvent =
  /** The address /home shows now (path and search, "?a=b" or ""). */
  { type: 'ADDRESS'; path: string; search: string };

/** Emitted once per checkout that returned: the app says so and reads the session and billing again. */
export interface PaymentConfirmedEvent {
  type: 'paymentConfirmed';
  checkoutId: string;
}

export interface PaymentReturnContext {
  /** The checkout whose return was confirmed here last, if any. */
  checkoutId: string | null;
}

function checkoutIdOf(search: string): string | null {
  return new URLSearchParams(search).get(PAYMENT_RETURN_PARAM) || null;
}

/** The address without the checkout's parameter, other parameters kept. */
export function addressWithoutReturn(path: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(PAYMENT_RETURN_PARAM);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/**
 * The checkout's return to /home?paymentsuccess=<checkout id> (once the subscription is active). Said
 * once per checkout (`paymentConfirmed`), and the parameter leaves the address, replaced so a
 * reload, Back or a shared link does not say it again.
 */
export const paymentReturnMachine = setup({
  types: {
    context: {} as PaymentReturnContext,
    events: {} as PaymentReturnEvent,
    emitted: {} as PaymentConfirmedEvent | NavigateEvent,
  },
  guards: {
    /** The address carries a checkout's return not confirmed here yet. */
    returnsFromCheckout: ({ context, event }) => {
      const id = checkoutIdOf(event.search);
      return id !== null && id !== context.checkoutId;
    },
  },
}).createMachine({
  id: 'paymentReturn',
  context: { checkoutId: null },
  initial: 'away',
  states: {
    away: {
      description: 'No checkout has returned here.',
      on: { ADDRESS: { guard: 'returnsFromCheckout', target: 'confirmed' } },
    },
    confirmed: {
      description: 'A checkout returned: the payment is confirmed and the parameter left the address.',
      entry: [
        assign({ checkoutId: ({ event }) => checkoutIdOf((event as PaymentReturnEvent).search) }),
        emit(({ context }) => ({ type: 'paymentConfirmed' as const, checkoutId: context.checkoutId! })),
        emit(({ event }) => {
          const { path, search } = event as PaymentReturnEvent;
          return navigateEvent(addressWithoutReturn(path, search), true);
        }),
      ],
      on: { ADDRESS: { guard: 'returnsFromCheckout', target: 'confirmed', reenter: true } },
    },
  },
});
