import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { flattenStateValue } from '../toasts/toast.paths';
import { LOGIN_PENDING_MIN_MS, type LoginInput, loginMachine, type SignInOutcome } from './login.machine';

/**
 * The /login chart's path model, and per step what to do in the running app and what the user must
 * see (`planLoginStep`), as data for the jsdom and browser drivers.
 */

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export interface LoginScenario {
  name: string;
  summary: string;
  input: LoginInput;
}

const tokens = { accessToken: 'at-from-hosted-login', refreshToken: 'rt-from-hosted-login', userId: 'u-ana' };

export const loginScenarios: LoginScenario[] = [
  {
    name: 'tokens',
    summary: 'The hosted login sends the user to /login with tokens and redirect=/customers?page=2',
    input: { ...tokens, redirect: '/customers?page=2' },
  },
  {
    name: 'foreign-redirect',
    summary: 'The hosted login sends the user to /login with tokens and a redirect to another site',
    input: { ...tokens, redirect: 'https://golpe.example/entrar' },
  },
  {
    name: 'error',
    summary: 'The hosted login sends the user to /login with an error and redirect=/tasks',
    input: { error: 'Não foi possível entrar. Tente de novo.', redirect: '/tasks' },
  },
  {
    name: 'nothing',
    summary: 'Someone opens /login without any parameters',
    input: {},
  },
];

const outcomes = {
  onboarding: { needsOnboarding: true },
  onboarded: { needsOnboarding: false },
} satisfies Record<string, SignInOutcome>;
const refused = new Error('Sua sessão expirou. Entre novamente.');

function workOf(snapshot: LoginSnapshot): string {
  const value = snapshot.value as { authenticating?: { work?: string } };
  return value.authenticating?.work ?? '';
}

export const loginPathModel = {
  chart: 'login',
  title: '/login: tokens stored, session checked, at least 500 ms of "Autenticando...", then on',
  machine: loginMachine,
  scenarios: loginScenarios,

  /** Nothing the user does here: only the session's answer and time move it. */
  events(): AnyEventObject[] {
    return [];
  },

  actors: [
    {
      id: 'signIn',
      src: 'signIn',
      outputs: [outcomes.onboarding, outcomes.onboarded],
      errors: [refused],
    },
  ],

  /** Every state with every place it can lead to, signed in or not. */
  serializeState(snapshot: LoginSnapshot): string {
    const { destination, signedIn } = snapshot.context;
    return [flattenStateValue(snapshot.value), `to ${destination}`, signedIn && 'signed in']
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: LoginSnapshot): string {
    const { destination } = snapshot.context;
    if (snapshot.status === 'done') return `leaves "Autenticando..." for ${destination}`;
    const waiting = snapshot.matches({ authenticating: { minimum: 'waiting' } })
      ? 'within its first 500 ms'
      : 'past 500 ms';
    const work: Record<string, string> = {
      signingIn: 'the session checks the tokens',
      signedIn: `signed in, next: ${destination}`,
      failed: `sign-in failed, next: ${destination}`,
      errorShown: `the error is shown as a toast, next: ${destination}`,
      skipped: `no tokens, next: ${destination}`,
    };
    return `shows "Autenticando..." ${waiting}; ${work[workOf(snapshot)]}`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'xstate.done.actor.signIn':
        return (event as { output?: SignInOutcome }).output?.needsOnboarding
          ? 'The session check answers: signed in, sign-up not complete'
          : 'The session check answers: signed in';
      case 'xstate.error.actor.signIn':
        return 'The session check refuses the tokens (401)';
      default:
        if (event.type.startsWith('xstate.after.minimumPending.'))
          return `${LOGIN_PENDING_MIN_MS} ms pass since /login opened`;
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type LoginUserAction =
  | { do: 'open'; url: string }
  /** Answer the pending session check. */
  | { do: 'answer-check'; outcome: 'onboarding' | 'onboarded' | 'refused' }
  | { do: 'advance'; ms: number };

export type LoginScreen =
  | {
      shows: 'pending';
      /** The hosted login's error, as an error toast. */
      errorToast: string | undefined;
    }
  | {
      shows: 'left';
      /** Where /login sent the user. */
      destination: string;
      /** Where the user ends up: the destination, unless the guards send a logged-out user on. */
      landing: string;
    };

export interface LoginStepPlan {
  actions: LoginUserAction[];
  screen: LoginScreen;
}

interface PlannablePath {
  scenario: { input: LoginInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: LoginSnapshot }>;
}

export function loginUrl(input: LoginInput): string {
  const search = new URLSearchParams(
    Object.entries(input).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  return search ? `/login?${search}` : '/login';
}

function actionsFor(path: PlannablePath, index: number): LoginUserAction[] {
  const { event } = path.steps[index]!;
  if (index === 0) return [{ do: 'open', url: loginUrl(path.scenario.input) }];
  if (event.type === 'xstate.done.actor.signIn')
    return [
      {
        do: 'answer-check',
        outcome: (event as { output?: SignInOutcome }).output?.needsOnboarding ? 'onboarding' : 'onboarded',
      },
    ];
  if (event.type === 'xstate.error.actor.signIn') return [{ do: 'answer-check', outcome: 'refused' }];
  if (event.type.startsWith('xstate.after.minimumPending.'))
    return [{ do: 'advance', ms: LOGIN_PENDING_MIN_MS }];
  throw new Error(`No way to act out "${event.type}" in the app`);
}

function screenOf(path: PlannablePath, index: number): LoginScreen {
  const snapshot = path.steps[index]!.state;
  const { destination, error } = snapshot.context;
  if (snapshot.status !== 'done')
    return {
      shows: 'pending',
      errorToast: workOf(snapshot) === 'errorShown' ? (error ?? undefined) : undefined,
    };
  // The scenarios start without a session: only tokens the session accepted leave one; without
  // one the guards send the user on to /logout (and from there to the hosted login).
  const landing = snapshot.context.signedIn
    ? destination
    : `/logout?redirect=${encodeURIComponent(destination)}`;
  return { shows: 'left', destination, landing };
}

/** What to do at step `index` of a /login path, and what the user must then see. */
export function planLoginStep(path: PlannablePath, index: number): LoginStepPlan {
  return { actions: actionsFor(path, index), screen: screenOf(path, index) };
}
