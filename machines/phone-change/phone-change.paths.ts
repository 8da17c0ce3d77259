import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { formatBrazilianPhone, withCountryCode } from '../../contracts/brazil/mobile-phone';
import { INVALID_MOBILE_TEXT, type PhoneVerificationSent } from '../../contracts/onboarding';
import type { CallFailure } from '../phone-verification/call-failure';
import { type PhoneChangeEvent, type PhoneChangeInput, phoneChangeMachine } from './phone-change.machine';

/**
 * The phone change's request step ("Alterar o número de celular"): its path model, and per step what
 * to do in the running app and what the user must see (`planPhoneChangeStep`), for the drivers.
 */

export type PhoneChangeSnapshot = SnapshotFrom<typeof phoneChangeMachine>;

export interface PhoneChangeScenario {
  name: string;
  summary: string;
  input: PhoneChangeInput;
}

export const CURRENT_PHONE = '5511987654321';
/** What the user types, as the field shows it. */
export const typed = {
  partial: '(21) 9876',
  current: '(11) 98765-4321',
  fresh: '(21) 99876-5432',
} as const;
export const NEW_PHONE = withCountryCode(typed.fresh);

export const phoneChangeScenarios: PhoneChangeScenario[] = [
  {
    name: 'change',
    summary: `The user, whose number is ${formatBrazilianPhone(CURRENT_PHONE)}, opens "Alterar o número de celular"`,
    input: { currentPhone: CURRENT_PHONE },
  },
];

/** The send's answer: the code expires in 10 minutes, another may be asked for in 60 s. */
export const codeSentTo: PhoneVerificationSent = {
  phoneNumber: NEW_PHONE,
  expiresAt: '2030-01-15T12:10:00.000Z',
  resendAvailableAt: '2030-01-15T12:01:00.000Z',
};

/** Server refusals, as the app's actors reject (ApiError's shape). */
export const sendBroken = Object.assign(new Error('Provedor de SMS indisponível.'), { status: 500 });
export const sendTooSoon = Object.assign(new Error('Aguarde para pedir outro código.'), { status: 429 });

/** Spec §8, to the letter. */
export const SEND_FAILED_TEXT = 'Ops! Falha ao enviar código de verificação.';
export const SAME_NUMBER_TEXT = 'Este já é o seu número atual. Informe um número novo.';

function typedName(phone: string): string {
  if (phone === '') return 'nothing typed';
  if (withCountryCode(phone) === CURRENT_PHONE) return 'the current number';
  if (withCountryCode(phone) === NEW_PHONE) return 'a new number';
  return 'part of a number';
}

function failureName(failure: CallFailure | null): string | undefined {
  if (!failure) return undefined;
  return failure.kind === 'failed'
    ? `send refused (${failure.status ?? 'no answer'})`
    : 'send refused (no user)';
}

