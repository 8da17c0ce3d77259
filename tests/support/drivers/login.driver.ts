import type { LoginInput } from '../../../machines/login/login.machine';
import {
  type LoginScreen,
  type LoginSnapshot,
  type LoginUserAction,
  planLoginStep,
} from '../../../machines/login/login.paths';
import { sessionCheckAnswer } from '../../../machines/session/session.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

export type LoginPath = ChartPath<LoginSnapshot, LoginInput>;
export type LoginCheckOutcome = Extract<LoginUserAction, { do: 'answer-check' }>['outcome'];

/** The session check's answers the paths need, in the envelope. */
export const loginCheckReplies: Record<LoginCheckOutcome, { status: number; body: unknown }> = {
  onboarding: {
    status: 200,
    body: {
      success: true,
      data: sessionCheckAnswer({ needsOnboarding: true, hasNoCurrentSubscriptionActive: true }),
    },
  },
  onboarded: { status: 200, body: { success: true, data: sessionCheckAnswer() } },
  refused: {
    status: 401,
    body: { success: false, error: 'Sua sessão expirou. Entre novamente.', code: 'UNAUTHENTICATED' },
  },
};

/** What a layer does for /login's paths that the screen cannot: open the app, answer the server. */
export interface LoginServer {
  /** Opens the app at `url` with no session, as the hosted login's redirect would. */
  open(url: string): Promise<void>;
  /** Answers the session check /login is waiting for; throws when none waits. */
  answerCheck(outcome: LoginCheckOutcome): Promise<void>;
}

/** Acts out step `index` of a /login path. */
export async function actLoginStep(ui: UiSurface, server: LoginServer, path: LoginPath, index: number) {
  for (const action of planLoginStep(path, index).actions) {
    if (action.do === 'open') await server.open(action.url);
    else if (action.do === 'answer-check') await server.answerCheck(action.outcome);
    else await ui.advance(action.ms);
  }
}

interface SeenLogin {
  status: string | null;
  errorToast: string | null;
}

function readLogin(document: Document): SeenLogin {
  const toast = document.querySelector('[data-testid="toast-login-error"]');
  return {
    status: document.querySelector('[role="status"]')?.textContent ?? null,
    errorToast: toast?.querySelector('[data-title]')?.textContent ?? null,
  };
}

function mismatches(screen: LoginScreen, seen: SeenLogin & { url: string }): string[] {
  if (screen.shows === 'pending')
    return [
      ...differs('the status', seen.status, 'Autenticando...'),
      ...(/^\/login/.test(seen.url) ? [] : [`the address is ${seen.url}, not /login`]),
      ...(/accessToken|refreshToken|userId/.test(seen.url) ? ['the tokens are still in the address'] : []),
      ...differs('the error toast', seen.errorToast, screen.errorToast ?? null),
    ];
  return [
    ...(seen.status === 'Autenticando...' ? ['"Autenticando..." is still on screen'] : []),
    ...differs('the address', seen.url, screen.landing),
  ];
}

/** Throws, saying what differs, unless the screen shows what step `index` leads to. */
export async function checkLoginStep(ui: UiSurface, path: LoginPath, index: number): Promise<void> {
  const { screen } = planLoginStep(path, index);
  await expectScreen(
    ui,
    async () => ({ ...(await ui.read(readLogin, null)), url: await ui.location() }),
    (seen) => mismatches(screen, seen),
  );
}

/** What the user must see after step `index`, in words. */
export function loginExpectation(path: LoginPath, index: number): string {
  const { screen } = planLoginStep(path, index);
  if (screen.shows === 'pending')
    return `"Autenticando..." on /login without the tokens in the address${screen.errorToast ? `, the error toast "${screen.errorToast}"` : ''}`;
  return `/login has left for ${screen.landing}`;
}
