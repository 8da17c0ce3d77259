import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { SessionCheck } from '../../contracts/session';
import { flattenStateValue } from '../toasts/toast.paths';
import { refreshDelay } from './access-token-expiry';
import { sessionMachine } from './session.machine';
import type { SessionEvent, SessionInput, SessionTokens } from './session.types';

/**
 * The session chart's path model: what can happen in each state, which context fields tell states
 * apart, plain words for both, and per step what to DO in the running app and what /home must then
 * SHOW (`planSessionStep`), as data the jsdom and browser drivers interpret.
 */

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The paths' clock never moves by itself: only `after` steps pass time, so delays are exact. */
export const PATHS_NOW = Date.UTC(2030, 0, 15, 12);
const frozen = () => PATHS_NOW;

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token (the client never verifies; it only reads `exp`). */
export function pathsToken(name: string, expiresInSeconds: number, now = PATHS_NOW): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(
    JSON.stringify({ sub: 'u-ana', jti: name, exp: Math.floor(now / 1000) + expiresInSeconds }),
  );
  return `${header}.${payload}.paths-signature`;
}

/** The three pairs a path can hold: from the cookies, from the hosted login, rotated by a check. */
export const cookiePair = {
  accessToken: pathsToken('cookie', 15 * 60),
  refreshToken: 'rt-cookie',
} as const satisfies SessionTokens;
export const signedInPair = {
  accessToken: pathsToken('signed-in', 15 * 60),
  refreshToken: 'rt-signed-in',
  userId: 'u-ana',
} as const satisfies SessionTokens;
export const rotatedPair = {
  accessToken: pathsToken('rotated', 30 * 60),
  refreshToken: 'rt-rotated',
} as const;

function pairName(token: string | null): string {
  if (token === null) return 'no tokens';
  if (token === cookiePair.accessToken) return 'the cookies’ tokens';
  if (token === signedInPair.accessToken) return 'the new sign-in’s tokens';
  if (token === rotatedPair.accessToken) return 'the rotated tokens';
  return 'other tokens';
}

const ana = {
  id: 'u-ana',
  email: 'ana@docesdaana.com.br',
  name: 'Ana Souza',
  mobilePhone: '5511987654321',
  currentCompanyId: 'c-doces',
};

/** A session check answer for Ana, active unless `overrides` say otherwise (paths and view tests). */
export function sessionCheckAnswer(overrides: Partial<SessionCheck> = {}): SessionCheck {
  return {
    user: ana,
    company: { id: 'c-doces' },
    role: 'owner',
    companyCount: 1,
    needsOnboarding: false,
    hasCompany: true,
    hasNoCurrentSubscriptionActive: false,
    featureFlags: { isSentinelWatcherEnabled: false, isMetaCoexistenceEnabled: false },
    ...overrides,
  };
}

/** What the session check can answer; each is its own branch of the paths. */
export const sessionAnswers = {
  needsOnboarding: sessionCheckAnswer({
    user: { ...ana, name: null, mobilePhone: null, currentCompanyId: null },
    company: null,
    needsOnboarding: true,
    hasCompany: false,
    hasNoCurrentSubscriptionActive: true,
  }),
  noSubscription: sessionCheckAnswer({ hasNoCurrentSubscriptionActive: true }),
  active: sessionCheckAnswer({}),
  activeRotated: sessionCheckAnswer({ tokens: rotatedPair }),
};
/** A check that failed: the server refused both tokens (401 UNAUTHENTICATED). */
export const refusedCheck = new Error('Sua sessão expirou. Entre novamente.');

export interface SessionScenario {
  name: string;
  summary: string;
  input: SessionInput;
}

export const sessionScenarios: SessionScenario[] = [
  {
    name: 'first-visit',
    summary: 'Someone opens the app with no session cookies',
    input: { now: frozen },
  },
  {
    name: 'returning',
    summary: 'Someone opens the app with session cookies from an earlier visit',
    input: { ...cookiePair, now: frozen },
  },
];

