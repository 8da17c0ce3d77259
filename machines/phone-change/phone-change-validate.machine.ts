import { emit, setup } from 'xstate';
import { appPaths } from '../app-paths';
import { type NavigateEvent, navigateEvent } from '../navigate-event';
import {
  type PhoneVerificationInput,
  type PhoneVerificationOutput,
  phoneVerificationMachine,
} from '../phone-verification/phone-verification.machine';

/** The phone change's form, where "Alterar número" goes back to. */
export const PHONE_CHANGE_PATH = appPaths.phoneChange;
/** Where a changed number lands: the settings, the new number on them. */
export const SETTINGS_PATH = appPaths.settings;

/**
 * "Valide seu telefone" of the phone change: the shared SMS-code chart (invoked as
 * `phoneVerification`, which the view renders) and where each of its ends leads. "Alterar número"
 * goes back to the form; a code that checks out emits `phoneChanged` (the app says so and reads the
 * user and the session again) and lands on /settings, replacing
 * this address so Back does not lead to a code already used.
 */
export const phoneChangeValidateMachine = setup({
  types: {
    input: {} as PhoneVerificationInput,
    context: {} as { verification: PhoneVerificationInput },
    emitted: {} as NavigateEvent | { type: 'phoneChanged' },
  },
  actors: { phoneVerification: phoneVerificationMachine },
  guards: {
    changesNumber: (_, output: PhoneVerificationOutput) => output.kind === 'changeNumber',
  },
}).createMachine({
  id: 'phoneChangeValidate',
  context: ({ input }) => ({ verification: input }),
  initial: 'verifying',
  states: {
    verifying: {
      description: 'The code is asked for, sent again, checked (the phone-verification chart).',
      invoke: {
        id: 'phoneVerification',
        src: 'phoneVerification',
        input: ({ context }) => context.verification,
        onDone: [
          {
            guard: { type: 'changesNumber', params: ({ event }) => event.output },
            target: 'changingNumber',
          },
          { target: 'changed' },
        ],
      },
    },
    changingNumber: {
      type: 'final',
      description: '"Alterar número": back to the form.',
      entry: emit(navigateEvent(PHONE_CHANGE_PATH)),
    },
    changed: {
      type: 'final',
      description: 'The new number is the account’s: on to /settings.',
      entry: [emit({ type: 'phoneChanged' }), emit(navigateEvent(SETTINGS_PATH, true))],
    },
  },
});
