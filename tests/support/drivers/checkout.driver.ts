import type { PaywallInit, PlanId } from '../../../contracts/billing';
import {
  type CheckoutScreen,
  type CheckoutUserAction,
  planCheckoutStep,
} from '../../../machines/checkout/checkout.paths';
import { formatDate } from '../../../src/lib/format/date';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The /paywall chart's driver, once for jsdom and Chromium: acts out a step's plan on a `UiSurface`
 * and checks what the user sees. How the server answers is the layer's (`CheckoutServer`).
 */

type CheckoutStep = Parameters<typeof planCheckoutStep>[0];

/** What differs per layer: the signed-in page and the paywall's two calls. */
export interface CheckoutServer {
  /** Someone signed in who may see the paywall opens `url`; its load stays unanswered. */
  open(url: string): Promise<void>;
  /** Answers the waiting GET /api/paywall. */
  answerPaywall(status: number, body: unknown): Promise<void>;
  /** Answers the waiting POST /api/billing/checkout after checking it asks for `planId`. */
  answerCheckout(planId: PlanId, status: number, body: unknown): Promise<void>;
  /** What differs from the browser having been sent to the checkout page `url` (empty: it was). */
  checkoutOpened(url: string): Promise<string[]>;
}

const HEADINGS: Record<PaywallInit['reason'], string> = {
  trial_ended: 'Seu teste grátis terminou',
  past_due: 'Não conseguimos confirmar seu pagamento',
  canceled: 'Sua assinatura foi encerrada',
  none: 'Escolha seu plano',
};
const TRIAL_HEADING = 'Assine o Fechaí';
const PLAN_NAMES: Record<PlanId, RegExp> = { monthly: /^Mensal/, yearly: /^Anual/ };
const PLAN_IDS: Record<string, PlanId> = { Mensal: 'monthly', Anual: 'yearly' };

/** What the paywall shows, read in the page. */
interface SeenPaywall {
  heading: string | null;
  status: string | null;
  alert: string | null;
  radios: { plan: string; checked: boolean }[];
  buttons: { name: string; disabled: boolean }[];
  links: { name: string; href: string | null }[];
  text: string;
}

function readPaywall(document: Document): SeenPaywall {
  const root = document.querySelector('.paywall') ?? document.body;
  const text = (el: Element | null) => el?.textContent?.trim() ?? null;
  return {
    heading: text(root.querySelector('h1')),
    status: text(root.querySelector('[role="status"]')),
    alert: text(root.querySelector('[role="alert"]')),
    radios: [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((radio) => ({
      plan: radio.closest('label')?.querySelector('.plan-option__name')?.textContent ?? '',
      checked: radio.checked,
    })),
    buttons: [...root.querySelectorAll<HTMLButtonElement>('button')].map((button) => ({
      name: button.textContent?.trim() ?? '',
      disabled: button.disabled,
    })),
    links: [...root.querySelectorAll('a')].map((a) => ({
      name: a.textContent?.trim() ?? '',
      href: a.getAttribute('href'),
    })),
    text: root.textContent ?? '',
  };
}

function mismatches(screen: CheckoutScreen, seen: SeenPaywall): string[] {
  switch (screen.shows) {
    case 'loading':
      return [
        ...differs('the status', seen.status, 'Carregando planos...'),
        ...differs('h1', seen.heading, null),
      ];
    case 'failed':
      return [
        ...differs('the alert', seen.alert, screen.text),
        ...differs(
          '"Tentar novamente"',
          seen.buttons.some((b) => b.name === 'Tentar novamente'),
          true,
        ),
        ...differs('plans on screen', seen.radios.length, 0),
      ];
    case 'subscribed':
      return [
        ...differs('h1', seen.heading, 'Sua assinatura está ativa'),
        ...differs(
          '"Ir para o início"',
          seen.links.find((l) => l.name === 'Ir para o início')?.href ?? null,
          '/home',
        ),
        ...differs('plans on screen', seen.radios.length, 0),
      ];
    case 'plans': {
      const checked = seen.radios.filter((r) => r.checked).map((r) => PLAN_IDS[r.plan] ?? r.plan);
      const subscribe = seen.buttons.find((b) => b.name === (screen.error ? 'Tentar novamente' : 'Assinar'));
      const back = seen.links.find((l) => l.name === 'Voltar para o início')?.href ?? null;
      const trialLine = screen.trialEndsAt
        ? `Seu teste grátis vai até ${formatDate(screen.trialEndsAt)}. Assine agora e continue sem interrupção.`
        : null;
      return [
        ...differs('h1', seen.heading, screen.trialEndsAt ? TRIAL_HEADING : HEADINGS[screen.reason]),
        ...differs('the plan picked', checked, [screen.selected]),
        ...differs('the alert', seen.alert, screen.error),
        ...differs('the subscribe button (disabled)', subscribe?.disabled ?? 'missing', screen.busy),
        ...differs('"Voltar para o início"', back, screen.trialEndsAt ? '/home' : null),
        ...(trialLine && !seen.text.includes(trialLine) ? [`"${trialLine}" is not on screen`] : []),
      ];
    }
    case 'redirect':
      return [];
  }
}

async function perform(ui: UiSurface, server: CheckoutServer, action: CheckoutUserAction): Promise<void> {
  switch (action.do) {
    case 'open':
      return server.open(action.url);
    case 'answer-paywall':
      return server.answerPaywall(action.status, action.body);
    case 'answer-checkout':
      return server.answerCheckout(action.planId, action.status, action.body);
    case 'pick-plan':
      return ui.click({ role: 'radio', name: PLAN_NAMES[action.planId] });
    case 'click':
      return ui.click({ role: 'button', name: action.button, exact: true });
  }
}

/** Does what step `index` of a /paywall path says. */
export async function actCheckoutStep(
  ui: UiSurface,
  server: CheckoutServer,
  path: CheckoutStep,
  index: number,
): Promise<void> {
  for (const action of planCheckoutStep(path, index).actions) await perform(ui, server, action);
}

/** Throws, saying what differs, unless the screen shows what step `index` of the path leads to. */
export async function checkCheckoutStep(
  ui: UiSurface,
  server: CheckoutServer,
  path: CheckoutStep,
  index: number,
): Promise<void> {
  const { screen } = planCheckoutStep(path, index);
  if (screen.shows === 'redirect') {
    await expectScreen(
      ui,
      () => server.checkoutOpened(screen.url),
      (problems) => problems,
    );
    return;
  }
  await expectScreen(
    ui,
    async () => ({ seen: await ui.read(readPaywall, null), at: await ui.location() }),
    ({ seen, at }) => [...differs('the address', at, '/paywall'), ...mismatches(screen, seen)],
  );
}

/** What the user must see after step `index`, in words (for the browser report). */
export function checkoutExpectation(path: CheckoutStep, index: number): string {
  const { screen } = planCheckoutStep(path, index);
  switch (screen.shows) {
    case 'loading':
      return '"Carregando planos..."';
    case 'failed':
      return `"${screen.text}" and "Tentar novamente"`;
    case 'subscribed':
      return '"Sua assinatura está ativa" and a link to /home';
    case 'plans':
      return `"${screen.trialEndsAt ? TRIAL_HEADING : HEADINGS[screen.reason]}", the ${screen.selected} plan picked${screen.error ? `, "${screen.error}"` : ''}${screen.busy ? ', "Assinar" busy' : ''}`;
    case 'redirect':
      return 'the checkout page';
  }
}
