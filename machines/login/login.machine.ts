import { assign, fromPromise, setup } from 'xstate';
import { appPaths } from '../app-paths';
import { destinationFrom } from './safe-redirect';

/** Spec §9: the "Autenticando..." screen stays at least this long. */
export const LOGIN_PENDING_MIN_MS = 500;

/** /login's search parameters (spec §2, §5), as the route validated them. */
export interface LoginInput {
  accessToken?: string;
  refreshToken?: string;
  userId?: string;
  redirect?: string;
  error?: string;
}

export interface SignInTokens {
  accessToken: string;
  refreshToken: string;
  userId?: string;
}

/** What the session said once it checked the new tokens. */
export interface SignInOutcome {
  needsOnboarding: boolean;
}

export interface LoginContext {
  tokens: SignInTokens | null;
  error: string | null;
  /** Where the user goes next: the redirect value (same-app paths only), /home, or /onboarding. */
  destination: string;
  /** The session accepted the tokens. */
  signedIn: boolean;
}

export interface LoginOutput {
  destination: string;
  signedIn: boolean;
}

/**
 * /login (spec §2): the hosted login returns here with tokens (or an error). The pending screen
 * shows at once and for at least 500 ms, while, in parallel, the tokens are stored and the session
 * checked. Then the user goes to /onboarding when sign-up is not complete (unless the redirect is a
 * team invitation's page, to accept it first), else to the redirect value or /home; any failure goes
 * there too (the guards take over from there).
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    input: {} as LoginInput,
    output: {} as LoginOutput,
  },
  actors: {
    /** Stores the tokens and has the session checked; rejects when the session is not signed in. */
    signIn: fromPromise<SignInOutcome, SignInTokens>(async () => {
      throw new Error('No session to sign in to');
    }),
  },
  guards: {
    lacksTokens: ({ context }) => context.tokens === null,
    lacksTokensWithError: ({ context }) => context.tokens === null && context.error !== null,
    // Someone who signed up from a team invitation goes back to accept it first: joining is what
    // leaves them only their own steps of onboarding (issue 15).
    needsOnboarding: ({ context }, params: { outcome: SignInOutcome }) =>
      params.outcome.needsOnboarding && !context.destination.startsWith(appPaths.invitation('')),
  },
  actions: {
    /** Takes the tokens out of the address bar (and so out of history and shared links). */
    hideTokens: () => {},
    /** The hosted login's error, raised as a toast by the app's toaster (provided by the view). */
    showError: (_, _params: { message: string }) => {},
    /**
     * Goes to the destination, replacing /login in history (provided by the view). A provided
     * action rather than an emitted event: xstate's `emit` would add to /login's first visit.
     */
    leave: (_, _params: { to: string }) => {},
    markSignedIn: assign({ signedIn: true }),
    goToOnboarding: assign({ destination: appPaths.onboarding }),
  },
  delays: {
    minimumPending: LOGIN_PENDING_MIN_MS,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    tokens:
      input.accessToken && input.refreshToken
        ? { accessToken: input.accessToken, refreshToken: input.refreshToken, userId: input.userId }
        : null,
    error: input.error || null,
    destination: destinationFrom(input.redirect),
    signedIn: false,
  }),
  initial: 'authenticating',
  states: {
    authenticating: {
      description: '"Autenticando..." on screen.',
      type: 'parallel',
      entry: 'hideTokens',
      onDone: 'leaving',
      states: {
        minimum: {
          initial: 'waiting',
          states: {
            waiting: { after: { minimumPending: 'elapsed' } },
            elapsed: { type: 'final' },
          },
        },
        work: {
          initial: 'signingIn',
          states: {
            signingIn: {
              description: 'Tokens stored, session being checked. Without both tokens, nothing to do.',
              always: [
                {
                  guard: 'lacksTokensWithError',
                  target: 'errorShown',
                  actions: { type: 'showError', params: ({ context }) => ({ message: context.error! }) },
                },
                { guard: 'lacksTokens', target: 'skipped' },
              ],
              invoke: {
                id: 'signIn',
                src: 'signIn',
                input: ({ context }) => context.tokens!,
                onDone: [
                  {
                    guard: { type: 'needsOnboarding', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'signedIn',
                    actions: ['markSignedIn', 'goToOnboarding'],
                  },
                  { target: 'signedIn', actions: 'markSignedIn' },
                ],
                onError: 'failed',
              },
            },
            signedIn: { type: 'final' },
            failed: { type: 'final', description: 'The session refused the tokens.' },
            errorShown: { type: 'final', description: 'The hosted login sent an error: shown as a toast.' },
            skipped: { type: 'final', description: 'No tokens came.' },
          },
        },
      },
    },
    leaving: {
      type: 'final',
      entry: { type: 'leave', params: ({ context }) => ({ to: context.destination }) },
    },
  },
  output: ({ context }) => ({ destination: context.destination, signedIn: context.signedIn }),
});
