import { formatBrazilianPhone } from '../../../contracts/brazil/mobile-phone';
import {
  type PhoneChangeValidateScreen,
  type PhoneChangeValidateUserAction,
  planPhoneChangeValidateStep,
} from '../../../machines/phone-change/phone-change-validate.paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * "Valide seu telefone" of the phone change, once for jsdom and Chromium. How the server answers
 * (and which new number a layer can use) is the layer's (`PhoneChangeValidateServer`).
 */

type PhoneChangeValidateStep = Parameters<typeof planPhoneChangeValidateStep>[0];

export interface PhoneChangeValidateServer {
  /**
   * The new number the layer changes to (digits with 55), in place of the plan's: a real account
   * keeps the number it changed to, so each run needs one no account has.
   */
  newPhone(planned: string): string;
  /** The signed-in user opens `url` (the app's address, search and all). */
  open(url: string): Promise<void>;
  /** The right code for `phoneNumber`: the one the server texted. */
  codeFor(phoneNumber: string): Promise<string>;
}

const PHONE_FIELD = { label: 'Novo número de celular' } as const;
const CODE_FIELD = { label: 'Código de verificação' } as const;

/** What the page shows, read in it. */
interface SeenValidate {
  heading: string | null;
  text: string;
  codeField: boolean;
  phoneField: boolean;
  buttons: { name: string; disabled: boolean }[];
  toasts: string[];
  account: string | null;
}

function readValidate(document: Document): SeenValidate {
  const main = document.querySelector('main') ?? document.body;
  const labelled = (text: string) => [...main.querySelectorAll('label')].some((l) => l.textContent === text);
  const account = document.getElementById('settings-account')?.closest('section');
  return {
    heading: main.querySelector('h1')?.textContent ?? null,
    text: main.textContent ?? '',
    codeField: labelled('Código de verificação'),
    phoneField: labelled('Novo número de celular'),
    buttons: [...main.querySelectorAll('button')].map((b) => ({
      name: b.textContent?.trim() ?? '',
      disabled: b.disabled,
    })),
    toasts: [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map(
      (el) => el.textContent ?? '',
    ),
    account: account?.textContent ?? null,
  };
}

function mismatches(
  screen: PhoneChangeValidateScreen,
  phone: string,
  seen: SeenValidate,
  at: string,
): string[] {
  const shown = formatBrazilianPhone(phone);
  const button = (name: RegExp) => seen.buttons.find((b) => name.test(b.name))?.disabled ?? 'missing';
  switch (screen.shows) {
    case 'code-sent':
      return [
        ...differs('the address', at, `${validateUrl(phone)}`),
        ...differs('h1', seen.heading, 'Valide seu telefone'),
        ...differs(
          'says the code went to the number',
          seen.text.includes(`Enviamos um código de 6 números por SMS para ${shown}`),
          true,
        ),
        ...differs('the code field', seen.codeField, true),
        ...differs('"Reenviar código em …" disabled', button(/^Reenviar código em /), true),
        ...differs('"Alterar número"', button(/^Alterar número$/), false),
      ];
    case 'no-code':
      return [
        ...differs('the address', at, `${validateUrl(phone)}`),
        ...differs('h1', seen.heading, 'Valide seu telefone'),
        ...differs(
          'says no code was sent',
          seen.text.includes(`Ainda não enviamos um código para ${shown}`),
          true,
        ),
        ...differs('the code field', seen.codeField, false),
        ...differs('"Enviar código"', button(/^Enviar código$/), false),
        ...differs('"Alterar número"', button(/^Alterar número$/), false),
      ];
    case 'form':
      return [
        ...differs('the address', at, screen.url),
        ...differs('h1', seen.heading, 'Alterar o número de celular'),
        ...differs('the new-number field', seen.phoneField, true),
      ];
    case 'settings':
      return [
        ...differs('the address', at, screen.url),
        ...differs('h1', seen.heading, 'Configurações'),
        ...differs('the toast', seen.toasts.includes(screen.toast), true),
        ...differs('"Sua conta" shows the new number', seen.account?.includes(shown) ?? 'missing', true),
      ];
  }
}

const validateUrl = (phone: string) => `/settings/access-security/phone-change/validate?phone=${phone}`;

async function perform(
  ui: UiSurface,
  server: PhoneChangeValidateServer,
  action: PhoneChangeValidateUserAction,
): Promise<void> {
  switch (action.do) {
    case 'send-from-form':
      await server.open(action.url);
      await ui.fill(PHONE_FIELD, '');
      // Key by key, as a person types: the field's mask sees every key.
      await ui.type(PHONE_FIELD, server.newPhone(action.phoneNumber).slice(2));
      return ui.click({ role: 'button', name: 'Enviar código', exact: true });
    case 'open':
      return server.open(`${action.url}?phone=${server.newPhone(action.phoneNumber)}`);
    case 'click':
      return ui.click({ role: 'button', name: action.button, exact: true });
    case 'type-code': {
      const code = await server.codeFor(server.newPhone(action.phoneNumber));
      await ui.fill(CODE_FIELD, '');
      return ui.type(CODE_FIELD, code);
    }
  }
}

/** Does what step `index` of a "Valide seu telefone" path says. */
export async function actPhoneChangeValidateStep(
  ui: UiSurface,
  server: PhoneChangeValidateServer,
  path: PhoneChangeValidateStep,
  index: number,
): Promise<void> {
  for (const action of planPhoneChangeValidateStep(path, index).actions) await perform(ui, server, action);
}

/** Throws, saying what differs, unless the page shows what step `index` of the path leads to. */
export async function checkPhoneChangeValidateStep(
  ui: UiSurface,
  server: PhoneChangeValidateServer,
  path: PhoneChangeValidateStep,
  index: number,
): Promise<void> {
  const { screen } = planPhoneChangeValidateStep(path, index);
  const phone = server.newPhone(path.scenario.input.phoneNumber);
  await expectScreen(
    ui,
    async () => ({ seen: await ui.read(readValidate, null), at: await ui.location() }),
    ({ seen, at }) => mismatches(screen, phone, seen, at),
  );
}

/** What the user must see after step `index`, in words (for the browser report). */
export function phoneChangeValidateExpectation(path: PhoneChangeValidateStep, index: number): string {
  const { screen } = planPhoneChangeValidateStep(path, index);
  switch (screen.shows) {
    case 'code-sent':
      return '"Valide seu telefone": the code sent to the new number, its field, "Reenviar código em …" disabled, "Alterar número"';
    case 'no-code':
      return '"Valide seu telefone": "Ainda não enviamos um código para …", "Enviar código", no code field';
    case 'form':
      return `"Alterar o número de celular" at ${screen.url}`;
    case 'settings':
      return `"${screen.toast}", /settings with the new number under "Sua conta"`;
  }
}
