import type { AnyEventObject } from 'xstate';
import { flattenStateValue } from '../toasts/toast.paths';
import type { CallFailure } from './call-failure';
import {
  type CodeSent,
  type PhoneVerificationEvent,
  type PhoneVerificationInput,
  type PhoneVerificationSnapshot,
  phoneVerificationMachine,
} from './phone-verification.machine';

/**
 * The phone-verification chart's path model, and per step what to do in the app and what the user
 * must see (`planPhoneVerificationStep`), as data for the jsdom and browser drivers. The embedding
 * flow (onboarding, settings) is left out: these paths run on the chart alone.
 */

/** The paths' clock never moves by itself: only `after` steps pass time. */
export const PHONE_PATHS_NOW = Date.UTC(2030, 0, 15, 12);
const frozen = () => PHONE_PATHS_NOW;

export const PATHS_PHONE = '5511987654321';
export const PATHS_PHONE_SHOWN = '(11) 98765-4321';
export const RIGHT_CODE = '123456';
export const RESEND_COOLDOWN_S = 60;

const inSeconds = (seconds: number) => new Date(PHONE_PATHS_NOW + seconds * 1000).toISOString();

/** A send's answer: expires in 10 minutes, another code in 60 s. */
export const codeSent: CodeSent = {
  expiresAt: inSeconds(600),
  resendAvailableAt: inSeconds(RESEND_COOLDOWN_S),
};

/** What the verify call answers when the code checks out (the embedding flow's own answer). */
export const verifiedAnswer = { mobilePhone: PATHS_PHONE };

/** Server refusals, as the app's actors reject (ApiError's shape). */
export const wrongCode = Object.assign(new Error('Código incorreto. Você ainda tem 4 tentativas.'), {
  status: 400,
});
/** The server failed on its side while checking the code: the same code may be tried again. */
export const verifyBroken = Object.assign(new Error('Não foi possível validar o código agora.'), {
  status: 500,
});
export const sendBroken = Object.assign(new Error('Provedor de SMS indisponível.'), { status: 500 });
export const sendTooSoon = Object.assign(new Error('Aguarde para pedir outro código.'), { status: 429 });

export interface PhoneVerificationScenario {
  name: string;
  summary: string;
  input: PhoneVerificationInput;
}

export const phoneVerificationScenarios: PhoneVerificationScenario[] = [
  {
    name: 'just-sent',
    summary: `A code was just sent to ${PATHS_PHONE_SHOWN}; another may be asked for in ${RESEND_COOLDOWN_S} s`,
    input: { phoneNumber: PATHS_PHONE, sent: codeSent, now: frozen },
  },
  {
    name: 'reopened',
    summary: `The page is opened again for ${PATHS_PHONE_SHOWN}, with no record of when the code was sent`,
    input: { phoneNumber: PATHS_PHONE, now: frozen },
  },
  {
    name: 'not-sent-yet',
    summary: `The page is opened for ${PATHS_PHONE_SHOWN}, and no code is pending for it`,
    input: { phoneNumber: PATHS_PHONE, awaitingSend: true, now: frozen },
  },
];

function failureName(failure: CallFailure | null): string | undefined {
  if (!failure) return undefined;
  if (failure.kind === 'missingUser') return 'no user';
  return `${failure.status ?? 'no answer'}`;
}

function codeName(code: string): string {
  if (code === '') return 'no code';
  if (code === RIGHT_CODE) return 'full code';
  return 'part of a code';
}

