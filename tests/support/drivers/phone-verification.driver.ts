import type {
  PhoneVerificationInput,
  PhoneVerificationSnapshot,
} from '../../../machines/phone-verification/phone-verification.machine';
import {
  PHONE_PATHS_NOW,
  type PhoneVerificationScreen,
  planPhoneVerificationStep,
} from '../../../machines/phone-verification/phone-verification.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

export type PhoneVerificationPath = ChartPath<PhoneVerificationSnapshot, PhoneVerificationInput>;
export type PhoneVerificationReply = { status: number; body: unknown };

/**
 * What a layer does for the SMS code's paths that the screen cannot: the page that embeds the chart
 * (onboarding's verify-phone step, the settings phone change, a test host) and its server.
 */
export interface PhoneVerificationServer {
  /** Opens the page embedding the chart in the path's scenario. */
  open(path: PhoneVerificationPath): Promise<void>;
  /** Answers the pending verify call (after checking it sent the path's number and code). */
  answerVerify(reply: PhoneVerificationReply): Promise<void>;
  /** Answers the pending send (after checking it sent the path's number and `isResend`). */
  answerSend(isResend: boolean, reply: PhoneVerificationReply): Promise<void>;
  /** How the embedding page shows the chart's end: verified, gone to change the number, or not yet. */
  left(): Promise<'verified' | 'changeNumber' | null>;
}

const readNow = (_document: Document) => Date.now();

/** An answer's instants moved from the paths' clock to the page's now (time may have passed). */
function shiftedTo(now: number, body: unknown): unknown {
  const data = (body as { data?: Record<string, unknown> }).data;
  if (!data || typeof data.resendAvailableAt !== 'string') return body;
  const shift = (iso: unknown) => new Date(Date.parse(String(iso)) - PHONE_PATHS_NOW + now).toISOString();
  return {
    ...(body as object),
    data: { ...data, resendAvailableAt: shift(data.resendAvailableAt), expiresAt: shift(data.expiresAt) },
  };
}

/** Acts out step `index` of an SMS code path. */
export async function actPhoneVerificationStep(
  ui: UiSurface,
  server: PhoneVerificationServer,
  path: PhoneVerificationPath,
  index: number,
): Promise<void> {
  if (index === 0) await server.open(path);
  for (const action of planPhoneVerificationStep(path, index).actions) {
    switch (action.do) {
      case 'type-code':
        await ui.fill({ label: 'Código de verificação' }, '');
        await ui.type({ label: 'Código de verificação' }, action.code);
        break;
      case 'click':
        await ui.click({ role: 'button', name: action.button, exact: true });
        break;
      case 'answer-verify':
        await server.answerVerify({ status: action.status, body: action.body });
        break;
      case 'answer-send':
        await server.answerSend(action.isResend, {
          status: action.status,
          body: shiftedTo(await ui.read(readNow, null), action.body),
        });
        break;
      case 'wait':
        await ui.advance(action.seconds * 1000);
        break;
    }
  }
}

interface SeenCode {
  phone: string | null;
  alerts: string[];
  firstCodeOffer: boolean;
  codeSentText: boolean;
  code: { value: string; readOnly: boolean; invalid: boolean } | null;
  buttons: Array<{ text: string; disabled: boolean }>;
  resentNotice: boolean;
}

function readCodeView(document: Document): SeenCode {
  const texts = [...document.querySelectorAll('p')].map((p) => p.textContent ?? '');
  const field = document.querySelector<HTMLInputElement>('input[name="code"]');
  return {
    phone: document.querySelector('strong.phone-verification__phone')?.textContent ?? null,
    alerts: [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent ?? ''),
    firstCodeOffer: texts.some((t) => t.startsWith('Ainda não enviamos um código para')),
    codeSentText: texts.some((t) => t.startsWith('Enviamos um código de 6 números por SMS para')),
    code: field && {
      value: field.value,
      readOnly: field.readOnly,
      invalid: field.getAttribute('aria-invalid') === 'true',
    },
    buttons: [...document.querySelectorAll('button')].map((b) => ({
      text: b.textContent ?? '',
      disabled: b.disabled,
    })),
    resentNotice: texts.includes('Enviamos um novo código.'),
  };
}

