import { type ActorRefFrom, assign, fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import { VERIFICATION_CODE_LENGTH } from '../../contracts/onboarding';
import { type CallFailure, callFailureOf } from './call-failure';

/**
 * The SMS code step (spec §2 verify-phone, settings "Valide seu telefone", §5, §8), shared by
 * onboarding and the settings phone change. A code was sent to `phoneNumber` by the flow that
 * embeds this chart; here the user types the 6 digits, may ask for another code once the cooldown
 * is over (the view counts down to `resendAvailableAt`), or goes back to change the number. When
 * the flow knows no code is pending for the number (the page was opened directly), the user first
 * sends one (`unsent`): the page never says a code went out when none did.
 *
 * The embedding flow provides both calls (`sendCode`, `verifyCode`): onboarding and settings use
 * different endpoints. It ends `verified` (output: the verify call's answer) or `changingNumber`.
 */

/** When the code that was sent stops working and when another may be asked for (ISO 8601). */
export interface CodeSent {
  expiresAt: string;
  resendAvailableAt: string;
}

export interface PhoneVerificationInput {
  /** The number the code went to: digits, with 55. */
  phoneNumber: string;
  /** The send that brought the user here; without it, another code may be asked for at once. */
  sent?: CodeSent | null;
  /** No code is pending for the number: the user sends the first one (SEND) before typing any. */
  awaitingSend?: boolean;
  /** The clock the cooldown reads; injectable so paths and tests are deterministic. */
  now?: () => number;
}

export interface SendCodeInput {
  phoneNumber: string;
  /** false for the first code of `unsent`: the server then answers a code already pending instead of refusing. */
  isResend: boolean;
}

export interface VerifyCodeInput {
  phoneNumber: string;
  code: string;
}

export interface PhoneVerificationContext {
  phoneNumber: string;
  /** Digits only, at most 6. */
  code: string;
  /** ms since the epoch; null when nothing holds a resend back. */
  resendAvailableAt: number | null;
  expiresAt: number | null;
  /** Why the last verify call failed (shown until the code changes). */
  codeFailure: CallFailure | null;
  /** Why the last resend failed (shown until the next one). */
  sendFailure: CallFailure | null;
  /** Another code was sent from here (the view says so). */
  resent: boolean;
  /** A code was sent from here, the first (from `unsent`) or another: its times are the latest. */
  sentHere: boolean;
  /** The input's: no code was pending when the step opened. */
  awaitingSend: boolean;
  /** How the chart ended (its output): verified with the verify call's answer, or to change the number. */
  outcome: PhoneVerificationOutput | null;
  now: () => number;
}

export type PhoneVerificationEvent =
  /** What the code field holds now (typed, pasted or filled in by the phone). */
  | { type: 'CHANGE_CODE'; code: string }
  | { type: 'SUBMIT' }
  | { type: 'RESEND' }
  /** "Enviar código" when no code is pending yet. */
  | { type: 'SEND' }
  /** "Alterar número". */
  | { type: 'CHANGE_NUMBER' };

export type PhoneVerificationOutput = { kind: 'verified'; answer: unknown } | { kind: 'changeNumber' };

function timeOf(iso: string | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : null;
}

/** Digits only, cut at the code's length: pasted text such as "Seu código: 123-456" works. */
export function codeDigits(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(0, VERIFICATION_CODE_LENGTH);
}

/** setTimeout fires at once for delays above 2^31 - 1 ms. */
const LONGEST_TIMER_MS = 2_147_483_647;

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    input: {} as PhoneVerificationInput,
    output: {} as PhoneVerificationOutput,
  },
  actors: {
    sendCode: fromPromise<CodeSent, SendCodeInput>(async () => {
      throw new Error('No way to send a code was provided');
    }),
    verifyCode: fromPromise<unknown, VerifyCodeInput>(async () => {
      throw new Error('No way to check a code was provided');
    }),
  },
  guards: {
    awaitingSend: ({ context }) => context.awaitingSend,
    codeComplete: ({ context }) => context.code.length === VERIFICATION_CODE_LENGTH,
    cooldownOver: ({ context }) =>
      context.resendAvailableAt === null || context.resendAvailableAt <= context.now(),
    /**
     * The same code may be sent again only when the server did not judge it (no answer, or a
     * failure of its own): a code it refused stays refused, and each try counts against the
     * attempts left.
     */
    mayRetryCode: ({ context }) => {
      const failure = context.codeFailure;
      return failure?.kind === 'failed' && (failure.status === undefined || failure.status >= 500);
    },
  },
  actions: {
    takeSentTimes: assign((_, params: { sent: CodeSent }) => ({
      resendAvailableAt: timeOf(params.sent.resendAvailableAt),
      expiresAt: timeOf(params.sent.expiresAt),
      sendFailure: null,
      sentHere: true,
    })),
    takeSendFailure: assign((_, params: { error: unknown }) => ({
      sendFailure: callFailureOf(params.error),
    })),
    takeCode: assign({
      code: ({ event }) => (event.type === 'CHANGE_CODE' ? codeDigits(event.code) : ''),
      codeFailure: null,
    }),
  },
  delays: {
    // Clamped: browsers fire a longer timer at once.
    resendDelay: ({ context }) =>
      Math.min(LONGEST_TIMER_MS, Math.max(0, (context.resendAvailableAt ?? 0) - context.now())),
  },
}).createMachine({
  id: 'phoneVerification',
  context: ({ input }) => ({
    phoneNumber: input.phoneNumber,
    code: '',
    resendAvailableAt: timeOf(input.sent?.resendAvailableAt),
    expiresAt: timeOf(input.sent?.expiresAt),
    codeFailure: null,
    sendFailure: null,
    resent: false,
    sentHere: false,
    awaitingSend: input.awaitingSend === true,
    outcome: null,
    now: input.now ?? Date.now,
  }),
  initial: 'unsent',
  states: {
    unsent: {
      description:
        'No code is pending for the number (the page was opened directly): it says so and offers to send one. With a code sent, straight on to `active`.',
      always: { guard: not('awaitingSend'), target: 'active' },
      initial: 'idle',
      on: {
        CHANGE_NUMBER: {
          target: 'changingNumber',
          actions: assign({ outcome: { kind: 'changeNumber' } }),
        },
      },
      states: {
        idle: { on: { SEND: 'sending' } },
        sending: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ phoneNumber: context.phoneNumber, isResend: false }),
            onDone: {
              target: '#phoneVerification.active',
              actions: { type: 'takeSentTimes', params: ({ event }) => ({ sent: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'takeSendFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description: 'The first send failed: spec §8’s text is shown; the user may try again.',
          on: { SEND: 'sending' },
        },
      },
    },
    active: {
      type: 'parallel',
      on: {
        CHANGE_NUMBER: {
          target: 'changingNumber',
          actions: assign({ outcome: { kind: 'changeNumber' } }),
        },
      },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              description: 'The user types the code.',
              on: {
                CHANGE_CODE: { actions: 'takeCode' },
                SUBMIT: [{ guard: 'codeComplete', target: 'verifying' }, { target: 'incomplete' }],
              },
            },
            incomplete: {
              description: 'Sent with fewer than 6 digits: the view says the code has 6.',
              on: { CHANGE_CODE: { target: 'entering', actions: 'takeCode' } },
            },
            verifying: {
              description: 'The server checks the code.',
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context }) => ({ phoneNumber: context.phoneNumber, code: context.code }),
                onDone: {
                  target: '#phoneVerification.verified',
                  actions: assign({ outcome: ({ event }) => ({ kind: 'verified', answer: event.output }) }),
                },
                onError: {
                  target: 'rejected',
                  actions: assign({ codeFailure: ({ event }) => callFailureOf(event.error) }),
                },
              },
            },
            rejected: {
              description:
                'Wrong, expired or too many tries: the server’s text is shown. The same code is sent again only after no answer or a server failure.',
              on: {
                CHANGE_CODE: { target: 'entering', actions: 'takeCode' },
                SUBMIT: { guard: 'mayRetryCode', target: 'verifying' },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: {
              description: 'Another code may be asked for at resendAvailableAt: the view counts down.',
              always: { guard: 'cooldownOver', target: 'available' },
              after: { resendDelay: 'available' },
            },
            available: {
              on: { RESEND: 'sending' },
            },
            sending: {
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ phoneNumber: context.phoneNumber, isResend: true }),
                onDone: {
                  target: 'coolingDown',
                  actions: [
                    { type: 'takeSentTimes', params: ({ event }) => ({ sent: event.output }) },
                    assign({ resent: true }),
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'takeSendFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: {
              description: 'The resend failed: spec §8’s text is shown; the user may try again.',
              on: { RESEND: 'sending' },
            },
          },
        },
      },
    },
    verified: {
      type: 'final',
      description: 'The code checked out; the embedding flow moves on with the answer.',
    },
    changingNumber: {
      type: 'final',
      description: '"Alterar número": back to the phone form.',
    },
  },
  output: ({ context }) => context.outcome!,
});

export type PhoneVerificationActor = ActorRefFrom<typeof phoneVerificationMachine>;
export type PhoneVerificationSnapshot = SnapshotFrom<typeof phoneVerificationMachine>;
