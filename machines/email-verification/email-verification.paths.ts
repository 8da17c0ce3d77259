import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  type EmailVerificationEvent,
  type EmailVerificationInput,
  emailVerificationMachine,
} from './email-verification.machine';

/**
 * The /signup chart's path model, and per step what to do in the running app and what the user
 * must see (`planEmailVerificationStep`), as data for the jsdom and browser drivers.
 */

export type EmailVerificationSnapshot = SnapshotFrom<typeof emailVerificationMachine>;

export interface EmailVerificationScenario {
  name: string;
  summary: string;
  input: EmailVerificationInput;
}

export const VERIFICATION_TOKEN = 'ev-7f3a9c2e41';

export const emailVerificationScenarios: EmailVerificationScenario[] = [
  {
    name: 'token',
    summary: 'The user opens the link of the verification e-mail (/signup?verificationToken=…)',
    input: { verificationToken: VERIFICATION_TOKEN },
  },
  {
    name: 'no-token',
    summary: 'Someone opens /signup without a verification token',
    input: {},
  },
];

const offline = new Error('Failed to fetch');

export const emailVerificationPathModel = {
  chart: 'email-verification',
  title: '/signup: the verification e-mail’s token is validated once',
  machine: emailVerificationMachine,
  scenarios: emailVerificationScenarios,

  events(snapshot: EmailVerificationSnapshot): EmailVerificationEvent[] {
    return snapshot.matches('failed') ? [{ type: 'RETRY' }] : [];
  },

  actors: [
    {
      id: 'validateEmail',
      src: 'validateEmail',
      outputs: [{ validated: true }, { validated: false }],
      errors: [offline],
    },
  ],

  serializeState(snapshot: EmailVerificationSnapshot): string {
    return `${String(snapshot.value)}${snapshot.context.emailVerified ? ' · emailVerified' : ''}`;
  },

  describeState(snapshot: EmailVerificationSnapshot): string {
    switch (snapshot.value) {
      case 'verifying':
        return 'checks the token with the server ("Verificando seu e-mail...")';
      case 'verified':
        return 'e-mail verified (emailVerified true): the user is asked to sign in';
      case 'invalid':
        return 'shows "Invalid or expired verification token"';
      case 'failed':
        return 'shows "Failed to verify email" and a way to try again';
      default:
        return 'nothing to verify: sends to /logout';
    }
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'RETRY':
        return 'The user clicks "Tentar novamente"';
      case 'xstate.done.actor.validateEmail':
        return (event as { output?: { validated: boolean } }).output?.validated
          ? 'The server validates the token'
          : 'The server does not validate the token (unknown, used or expired)';
      case 'xstate.error.actor.validateEmail':
        return 'The call fails (no connection)';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type EmailVerificationUserAction =
  | { do: 'open'; url: string }
  /** Answer the pending POST /api/auth/validate-email; `status: 0` drops the connection. */
  | { do: 'answer-validation'; status: number; body: unknown }
  | { do: 'click'; button: string };

export type EmailVerificationScreen =
  | { shows: 'verifying' }
  | { shows: 'verified'; heading: string; loginLink: string }
  | { shows: 'error'; text: string; retry: boolean }
  | { shows: 'redirect'; path: '/logout' };

export interface EmailVerificationStepPlan {
  actions: EmailVerificationUserAction[];
  screen: EmailVerificationScreen;
}

interface PlannablePath {
  scenario: { input: EmailVerificationInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: EmailVerificationSnapshot }>;
}

/** Spec §2/§8 texts, to the letter (the spec gives them in English). */
export const INVALID_TOKEN_TEXT = 'Invalid or expired verification token';
export const VERIFY_FAILED_TEXT = 'Failed to verify email';
export const RETRY_LABEL = 'Tentar novamente';

function actionsFor(path: PlannablePath, index: number): EmailVerificationUserAction[] {
  const { event } = path.steps[index]!;
  if (index === 0) {
    const token = path.scenario.input.verificationToken;
    return [
      { do: 'open', url: token ? `/signup?verificationToken=${encodeURIComponent(token)}` : '/signup' },
    ];
  }
  switch (event.type) {
    case 'RETRY':
      return [{ do: 'click', button: RETRY_LABEL }];
    case 'xstate.done.actor.validateEmail':
      return [
        {
          do: 'answer-validation',
          status: 200,
          body: { success: true, data: (event as { output?: unknown }).output },
        },
      ];
    case 'xstate.error.actor.validateEmail':
      return [{ do: 'answer-validation', status: 0, body: undefined }];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function screenOf(snapshot: EmailVerificationSnapshot, hostedLogin: string): EmailVerificationScreen {
  switch (snapshot.value) {
    case 'verifying':
      return { shows: 'verifying' };
    case 'verified':
      return { shows: 'verified', heading: 'E-mail verificado', loginLink: hostedLogin };
    case 'invalid':
      return { shows: 'error', text: INVALID_TOKEN_TEXT, retry: false };
    case 'failed':
      return { shows: 'error', text: VERIFY_FAILED_TEXT, retry: true };
    default:
      return { shows: 'redirect', path: '/logout' };
  }
}

/**
 * What to do at step `index` of a /signup path, and what the user must then see. `hostedLogin` is
 * the hosted login's address in the app under test (it depends on the build's AUTH_URL).
 */
export function planEmailVerificationStep(
  path: PlannablePath,
  index: number,
  hostedLogin: string,
): EmailVerificationStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path.steps[index]!.state, hostedLogin) };
}
