import type { PaidSubscription } from '../../../contracts/billing';
import {
  planRenewalStep,
  type RenewalScreen,
  type RenewalUserAction,
} from '../../../machines/checkout/renewal.paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The renewal chart's driver (the subscription summary of /settings), once for jsdom and Chromium.
 * How the server answers is the layer's (`RenewalServer`).
 */

type RenewalStep = Parameters<typeof planRenewalStep>[0];

export interface RenewalServer {
  /** The owner of `subscription` (renewing or not, as it says) opens /settings. */
  open(subscription: PaidSubscription): Promise<void>;
  /** Answers the waiting PUT of the renewal after checking it asks for `cancelAtPeriodEnd`. */
  answerSave(cancelAtPeriodEnd: boolean, status: number, body: unknown): Promise<void>;
}

const SUMMARY = { role: 'region', name: 'Assinatura' } as const;

/** What the subscription card shows, read in the page. */
interface SeenSummary {
  found: boolean;
  terms: string[];
  group: boolean;
  buttons: string[];
  alert: string | null;
  status: string | null;
}

function readSummary(document: Document): SeenSummary {
  const card = document.getElementById('settings-subscription')?.closest('section');
  if (!card) return { found: false, terms: [], group: false, buttons: [], alert: null, status: null };
  return {
    found: true,
    terms: [...card.querySelectorAll('dt')].map((dt) => dt.textContent?.trim() ?? ''),
    group: card.querySelector('fieldset') !== null,
    buttons: [...card.querySelectorAll('button')].map((b) => b.textContent?.trim() ?? ''),
    alert: card.querySelector('[role="alert"]')?.textContent?.trim() ?? null,
    status: card.querySelector('[role="status"]')?.textContent?.trim() ?? null,
  };
}

function mismatches(screen: RenewalScreen, seen: SeenSummary): string[] {
  if (!seen.found) return ['the "Assinatura" card is not on screen'];
  switch (screen.shows) {
    case 'summary':
      return [
        ...differs('a confirmation on screen', seen.group, false),
        ...differs('the buttons', seen.buttons, [screen.button]),
        ...differs(
          '"Cancela ao fim do período" shown',
          seen.terms.includes('Cancela ao fim do período'),
          screen.cancelAtPeriodEnd,
        ),
        ...differs(
          '"Próxima cobrança" shown',
          seen.terms.includes('Próxima cobrança'),
          !screen.cancelAtPeriodEnd,
        ),
      ];
    case 'confirm':
      return [
        ...differs('a confirmation on screen', seen.group, true),
        ...differs('the buttons', seen.buttons, [screen.confirmButton, 'Voltar']),
        ...differs('the alert', seen.alert, screen.error),
      ];
    case 'saving':
      return [
        ...differs('the status', seen.status, 'Salvando...'),
        ...differs('the buttons', seen.buttons, []),
      ];
  }
}

async function perform(ui: UiSurface, server: RenewalServer, action: RenewalUserAction): Promise<void> {
  switch (action.do) {
    case 'open':
      return server.open(action.subscription);
    case 'click':
      return ui.click({ role: 'button', name: action.button, exact: true }, SUMMARY);
    case 'answer-save':
      return server.answerSave(action.cancelAtPeriodEnd, action.status, action.body);
  }
}

/** Does what step `index` of a renewal path says. */
export async function actRenewalStep(
  ui: UiSurface,
  server: RenewalServer,
  path: RenewalStep,
  index: number,
): Promise<void> {
  for (const action of planRenewalStep(path, index).actions) await perform(ui, server, action);
}

/** Throws, saying what differs, unless the card shows what step `index` of the path leads to. */
export async function checkRenewalStep(ui: UiSurface, path: RenewalStep, index: number): Promise<void> {
  const { screen } = planRenewalStep(path, index);
  await expectScreen(
    ui,
    async () => ({ seen: await ui.read(readSummary, null), at: await ui.location() }),
    ({ seen, at }) => [...differs('the address', at, '/settings'), ...mismatches(screen, seen)],
  );
}

/** What the user must see after step `index`, in words (for the browser report). */
export function renewalExpectation(path: RenewalStep, index: number): string {
  const { screen } = planRenewalStep(path, index);
  switch (screen.shows) {
    case 'summary':
      return `the summary ${screen.cancelAtPeriodEnd ? 'with "Cancela ao fim do período"' : 'with "Próxima cobrança"'} and "${screen.button}"`;
    case 'confirm':
      return `the confirmation with "${screen.confirmButton}" and "Voltar"${screen.error ? `, "${screen.error}"` : ''}`;
    case 'saving':
      return '"Salvando..."';
  }
}