export const phoneVerificationPathModel = {
  chart: 'phone-verification',
  title: 'The SMS code: typed, checked, sent again after the cooldown, or the number changed',
  machine: phoneVerificationMachine,
  scenarios: phoneVerificationScenarios,

  events(snapshot: PhoneVerificationSnapshot): PhoneVerificationEvent[] {
    if (snapshot.matches({ unsent: 'sending' })) return [{ type: 'CHANGE_NUMBER' }];
    if (snapshot.matches('unsent')) return [{ type: 'SEND' }, { type: 'CHANGE_NUMBER' }];
    if (!snapshot.matches('active')) return [];
    const events: PhoneVerificationEvent[] = [{ type: 'CHANGE_NUMBER' }, { type: 'RESEND' }];
    if (!snapshot.matches({ active: { code: 'verifying' } })) {
      events.push({ type: 'SUBMIT' });
      if (snapshot.context.code !== RIGHT_CODE) events.push({ type: 'CHANGE_CODE', code: RIGHT_CODE });
      if (snapshot.context.code !== '12') events.push({ type: 'CHANGE_CODE', code: '12' });
    }
    return events;
  },

  /**
   * The cooldown (60 s) does not run out while a call is pending: the app's client gives up on a
   * call after 10 s, so in the app the call has failed by then.
   */
  allows(snapshot: PhoneVerificationSnapshot, event: AnyEventObject): boolean {
    if (!event.type.startsWith('xstate.after.')) return true;
    return !(
      snapshot.matches({ active: { code: 'verifying' } }) ||
      snapshot.matches({ active: { resend: 'sending' } }) ||
      snapshot.matches({ unsent: 'sending' })
    );
  },

  actors: [
    { id: 'verifyCode', src: 'verifyCode', outputs: [verifiedAnswer], errors: [wrongCode, verifyBroken] },
    { id: 'sendCode', src: 'sendCode', outputs: [codeSent], errors: [sendBroken, sendTooSoon] },
  ],

  serializeState(snapshot: PhoneVerificationSnapshot): string {
    const c = snapshot.context;
    return [
      flattenStateValue(snapshot.value),
      codeName(c.code),
      c.codeFailure && `code refused (${failureName(c.codeFailure)})`,
      c.sendFailure && `send refused (${failureName(c.sendFailure)})`,
      c.resent && 'sent again',
    ]
      .filter(Boolean)
      .join(' · ');
  },

  coverageKey(snapshot: PhoneVerificationSnapshot): string {
    const c = snapshot.context;
    return [flattenStateValue(snapshot.value), failureName(c.codeFailure), failureName(c.sendFailure)]
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: PhoneVerificationSnapshot): string {
    if (snapshot.matches('verified')) return 'the code checked out: the flow moves on';
    if (snapshot.matches('changingNumber')) return 'back to the phone number form';
    if (snapshot.matches({ unsent: 'idle' })) return 'says no code was sent yet, offers "Enviar código"';
    if (snapshot.matches({ unsent: 'sending' })) return 'sends the first code';
    if (snapshot.matches({ unsent: 'failed' }))
      return 'says the code could not be sent, offers "Enviar código" again';
    const c = snapshot.context;
    const code: Record<string, string> = {
      entering: `the code field holds ${codeName(c.code)}`,
      incomplete: 'says the code has 6 numbers',
      verifying: 'checks the code with the server',
      rejected: `shows the server’s refusal "${c.codeFailure?.kind === 'failed' ? c.codeFailure.message : ''}"`,
    };
    const resend: Record<string, string> = {
      coolingDown: 'the resend button counts down',
      available: 'another code may be asked for',
      sending: 'another code is being sent',
      failed: 'says the resend failed',
    };
    const value = snapshot.value as { active: { code: string; resend: string } };
    return `${code[value.active.code]}; ${resend[value.active.resend]}`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'CHANGE_CODE':
        return `The user types "${(event as { code?: string }).code}" in the code field`;
      case 'SUBMIT':
        return 'The user clicks "Validar"';
      case 'RESEND':
        return 'The user clicks "Reenviar código"';
      case 'SEND':
        return 'The user clicks "Enviar código"';
      case 'CHANGE_NUMBER':
        return 'The user clicks "Alterar número"';
      case 'xstate.done.actor.verifyCode':
        return 'The server accepts the code';
      case 'xstate.error.actor.verifyCode':
        return (event as { error?: { status?: number } }).error?.status === 400
          ? 'The server refuses the code (400, wrong code)'
          : 'The server fails to check the code (500)';
      case 'xstate.done.actor.sendCode':
        return 'The server sends a code';
      case 'xstate.error.actor.sendCode':
        return `The server fails to send the code (${(event as { error?: { status?: number } }).error?.status})`;
      default:
        if (event.type.startsWith('xstate.after.resendDelay.'))
          return `${RESEND_COOLDOWN_S} s pass: the cooldown is over`;
        return event.type;
    }
  },
};

/** Spec §8, to the letter: the send's default error. */
export const SEND_FAILED_TEXT = 'Ops! Falha ao enviar código de verificação.';
export const MISSING_USER_TEXT = 'Sessão de usuário não encontrada. Por favor, faça login novamente.';
/** The contract's words for a code that is not 6 digits. */
export const CODE_LENGTH_TEXT = 'O código tem 6 números.';

/** Spec §8: a send that failed with 500 shows the server's text (or the default); any other, the default. */
export function sendFailureText(failure: CallFailure): string {
  if (failure.kind === 'missingUser') return MISSING_USER_TEXT;
  if (failure.status === 500 && failure.message.trim() !== '') return failure.message;
  return SEND_FAILED_TEXT;
}

/** What the drivers do, as data. */
export type PhoneVerificationUserAction =
  | { do: 'type-code'; code: string }
  | { do: 'click'; button: 'Validar' | 'Reenviar código' | 'Alterar número' | 'Enviar código' }
  /** Answer the pending verify call. */
  | { do: 'answer-verify'; status: number; body: unknown }
  /** Answer the pending send (the first code, or another); times relative to the moment of answering. */
  | { do: 'answer-send'; isResend: boolean; status: number; body: unknown }
  | { do: 'wait'; seconds: number };

