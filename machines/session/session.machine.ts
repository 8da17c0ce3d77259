import { assign, type EventObject, enqueueActions, fromPromise, setup } from 'xstate';
import type { SessionUser } from '../../contracts/session';
import { refreshDelay } from './access-token-expiry';
import { initialSession } from './session.defaults';
import type {
  CheckSessionInput,
  CheckSessionOutput,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionTokens,
} from './session.types';

type Answer = CheckSessionOutput | undefined;

/**
 * Who is signed in (spec §3, §4, §8). Tokens found at start are checked (`checking`, a loading
 * state for guarded pages); the answer decides between onboarding, paywall and the app. While
 * authenticated, a 401 or the access token's coming expiry refreshes the session in the
 * background (`refreshing`: the signed-in views stay). A check that fails clears the tokens. LOGOUT
 * (/logout opened) forgets the session and ends the hosted login's own session (`loggedOut`, where
 * the app leaves the page; /logout opened again there only clears the cookies again). `unauthenticated` never
 * holds tokens: tokens there are checked at once.
 *
 * Side effects are named actions and actors with harmless defaults; the app provides the real ones
 * (cookies, the HTTP check, analytics).
 */
const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    checkSession: fromPromise<CheckSessionOutput, CheckSessionInput>(async () => null),
  },
  guards: {
    holdsTokens: ({ context }) => context.token !== null || context.refreshToken !== null,
    isEmpty: (_, params: { answer: Answer }) => !params.answer?.user,
    needsOnboarding: (_, params: { answer: Answer }) => params.answer?.needsOnboarding === true,
    lacksSubscription: (_, params: { answer: Answer }) =>
      params.answer?.hasNoCurrentSubscriptionActive === true,
  },
  actions: {
    /** Writes the pair (and the user id) where the next page load finds it: the cookies. */
    storeTokens: (_, _params: SessionTokens) => {},
    clearStoredTokens: () => {},
    /** What LOGOUT forgets beyond the tokens: session storage and every cached query. */
    clearBrowserData: () => {},
    /**
     * Leaves for the hosted login's logout, which ends its own session and signs in again there;
     * `redirect` travels along.
     */
    endHostedSession: (_, _params: { redirect: string | undefined }) => {},
    /** Tells analytics who this is (the analytics side does it once per user id). */
    identifyUser: (_, _params: { user: SessionUser }) => {},

    takeTokens: assign(({ event }) => {
      if (event.type !== 'SIGNED_IN') return {};
      // New tokens may be someone else's: nothing of the previous session carries over.
      return { ...initialSession, token: event.accessToken, refreshToken: event.refreshToken };
    }),
    applyAnswer: assign((_, params: { answer: NonNullable<Answer> }) => {
      const { answer } = params;
      return {
        isAuthenticated: true,
        user: answer.user,
        company: answer.company,
        role: answer.role,
        companyCount: answer.companyCount,
        needsOnboarding: answer.needsOnboarding,
        hasCompany: answer.hasCompany,
        hasNoCurrentSubscriptionActive: answer.hasNoCurrentSubscriptionActive,
        featureFlags: answer.featureFlags,
        ...(answer.tokens && { token: answer.tokens.accessToken, refreshToken: answer.tokens.refreshToken }),
      };
    }),
    forgetSession: assign(() => ({ ...initialSession })),
  },
  delays: {
    refreshDue: ({ context }) => refreshDelay(context.token, context.now()),
  },
});