const signedIn: SessionEvent = { type: 'SIGNED_IN', ...signedInPair };

function describeAnswer(output: unknown): string {
  if (output === null || output === undefined) return 'The server answers, but with no session in it';
  if (output === sessionAnswers.needsOnboarding) return 'The server answers: signed in, sign-up not complete';
  if (output === sessionAnswers.noSubscription)
    return 'The server answers: signed in, no active subscription';
  if (output === sessionAnswers.activeRotated)
    return 'The server answers: signed in and subscribed, with a rotated pair of tokens';
  return 'The server answers: signed in and subscribed';
}

export const sessionPathModel = {
  chart: 'session',
  title: 'The session: checked at start and after sign-in, refreshed in the background, logged out',
  machine: sessionMachine,
  scenarios: sessionScenarios,

  events(snapshot: SessionSnapshot): SessionEvent[] {
    const events: SessionEvent[] = [signedIn, { type: 'LOGOUT' }];
    if (snapshot.matches('authenticated')) events.push({ type: 'REFRESH' });
    return events;
  },

  /**
   * /logout is not opened while the first check is under way: the chart drops the check, but its
   * request stays open until the page leaves for the hosted logout, and a replay that keeps the page
   * could not tell it from a check under way. Logging out is replayed from every other state.
   */
  allows(snapshot: SessionSnapshot, event: AnyEventObject): boolean {
    return !(event.type === 'LOGOUT' && snapshot.matches({ verifying: 'checking' }));
  },

  actors: [
    {
      id: 'checkSession',
      src: 'checkSession',
      outputs: [
        sessionAnswers.needsOnboarding,
        sessionAnswers.noSubscription,
        sessionAnswers.active,
        sessionAnswers.activeRotated,
        null,
      ],
      errors: [refusedCheck],
    },
  ],

  /** State, who is signed in and how, and which tokens it runs on (they set the refresh timer). */
  serializeState(snapshot: SessionSnapshot): string {
    const c = snapshot.context;
    return [
      flattenStateValue(snapshot.value),
      c.isAuthenticated ? c.user?.id : 'anonymous',
      c.needsOnboarding && 'onboarding',
      c.hasNoCurrentSubscriptionActive && 'no subscription',
      pairName(c.token),
    ]
      .filter(Boolean)
      .join(' · ');
  },

  /** Every state, on every pair of tokens it can run on. */
  coverageKey(snapshot: SessionSnapshot): string {
    return [flattenStateValue(snapshot.value), pairName(snapshot.context.token)].join(' · ');
  },

  describeState(snapshot: SessionSnapshot): string {
    const c = snapshot.context;
    if (snapshot.matches('unauthenticated')) return 'logged out, no tokens: guarded pages send to /logout';
    if (snapshot.matches('loggedOut'))
      return 'logged out at /logout, tokens and cached data forgotten: the app leaves for the hosted logout';
    if (snapshot.matches({ verifying: 'checking' }))
      return `checks ${pairName(c.token)} with the server: guarded pages show a loading state`;
    if (snapshot.matches({ verifying: 'refreshing' }))
      return `refreshes ${pairName(c.token)} in the background: the signed-in page stays`;
    const who = `signed in as ${c.user?.email}`;
    if (snapshot.matches({ authenticated: 'needsOnboarding' }))
      return `${who}, sign-up not complete: /onboarding`;
    if (snapshot.matches({ authenticated: 'paywall' })) return `${who}, no subscription: /paywall`;
    return `${who}, on ${pairName(c.token)}: the app is open`;
  },

  describeEvent(event: AnyEventObject, before: SessionSnapshot): string {
    switch (event.type) {
      case 'SIGNED_IN':
        return 'The hosted login sends the user to /login with a new pair of tokens';
      case 'REFRESH':
        return 'A call of the app is refused with 401';
      case 'LOGOUT':
        return 'The user opens /logout';
      case 'xstate.done.actor.checkSession':
        return describeAnswer((event as { output?: unknown }).output);
      case 'xstate.error.actor.checkSession':
        return 'The server refuses both tokens (401)';
      default:
        if (event.type.startsWith('xstate.after.refreshDue.')) {
          const minutes = refreshDelay(before.context.token, before.context.now()) / 60_000;
          return `${minutes} min pass: the access token is about to expire`;
        }
        return event.type;
    }
  },
};