export interface PhoneVerificationScreen {
  /** Verified or gone to change the number: the code view is gone. */
  left: 'verified' | 'changeNumber' | null;
  /** The formatted number the code went to. */
  phone: string;
  code: string;
  /** Texts with role=alert, in order: the code's, then the resend's. */
  alerts: string[];
  /** The code field is marked invalid (its error is one of the alerts). */
  codeInvalid: boolean;
  /** The resend button: counting down, ready, or sending. */
  resend: 'countdown' | 'ready' | 'sending';
  verifying: boolean;
  /** "Enviamos um novo código" after a resend. */
  resentNotice: boolean;
  /**
   * No code pending yet: the page says so and offers "Enviar código" (`sending` while it goes), with
   * no code field; null once a code is pending.
   */
  firstCode: 'offered' | 'sending' | null;
}

export interface PhoneVerificationStepPlan {
  actions: PhoneVerificationUserAction[];
  screen: PhoneVerificationScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: PhoneVerificationSnapshot }>;
}

function envelopeOf(error: { message: string; status?: number }) {
  return {
    status: error.status ?? 500,
    body: {
      success: false,
      error: error.message,
      code: error.status === 400 ? 'VALIDATION_ERROR' : undefined,
    },
  };
}

function actionsFor(path: PlannablePath, index: number): PhoneVerificationUserAction[] {
  if (index === 0) return [];
  const event = path.steps[index]!.event;
  // The first code (from `unsent`) is no resend: the server answers one already pending instead.
  const isResend = !path.steps[index - 1]!.state.matches('unsent');
  switch (event.type) {
    case 'CHANGE_CODE':
      return [{ do: 'type-code', code: (event as unknown as { code: string }).code }];
    case 'SUBMIT':
      return [{ do: 'click', button: 'Validar' }];
    case 'RESEND':
      return [{ do: 'click', button: 'Reenviar código' }];
    case 'SEND':
      return [{ do: 'click', button: 'Enviar código' }];
    case 'CHANGE_NUMBER':
      return [{ do: 'click', button: 'Alterar número' }];
    case 'xstate.done.actor.verifyCode':
      return [{ do: 'answer-verify', status: 200, body: { success: true, data: verifiedAnswer } }];
    case 'xstate.error.actor.verifyCode':
      return [
        {
          do: 'answer-verify',
          ...envelopeOf((event as unknown as { error: Error & { status?: number } }).error),
        },
      ];
    case 'xstate.done.actor.sendCode':
      return [
        {
          do: 'answer-send',
          isResend,
          status: 200,
          body: { success: true, data: { phoneNumber: PATHS_PHONE, ...codeSent } },
        },
      ];
    case 'xstate.error.actor.sendCode':
      return [
        {
          do: 'answer-send',
          isResend,
          ...envelopeOf((event as unknown as { error: Error & { status?: number } }).error),
        },
      ];
    default:
      if (event.type.startsWith('xstate.after.resendDelay.'))
        return [{ do: 'wait', seconds: RESEND_COOLDOWN_S }];
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function screenOf(snapshot: PhoneVerificationSnapshot): PhoneVerificationScreen {
  const c = snapshot.context;
  const left = snapshot.matches('verified')
    ? 'verified'
    : snapshot.matches('changingNumber')
      ? 'changeNumber'
      : null;
  const alerts: string[] = [];
  if (snapshot.matches({ active: { code: 'incomplete' } })) alerts.push(CODE_LENGTH_TEXT);
  if (snapshot.matches({ active: { code: 'rejected' } }) && c.codeFailure?.kind === 'failed')
    alerts.push(c.codeFailure.message);
  const codeInvalid = alerts.length > 0;
  const sendFailed =
    snapshot.matches({ active: { resend: 'failed' } }) || snapshot.matches({ unsent: 'failed' });
  if (sendFailed && c.sendFailure) alerts.push(sendFailureText(c.sendFailure));
  const resend = snapshot.matches({ active: { resend: 'coolingDown' } })
    ? 'countdown'
    : snapshot.matches({ active: { resend: 'sending' } })
      ? 'sending'
      : 'ready';
  return {
    left,
    phone: PATHS_PHONE_SHOWN,
    code: c.code,
    alerts,
    codeInvalid,
    resend,
    verifying: snapshot.matches({ active: { code: 'verifying' } }),
    resentNotice: c.resent && !snapshot.matches({ active: { resend: 'failed' } }),
    firstCode: snapshot.matches({ unsent: 'sending' })
      ? 'sending'
      : snapshot.matches('unsent')
        ? 'offered'
        : null,
  };
}

/** What to do at step `index` of a phone-verification path, and what the user must then see. */
export function planPhoneVerificationStep(path: PlannablePath, index: number): PhoneVerificationStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path.steps[index]!.state) };
}