export const phoneChangePathModel = {
  chart: 'phone-change',
  title: '"Alterar o número de celular": a new number is typed and a code sent to it',
  machine: phoneChangeMachine,
  scenarios: phoneChangeScenarios,

  events(snapshot: PhoneChangeSnapshot): PhoneChangeEvent[] {
    if (!snapshot.matches('editing')) return [];
    const shown = formatBrazilianPhone(snapshot.context.phone);
    return [
      ...Object.values(typed)
        .filter((text) => text !== shown)
        .map((phone): PhoneChangeEvent => ({ type: 'CHANGE', phone })),
      { type: 'SUBMIT' },
    ];
  },

  actors: [{ id: 'sendCode', src: 'sendCode', outputs: [codeSentTo], errors: [sendBroken, sendTooSoon] }],

  serializeState(snapshot: PhoneChangeSnapshot): string {
    const { phone, problem, failure } = snapshot.context;
    return [String(snapshot.value), typedName(phone), problem, failureName(failure)]
      .filter(Boolean)
      .join(' · ');
  },

  /** Every state, with every reason a number is not sent. */
  coverageKey(snapshot: PhoneChangeSnapshot): string {
    const { problem, failure } = snapshot.context;
    return [String(snapshot.value), problem, failureName(failure)].filter(Boolean).join(' · ');
  },

  describeState(snapshot: PhoneChangeSnapshot): string {
    const { phone, problem, failure } = snapshot.context;
    if (snapshot.matches('sending')) return `sends a code to ${formatBrazilianPhone(phone)}`;
    if (snapshot.matches('sent')) return 'the code is on its way: on to "Valide seu telefone"';
    const why =
      problem === 'invalid'
        ? ', says it is not a valid mobile'
        : problem === 'same'
          ? ', says it is the current number'
          : failure
            ? ', says why the code was not sent'
            : '';
    return `the form, with ${typedName(phone)}${why}`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'CHANGE':
        return `The user types ${(event as { phone?: string }).phone}`;
      case 'SUBMIT':
        return 'The user clicks "Enviar código"';
      case 'xstate.done.actor.sendCode':
        return 'The server sends the code';
      case 'xstate.error.actor.sendCode':
        return `The send fails (${(event as { error?: { status?: number } }).error?.status})`;
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type PhoneChangeUserAction =
  /** Open the page for a user whose number is `currentPhone`. */
  | { do: 'open'; url: string; currentPhone: string }
  /** Clear the new-number field and type `text`. */
  | { do: 'type'; text: string }
  | { do: 'click'; button: string }
  /** Answer the pending send, which must ask for `phoneNumber`. */
  | { do: 'answer-send'; phoneNumber: string; status: number; body: unknown };

export type PhoneChangeScreen =
  | { shows: 'form'; value: string; error: string | null }
  | { shows: 'sending' }
  | { shows: 'redirect'; path: string };

export interface PhoneChangeStepPlan {
  actions: PhoneChangeUserAction[];
  screen: PhoneChangeScreen;
}

interface PlannablePath {
  scenario: { input: PhoneChangeInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: PhoneChangeSnapshot }>;
}

export const PHONE_CHANGE_URL = '/settings/access-security/phone-change';
export const SEND_LABEL = 'Enviar código';

function actionsFor(path: PlannablePath, index: number): PhoneChangeUserAction[] {
  const { event } = path.steps[index]!;
  if (index === 0)
    return [{ do: 'open', url: PHONE_CHANGE_URL, currentPhone: path.scenario.input.currentPhone! }];
  const before = path.steps[index - 1]!.state;
  switch (event.type) {
    case 'CHANGE':
      return [{ do: 'type', text: (event as { phone?: string }).phone! }];
    case 'SUBMIT':
      return [{ do: 'click', button: SEND_LABEL }];
    case 'xstate.done.actor.sendCode':
      return [
        {
          do: 'answer-send',
          phoneNumber: withCountryCode(before.context.phone),
          status: 200,
          body: { success: true, data: (event as { output?: unknown }).output },
        },
      ];
    case 'xstate.error.actor.sendCode': {
      const error = (event as { error?: Error & { status: number } }).error!;
      return [
        {
          do: 'answer-send',
          phoneNumber: withCountryCode(before.context.phone),
          status: error.status,
          body: {
            success: false,
            error: error.message,
            code: error.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR',
          },
        },
      ];
    }
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

/** Spec §8: a send that failed with 500 shows the server's text; any other failure, the default. */
function failureText(failure: CallFailure): string {
  return failure.kind === 'failed' && failure.status === 500 ? failure.message : SEND_FAILED_TEXT;
}

function screenOf(snapshot: PhoneChangeSnapshot): PhoneChangeScreen {
  const { phone, problem, failure, sent } = snapshot.context;
  if (snapshot.matches('sending')) return { shows: 'sending' };
  if (snapshot.matches('sent'))
    return { shows: 'redirect', path: `${PHONE_CHANGE_URL}/validate?phone=${sent!.phoneNumber}` };
  const error =
    problem === 'invalid'
      ? INVALID_MOBILE_TEXT
      : problem === 'same'
        ? SAME_NUMBER_TEXT
        : failure
          ? failureText(failure)
          : null;
  return { shows: 'form', value: formatBrazilianPhone(phone), error };
}

/** What to do at step `index` of a phone-change path, and what the user must then see. */
export function planPhoneChangeStep(path: PlannablePath, index: number): PhoneChangeStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path.steps[index]!.state) };
}
