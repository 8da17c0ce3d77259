import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { formatBrazilianPhone } from '../../contracts/brazil/mobile-phone';
import type { PhoneVerificationInput } from '../phone-verification/phone-verification.machine';
import { codeSentTo, NEW_PHONE, PHONE_CHANGE_URL } from './phone-change.paths';
import { phoneChangeValidateMachine, SETTINGS_PATH } from './phone-change-validate.machine';

/**
 * "Valide seu telefone" of the phone change: its path model and, per step, what to do in the running
 * app and what the user must see (`planPhoneChangeValidateStep`). The chart's own moves are where
 * the invoked SMS-code chart ends (its inner steps are phone-verification's paths): the right code
 * changes the number, "Alterar número" goes back to the form; the page starts with the form's code
 * pending, or with none (opened directly: "Enviar código" first).
 */

export type PhoneChangeValidateSnapshot = SnapshotFrom<typeof phoneChangeValidateMachine>;

export interface PhoneChangeValidateScenario {
  name: 'sent' | 'unsent';
  summary: string;
  input: PhoneVerificationInput;
}

const shownNew = formatBrazilianPhone(NEW_PHONE);

export const phoneChangeValidateScenarios: PhoneChangeValidateScenario[] = [
  {
    name: 'sent',
    summary: `The user types ${shownNew} on "Alterar o número de celular" and presses "Enviar código"`,
    input: { phoneNumber: NEW_PHONE, sent: codeSentTo },
  },
  {
    name: 'unsent',
    summary: `The user opens "Valide seu telefone" for ${shownNew} with no code pending for it`,
    input: { phoneNumber: NEW_PHONE, sent: null, awaitingSend: true },
  },
];

export const PHONE_CHANGED_TEXT = 'Número de celular atualizado.';
export const VALIDATE_URL = `${PHONE_CHANGE_URL}/validate`;

/** How the SMS-code chart ends: the verify call's answer (the new number), or "Alterar número". */
const ends = [{ kind: 'verified', answer: { mobilePhone: NEW_PHONE } }, { kind: 'changeNumber' }] as const;

const startOf = (snapshot: PhoneChangeValidateSnapshot) =>
  snapshot.context.verification.awaitingSend ? 'unsent' : 'sent';

export const phoneChangeValidatePathModel = {
  chart: 'phone-change-validate',
  title: '"Valide seu telefone": the right code changes the number, "Alterar número" goes back to the form',
  machine: phoneChangeValidateMachine,
  scenarios: phoneChangeValidateScenarios,

  // The user's events go to the SMS-code chart; this chart only hears how it ended.
  events: (): AnyEventObject[] => [],

  actors: [{ id: 'phoneVerification', src: 'phoneVerification', outputs: ends }],

  serializeState(snapshot: PhoneChangeValidateSnapshot): string {
    return `${startOf(snapshot)} · ${String(snapshot.value)}`;
  },

  /** Both starts, and each end from one of them. */
  coverageKey(snapshot: PhoneChangeValidateSnapshot): string {
    return snapshot.matches('verifying') ? `${startOf(snapshot)} · verifying` : String(snapshot.value);
  },

  describeState(snapshot: PhoneChangeValidateSnapshot): string {
    switch (String(snapshot.value)) {
      case 'verifying':
        return startOf(snapshot) === 'sent'
          ? `"Valide seu telefone": a code was sent to ${shownNew}, "Reenviar código" counts down`
          : `"Valide seu telefone": no code sent to ${shownNew} yet, "Enviar código"`;
      case 'changingNumber':
        return 'back on "Alterar o número de celular"';
      default:
        return `"${PHONE_CHANGED_TEXT}", on /settings with ${shownNew}`;
    }
  },

  describeEvent(event: AnyEventObject, before: PhoneChangeValidateSnapshot): string {
    const output = (event as { output?: { kind?: string } }).output;
    if (output?.kind === 'changeNumber') return 'The user presses "Alterar número"';
    return startOf(before) === 'unsent'
      ? 'The user presses "Enviar código", types the code texted and presses "Validar"'
      : 'The user types the code texted and presses "Validar"';
  },
};

/** What the drivers do in the running app, as data. */
export type PhoneChangeValidateUserAction =
  /** On the form, type the new number and press "Enviar código" (the server sends it). */
  | { do: 'send-from-form'; url: string; phoneNumber: string }
  /** Open "Valide seu telefone" for `phoneNumber` directly. */
  | { do: 'open'; url: string; phoneNumber: string }
  | { do: 'click'; button: string }
  /** Type the code the server texted to `phoneNumber` (the right one). */
  | { do: 'type-code'; phoneNumber: string };

/**
 * What the user must see. `phoneNumber` is the new number (digits with 55); a layer that cannot use
 * the plan's number (a real account changes it for good) puts its own in, for addresses and text.
 */
export type PhoneChangeValidateScreen =
  | { shows: 'code-sent'; phoneNumber: string }
  | { shows: 'no-code'; phoneNumber: string }
  | { shows: 'form'; url: string }
  | { shows: 'settings'; url: string; toast: string; phoneNumber: string };

export interface PhoneChangeValidateStepPlan {
  actions: PhoneChangeValidateUserAction[];
  screen: PhoneChangeValidateScreen;
}

interface PlannablePath {
  scenario: { input: PhoneVerificationInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: PhoneChangeValidateSnapshot }>;
}

function actionsFor(path: PlannablePath, index: number): PhoneChangeValidateUserAction[] {
  const { phoneNumber, awaitingSend } = path.scenario.input;
  if (index === 0)
    return awaitingSend
      ? [{ do: 'open', url: VALIDATE_URL, phoneNumber }]
      : [{ do: 'send-from-form', url: PHONE_CHANGE_URL, phoneNumber }];
  const output = (path.steps[index]!.event as { output?: { kind?: string } }).output;
  if (output?.kind === 'changeNumber') return [{ do: 'click', button: 'Alterar número' }];
  return [
    ...(awaitingSend ? [{ do: 'click', button: 'Enviar código' } as const] : []),
    { do: 'type-code', phoneNumber },
    { do: 'click', button: 'Validar' },
  ];
}

function screenOf(path: PlannablePath, snapshot: PhoneChangeValidateSnapshot): PhoneChangeValidateScreen {
  const { phoneNumber } = path.scenario.input;
  switch (String(snapshot.value)) {
    case 'verifying':
      return { shows: startOf(snapshot) === 'sent' ? 'code-sent' : 'no-code', phoneNumber };
    case 'changingNumber':
      return { shows: 'form', url: PHONE_CHANGE_URL };
    default:
      return { shows: 'settings', url: SETTINGS_PATH, toast: PHONE_CHANGED_TEXT, phoneNumber };
  }
}

/** What to do at step `index` of a "Valide seu telefone" path, and what the user must then see. */
export function planPhoneChangeValidateStep(path: PlannablePath, index: number): PhoneChangeValidateStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path, path.steps[index]!.state) };
}
