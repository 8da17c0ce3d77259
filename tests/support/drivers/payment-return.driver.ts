import {
  PAYMENT_CONFIRMED_TEXT,
  type PaymentReturnUserAction,
  planPaymentReturnStep,
} from '../../../machines/payment-return/payment-return.paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The checkout's return to /home, once for jsdom and Chromium. How someone signed in gets to /home
 * is the layer's (`PaymentReturnServer`); the return itself is the address the checkout sends
 * the browser back to.
 */

type PaymentReturnStep = Parameters<typeof planPaymentReturnStep>[0];

export interface PaymentReturnServer {
  /** Someone signed in, with a subscription (or a trial), opens `url`. */
  open(url: string): Promise<void>;
}

/** The titles of the toasts on screen. */
function readToastTitles(document: Document): string[] {
  return [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((el) => el.textContent ?? '');
}

async function perform(ui: UiSurface, server: PaymentReturnServer, action: PaymentReturnUserAction) {
  if (action.do === 'open') return server.open(action.url);
  return ui.open(action.url);
}

/** Does what step `index` of a payment-return path says. */
export async function actPaymentReturnStep(
  ui: UiSurface,
  server: PaymentReturnServer,
  path: PaymentReturnStep,
  index: number,
): Promise<void> {
  for (const action of planPaymentReturnStep(path, index).actions) await perform(ui, server, action);
}

/** Throws, saying what differs, unless /home shows what step `index` of the path leads to. */
export async function checkPaymentReturnStep(ui: UiSurface, path: PaymentReturnStep, index: number) {
  const { screen } = planPaymentReturnStep(path, index);
  await expectScreen(
    ui,
    async () => ({
      at: await ui.location(),
      home: await ui.shown({ role: 'heading', name: 'Início' }),
      toasts: await ui.read(readToastTitles, null),
    }),
    ({ at, home, toasts }) => [
      ...differs('the address', at, screen.address),
      ...differs('"Início" on screen', home, true),
      ...differs(
        `"${PAYMENT_CONFIRMED_TEXT}" on screen`,
        toasts.includes(PAYMENT_CONFIRMED_TEXT),
        screen.confirmed,
      ),
    ],
  );
}

/** What the user must see after step `index`, in words (for the browser report). */
export function paymentReturnExpectation(path: PaymentReturnStep, index: number): string {
  const { screen } = planPaymentReturnStep(path, index);
  return `${screen.address}${screen.confirmed ? `, "${PAYMENT_CONFIRMED_TEXT}"` : ', no word of a payment'}`;
}