function mismatches(screen: PhoneVerificationScreen, seen: SeenCode): string[] {
  const button = (pattern: RegExp) => seen.buttons.find((b) => pattern.test(b.text));
  const problems = [
    ...differs('the number shown', seen.phone, screen.phone),
    ...differs('the alerts', seen.alerts, screen.alerts),
  ];
  if (screen.firstCode) {
    const send = button(/^Enviar código$|^Enviando código\.\.\.$/);
    return [
      ...problems,
      ...differs('"Ainda não enviamos um código"', seen.firstCodeOffer, true),
      ...differs('a code field', seen.code !== null, false),
      ...differs(
        'the send button',
        send && { text: send.text, disabled: send.disabled },
        screen.firstCode === 'sending'
          ? { text: 'Enviando código...', disabled: true }
          : { text: 'Enviar código', disabled: false },
      ),
      ...differs('"Alterar número"', !!button(/^Alterar número$/), true),
    ];
  }
  const resend = button(/^Reenviar código|^Enviando código/);
  const resendSeen = resend && {
    text: /^Reenviar código em [0-9]:[0-5][0-9]$/.test(resend.text) ? 'countdown' : resend.text,
    disabled: resend.disabled,
  };
  const resendExpected =
    screen.resend === 'countdown'
      ? { text: 'countdown', disabled: true }
      : screen.resend === 'sending'
        ? { text: 'Enviando código...', disabled: true }
        : { text: 'Reenviar código', disabled: false };
  return [
    ...problems,
    ...differs('"Ainda não enviamos um código"', seen.firstCodeOffer, false),
    ...differs('"Enviamos um código de 6 números"', seen.codeSentText, true),
    ...differs('the code field', seen.code, {
      value: screen.code,
      readOnly: screen.verifying,
      invalid: screen.codeInvalid,
    }),
    ...differs('the resend button', resendSeen, resendExpected),
    ...differs('"Enviamos um novo código."', seen.resentNotice, screen.resentNotice),
    ...differs('the submit button', !!button(screen.verifying ? /^Validando\.\.\.$/ : /^Validar$/), true),
  ];
}

/** Throws, saying what differs, unless the screen shows what step `index` leads to. */
export async function checkPhoneVerificationStep(
  ui: UiSurface,
  server: PhoneVerificationServer,
  path: PhoneVerificationPath,
  index: number,
): Promise<void> {
  const { screen } = planPhoneVerificationStep(path, index);
  if (screen.left) {
    await expectScreen(ui, server.left, (left) => differs('the end', left, screen.left));
    return;
  }
  await expectScreen(
    ui,
    async () => ({ left: await server.left(), seen: await ui.read(readCodeView, null) }),
    ({ left, seen }) => [...differs('the end', left, null), ...mismatches(screen, seen)],
  );
}

/** What the user must see after step `index`, in words. */
export function phoneVerificationExpectation(path: PhoneVerificationPath, index: number): string {
  const { screen } = planPhoneVerificationStep(path, index);
  if (screen.left === 'verified') return 'the code checked out: the page moves on';
  if (screen.left === 'changeNumber') return 'back to the phone number form';
  if (screen.firstCode)
    return `no code sent to ${screen.phone} yet; "${screen.firstCode === 'sending' ? 'Enviando código...' : 'Enviar código'}"${screen.alerts.length ? `; alerts: ${screen.alerts.join(' / ')}` : ''}`;
  return [
    `the code field holds "${screen.code}"${screen.verifying ? ' (read-only, "Validando...")' : ''}`,
    `resend: ${screen.resend}`,
    ...(screen.resentNotice ? ['"Enviamos um novo código."'] : []),
    ...(screen.alerts.length ? [`alerts: ${screen.alerts.join(' / ')}`] : []),
  ].join('; ');
}