/** What the drivers do in a running app, as data (Playwright passes it into the page). */
export type SessionUserAction =
  /** Step 0: the cookies to set (if any), then open /home. */
  | { do: 'open'; cookies: { accessToken: string; refreshToken: string } | undefined }
  /** Open /login with the hosted login's search parameters. */
  | { do: 'sign-in'; search: { accessToken: string; refreshToken: string; userId: string } }
  /** Answer the pending session check (and its retry, if the answer makes it retry). */
  | { do: 'answer-check'; status: number; body: unknown }
  /** A product call of the app gets a 401. */
  | { do: 'refuse-a-call' }
  | { do: 'log-out' }
  /** Let time pass until the access token is about to expire. */
  | { do: 'wait-for-expiry' };

/** What /home shows in a state (the drivers open /home after each step to look). */
export type SessionScreen =
  | { shows: 'loading' }
  | { shows: 'page'; path: '/home'; heading: string }
  | { shows: 'redirect'; path: string };

export interface SessionStepPlan {
  actions: SessionUserAction[];
  screen: SessionScreen;
  /** A session check is on its way to the server. */
  checkPending: boolean;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: SessionSnapshot }>;
}

/** The answer of the server in the envelope, for an actor result of a path step. */
function checkResponse(event: AnyEventObject): { status: number; body: unknown } {
  if (event.type.startsWith('xstate.error.actor.'))
    return {
      status: 401,
      body: { success: false, error: refusedCheck.message, code: 'UNAUTHENTICATED' },
    };
  return { status: 200, body: { success: true, data: (event as { output?: unknown }).output ?? null } };
}

function actionsFor(path: PlannablePath, index: number): SessionUserAction[] {
  const { event, state } = path.steps[index]!;
  if (index === 0) {
    const { token, refreshToken } = state.context;
    return [
      {
        do: 'open',
        cookies: token && refreshToken ? { accessToken: token, refreshToken } : undefined,
      },
    ];
  }
  switch (event.type) {
    case 'SIGNED_IN':
      return [{ do: 'sign-in', search: signedInPair }];
    case 'REFRESH':
      return [{ do: 'refuse-a-call' }];
    case 'LOGOUT':
      return [{ do: 'log-out' }];
    case 'xstate.done.actor.checkSession':
    case 'xstate.error.actor.checkSession':
      return [{ do: 'answer-check', ...checkResponse(event) }];
    default:
      if (event.type.startsWith('xstate.after.refreshDue.')) return [{ do: 'wait-for-expiry' }];
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

/** Spec §2's guard order, seen from /home. */
function screenOf(snapshot: SessionSnapshot): SessionScreen {
  const c = snapshot.context;
  if (snapshot.matches({ verifying: 'checking' })) return { shows: 'loading' };
  if (!c.isAuthenticated)
    return { shows: 'redirect', path: `/logout?redirect=${encodeURIComponent('/home')}` };
  if (c.needsOnboarding) return { shows: 'redirect', path: '/onboarding' };
  if (c.hasNoCurrentSubscriptionActive) return { shows: 'redirect', path: '/paywall' };
  return { shows: 'page', path: '/home', heading: 'Início' };
}

/** What to do at step `index` of a session path, and what /home must then show. */
export function planSessionStep(path: PlannablePath, index: number): SessionStepPlan {
  const state = path.steps[index]!.state;
  return {
    actions: actionsFor(path, index),
    screen: screenOf(state),
    checkPending: state.matches('verifying'),
  };
}
