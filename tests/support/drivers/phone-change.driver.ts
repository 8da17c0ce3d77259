import {
  type PhoneChangeScreen,
  type PhoneChangeUserAction,
  planPhoneChangeStep,
} from '../../../machines/phone-change/phone-change.paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The phone change's driver ("Alterar o número de celular"), once for jsdom and Chromium. How the
 * server answers is the layer's (`PhoneChangeServer`).
 */

type PhoneChangeStep = Parameters<typeof planPhoneChangeStep>[0];

export interface PhoneChangeServer {
  /** Someone whose number is `currentPhone` (digits with 55) opens `url`. */
  open(url: string, currentPhone: string): Promise<void>;
  /** Answers the waiting send after checking it asks for a first code to `phoneNumber`. */
  answerSend(phoneNumber: string, status: number, body: unknown): Promise<void>;
}

const PHONE_FIELD = { label: 'Novo número de celular' } as const;

/** What the page shows, read in it. */
interface SeenPhoneChange {
  heading: string | null;
  field: { value: string; invalid: string | null; readOnly: boolean } | null;
  alert: string | null;
  buttons: { name: string; disabled: boolean }[];
}

function readPhoneChange(document: Document): SeenPhoneChange {
  const main = document.querySelector('main') ?? document.body;
  const label = [...main.querySelectorAll('label')].find((l) => l.textContent === 'Novo número de celular');
  const input = label?.htmlFor ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
  return {
    heading: main.querySelector('h1')?.textContent ?? null,
    field: input
      ? { value: input.value, invalid: input.getAttribute('aria-invalid'), readOnly: input.readOnly }
      : null,
    alert: main.querySelector('[role="alert"]')?.textContent ?? null,
    buttons: [...main.querySelectorAll('button')].map((b) => ({
      name: b.textContent?.trim() ?? '',
      disabled: b.disabled,
    })),
  };
}

const FORM_URL = '/settings/access-security/phone-change';

function mismatches(screen: PhoneChangeScreen, seen: SeenPhoneChange, at: string): string[] {
  const button = (name: string) => seen.buttons.find((b) => b.name === name)?.disabled ?? 'missing';
  switch (screen.shows) {
    case 'form':
      return [
        ...differs('the address', at, FORM_URL),
        ...differs('the new number', seen.field?.value ?? 'missing', screen.value),
        ...differs('the alert', seen.alert, screen.error),
        ...differs('aria-invalid', seen.field?.invalid ?? null, screen.error ? 'true' : null),
        ...differs('"Enviar código" disabled', button('Enviar código'), false),
      ];
    case 'sending':
      return [
        ...differs('"Enviando código..." disabled', button('Enviando código...'), true),
        ...differs('the field read-only', seen.field?.readOnly ?? 'missing', true),
      ];
    case 'redirect':
      return [
        ...differs('the address', at, screen.path),
        ...differs('h1', seen.heading, 'Valide seu telefone'),
      ];
  }
}

async function perform(
  ui: UiSurface,
  server: PhoneChangeServer,
  action: PhoneChangeUserAction,
): Promise<void> {
  switch (action.do) {
    case 'open':
      return server.open(action.url, action.currentPhone);
    case 'type':
      // Key by key, as a person types: the field's mask sees every key.
      await ui.fill(PHONE_FIELD, '');
      return ui.type(PHONE_FIELD, action.text);
    case 'click':
      return ui.click({ role: 'button', name: action.button, exact: true });
    case 'answer-send':
      return server.answerSend(action.phoneNumber, action.status, action.body);
  }
}

/** Does what step `index` of a phone-change path says. */
export async function actPhoneChangeStep(
  ui: UiSurface,
  server: PhoneChangeServer,
  path: PhoneChangeStep,
  index: number,
): Promise<void> {
  for (const action of planPhoneChangeStep(path, index).actions) await perform(ui, server, action);
}

/** Throws, saying what differs, unless the page shows what step `index` of the path leads to. */
export async function checkPhoneChangeStep(
  ui: UiSurface,
  path: PhoneChangeStep,
  index: number,
): Promise<void> {
  const { screen } = planPhoneChangeStep(path, index);
  await expectScreen(
    ui,
    async () => ({ seen: await ui.read(readPhoneChange, null), at: await ui.location() }),
    ({ seen, at }) => mismatches(screen, seen, at),
  );
}

/** What the user must see after step `index`, in words (for the browser report). */
export function phoneChangeExpectation(path: PhoneChangeStep, index: number): string {
  const { screen } = planPhoneChangeStep(path, index);
  switch (screen.shows) {
    case 'form':
      return `the form with "${screen.value}"${screen.error ? `, "${screen.error}"` : ''}`;
    case 'sending':
      return '"Enviando código..." and the field read-only';
    case 'redirect':
      return `"Valide seu telefone" at ${screen.path}`;
  }
}
