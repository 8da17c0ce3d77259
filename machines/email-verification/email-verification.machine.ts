import { assign, fromPromise, setup } from 'xstate';

export interface EmailVerificationInput {
  verificationToken?: string;
}

export interface EmailVerificationContext {
  verificationToken: string | null;
  /** Spec §2: a validated token gives emailVerified true, and the user then signs in. */
  emailVerified: boolean;
}

export type EmailVerificationEvent = { type: 'RETRY' };

/**
 * /signup (spec §2, §8): the link of the verification e-mail brings a token, which the server
 * validates once. Validated: the e-mail is verified and the user signs in through the hosted login.
 * Not validated: the token is invalid or expired. The call failed: the user may try again. No
 * token at all: the page sends to /logout.
 */
export const emailVerificationMachine = setup({
  types: {
    context: {} as EmailVerificationContext,
    events: {} as EmailVerificationEvent,
    input: {} as EmailVerificationInput,
  },
  actors: {
    validateEmail: fromPromise<{ validated: boolean }, { verificationToken: string }>(async () => ({
      validated: false,
    })),
  },
  guards: {
    lacksToken: ({ context }) => context.verificationToken === null,
    isValidated: (_, params: { validated: boolean }) => params.validated,
  },
}).createMachine({
  id: 'emailVerification',
  context: ({ input }) => ({ verificationToken: input.verificationToken || null, emailVerified: false }),
  initial: 'verifying',
  states: {
    verifying: {
      always: { guard: 'lacksToken', target: 'withoutToken' },
      invoke: {
        id: 'validateEmail',
        src: 'validateEmail',
        input: ({ context }) => ({ verificationToken: context.verificationToken! }),
        onDone: [
          {
            guard: { type: 'isValidated', params: ({ event }) => ({ validated: event.output.validated }) },
            target: 'verified',
            actions: assign({ emailVerified: true }),
          },
          { target: 'invalid' },
        ],
        onError: 'failed',
      },
    },
    verified: { type: 'final', description: 'E-mail verified; the user signs in next.' },
    invalid: { type: 'final', description: 'Invalid or expired verification token.' },
    failed: { description: 'Failed to verify email.', on: { RETRY: 'verifying' } },
    withoutToken: { type: 'final', description: 'Nothing to verify: on to /logout.' },
  },
});
