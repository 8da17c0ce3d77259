import { assign, emit, fromPromise, setup } from 'xstate';
import { isBrazilianMobile, nationalNumber, withCountryCode } from '../../contracts/brazil/mobile-phone';
import type { PhoneVerificationSent } from '../../contracts/onboarding';
import { appPaths } from '../app-paths';
import { type NavigateEvent, navigateEvent } from '../navigate-event';
import { type CallFailure, callFailureOf } from '../phone-verification/call-failure';

/** "Valide seu telefone" for the phone change, where the flow goes once the code is sent. */
export const PHONE_CHANGE_VALIDATE_PATH = appPaths.phoneChangeValidate;

/** The validate page's address for `phoneNumber` (digits with 55). */
export function validateAddress(phoneNumber: string): string {
  return `${PHONE_CHANGE_VALIDATE_PATH}?${new URLSearchParams({ phone: phoneNumber })}`;
}

export interface PhoneChangeInput {
  /** The user's number now (digits with 55), or null when there is none. */
  currentPhone: string | null;
}

/** Why the typed number is not sent: not a Brazilian mobile, or the one the user already has. */
export type PhoneProblem = 'invalid' | 'same';

export interface PhoneChangeContext {
  currentPhone: string | null;
  /** The national digits typed so far (DDD and number), at most 11. */
  phone: string;
  problem: PhoneProblem | null;
  /** Why the last send failed. */
  failure: CallFailure | null;
  /** The send's answer once the code went out: the number (digits with 55) and its timings. */
  sent: PhoneVerificationSent | null;
}

export type PhoneChangeEvent =
  /** What the field holds now (the view masks it; only digits are kept). */
  | { type: 'CHANGE'; phone: string }
  /** "Enviar código". */
  | { type: 'SUBMIT' };

export interface SendChangeCodeInput {
  /** Digits with 55. */
  phoneNumber: string;
  isResend: false;
}

/** The national digits of what was typed (or pasted, +55 and all), cut at 11. */
export function typedDigits(text: string): string {
  return nationalNumber(text).slice(0, 11);
}

/**
 * "Alterar o número de celular" (spec §2 settings access-security): the user types a new Brazilian
 * mobile; a number that is not one, or is the current one, is not sent. Otherwise a code goes to it
 * and the flow ends with the send's answer, for "Valide seu telefone". A send that fails says why
 * and leaves the number to correct or send again. Once sent, the app keeps the send's answer
 * (`codeSent`) and the chart emits where to go: "Valide seu telefone" for that number.
 */
export const phoneChangeMachine = setup({
  types: {
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent,
    input: {} as PhoneChangeInput,
    output: {} as PhoneVerificationSent,
    emitted: {} as NavigateEvent,
  },
  actions: {
    /** The send's answer, for the validate page to count down from (the app keeps it). */
    codeSent: (_, _sent: PhoneVerificationSent) => {},
  },
  actors: {
    sendCode: fromPromise<PhoneVerificationSent, SendChangeCodeInput>(async () => {
      throw new Error('No way to send a code was provided');
    }),
  },
  guards: {
    invalid: ({ context }) => !isBrazilianMobile(context.phone),
    same: ({ context }) =>
      context.currentPhone !== null &&
      withCountryCode(context.phone) === withCountryCode(context.currentPhone),
  },
}).createMachine({
  id: 'phoneChange',
  context: ({ input }) => ({
    currentPhone: input.currentPhone,
    phone: '',
    problem: null,
    failure: null,
    sent: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The new number is typed; what was wrong with the last attempt stays until it changes.',
      on: {
        CHANGE: {
          actions: assign({ phone: ({ event }) => typedDigits(event.phone), problem: null, failure: null }),
        },
        SUBMIT: [
          { guard: 'invalid', actions: assign({ problem: 'invalid', failure: null }) },
          { guard: 'same', actions: assign({ problem: 'same', failure: null }) },
          { target: 'sending', actions: assign({ problem: null, failure: null }) },
        ],
      },
    },
    sending: {
      description: 'A code is sent to the new number.',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phoneNumber: withCountryCode(context.phone), isResend: false as const }),
        onDone: { target: 'sent', actions: assign({ sent: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
        },
      },
    },
    sent: {
      type: 'final',
      description: 'The code is on its way: on to "Valide seu telefone".',
      entry: [
        { type: 'codeSent', params: ({ context }) => context.sent! },
        emit(({ context }) => navigateEvent(validateAddress(context.sent!.phoneNumber))),
      ],
    },
  },
  output: ({ context }) => context.sent!,
});