export const sessionMachine = sessionSetup
  .extend({
    actions: {
      // Only a rotated pair is written back: the one the cookies hold may be newer (another tab).
      storeRotatedTokens: enqueueActions<
        SessionContext,
        SessionEvent,
        { answer: Answer },
        SessionEvent,
        never,
        { type: 'storeTokens'; params: SessionTokens },
        never,
        never,
        EventObject
      >(({ enqueue }, params) => {
        const { answer } = params;
        if (!answer?.tokens) return;
        enqueue({ type: 'storeTokens', params: { ...answer.tokens, userId: answer.user.id } });
      }),
    },
  })
  .createMachine({
    id: 'session',
    context: ({ input }) => ({
      ...initialSession,
      token: input.accessToken ?? null,
      refreshToken: input.refreshToken ?? null,
      now: input.now ?? Date.now,
    }),
    initial: 'unauthenticated',
    on: {
      LOGOUT: {
        target: '.loggedOut',
        actions: [
          'forgetSession',
          'clearStoredTokens',
          'clearBrowserData',
          { type: 'endHostedSession', params: ({ event }) => ({ redirect: event.redirect }) },
        ],
      },
      SIGNED_IN: {
        target: '.verifying.checking',
        reenter: true,
        actions: [
          'takeTokens',
          {
            type: 'storeTokens',
            params: ({ event }) => ({
              accessToken: event.accessToken,
              refreshToken: event.refreshToken,
              userId: event.userId,
            }),
          },
        ],
      },
    },
    states: {
      unauthenticated: {
        description: 'No session. Holding tokens (the cookies at start) means they are checked first.',
        always: { guard: 'holdsTokens', target: 'verifying' },
      },
      loggedOut: {
        description: 'Logged out at /logout; the app is leaving.',
        // Opened again (React's development double effects): the cookies cleared again, no second leave.
        on: { LOGOUT: { actions: 'clearStoredTokens' } },
      },
      verifying: {
        description: 'The server is asked who the tokens belong to.',
        initial: 'checking',
        invoke: {
          id: 'checkSession',
          src: 'checkSession',
          // Only the check at start may use a cached answer: a sign-in brings new tokens, and a
          // refresh is asked for because the tokens are (about to be) refused.
          input: ({ context, event }) => ({
            accessToken: context.token,
            refreshToken: context.refreshToken,
            force: (event as { type: string }).type !== 'xstate.init',
          }),
          onDone: [
            {
              guard: { type: 'isEmpty', params: ({ event }) => ({ answer: event.output }) },
              target: 'unauthenticated',
              actions: ['forgetSession', 'clearStoredTokens'],
            },
            {
              guard: { type: 'needsOnboarding', params: ({ event }) => ({ answer: event.output }) },
              target: 'authenticated.needsOnboarding',
              actions: [
                { type: 'applyAnswer', params: ({ event }) => ({ answer: event.output! }) },
                { type: 'storeRotatedTokens', params: ({ event }) => ({ answer: event.output }) },
              ],
            },
            {
              guard: { type: 'lacksSubscription', params: ({ event }) => ({ answer: event.output }) },
              target: 'authenticated.paywall',
              actions: [
                { type: 'applyAnswer', params: ({ event }) => ({ answer: event.output! }) },
                { type: 'storeRotatedTokens', params: ({ event }) => ({ answer: event.output }) },
              ],
            },
            {
              target: 'authenticated.active',
              actions: [
                { type: 'applyAnswer', params: ({ event }) => ({ answer: event.output! }) },
                { type: 'storeRotatedTokens', params: ({ event }) => ({ answer: event.output }) },
              ],
            },
          ],
          // Spec §8: a failed check, an error or an exception all mean logged out, tokens cleared.
          onError: { target: 'unauthenticated', actions: ['forgetSession', 'clearStoredTokens'] },
        },
        states: {
          checking: { description: 'First check of these tokens: guarded pages show a loading state.' },
          refreshing: {
            description: 'Checking again in the background; the signed-in views stay on screen.',
          },
        },
      },
      authenticated: {
        initial: 'active',
        entry: { type: 'identifyUser', params: ({ context }) => ({ user: context.user! }) },
        after: { refreshDue: '#session.verifying.refreshing' },
        on: { REFRESH: '#session.verifying.refreshing' },
        states: {
          needsOnboarding: { description: 'Signed in; sign-up is not complete.' },
          paywall: { description: 'Signed in; no current subscription.' },
          active: { description: 'Signed in, onboarded, subscribed: the app is open.' },
        },
      },
    },
  });
