import { refreshDelay } from '../../../machines/session/access-token-expiry';
import {
  planSessionStep,
  type SessionScreen,
  type SessionSnapshot,
} from '../../../machines/session/session.paths';
import { sessionQueryTiming } from '../../../src/lib/cache/query-client';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

type SessionPath = ChartPath<SessionSnapshot>;
export type SessionReply = { status: number; body: unknown };

/** The longest a failed check waits before its one retry (spec §9 backoff). */
const RETRY_WAIT_MS = Math.max(sessionQueryTiming.retryDelay(0), sessionQueryTiming.retryDelay(1));

/** What a layer does for the session's paths that the screen cannot: the app, the server. */
export interface SessionServer {
  /** Puts `cookies` (if any) in the browser as an earlier visit would have, then opens /home. */
  open(cookies: { accessToken: string; refreshToken: string } | undefined): Promise<void>;
  /** Goes to `url` inside the running app (a link, the hosted login's return), keeping its session. */
  navigate(url: string): Promise<void>;
  /** Answers every session check, those waiting and those to come; `undefined` holds them again. */
  answerChecks(reply: SessionReply | undefined): Promise<void>;
  /** How many session checks wait for an answer. */
  checksPending(): Promise<number>;
  /** A product call of the app gets a 401; throws when the app made none. */
  refuseACall(): Promise<void>;
}

/**
 * The cookies the page holds. An empty one counts as gone: in Chromium the page's clock is paused
 * in the paths' future, so a removal's "expired yesterday" is still ahead of the browser's own
 * clock, which keeps the cookie with the empty value the app wrote.
 */
function readCookies(document: Document): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split(';')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '' && !entry.endsWith('='))
      .map((entry) => {
        const at = entry.indexOf('=');
        return [entry.slice(0, at), decodeURIComponent(entry.slice(at + 1))];
      }),
  );
}

const readNow = (_document: Document) => Date.now();

/** Acts out step `index` of a session path. */
export async function actSessionStep(
  ui: UiSurface,
  server: SessionServer,
  path: SessionPath,
  index: number,
): Promise<void> {
  await server.answerChecks(undefined);
  for (const action of planSessionStep(path, index).actions) {
    switch (action.do) {
      case 'open':
        await server.open(action.cookies);
        break;
      case 'sign-in':
        await server.navigate(`/login?${new URLSearchParams(action.search)}`);
        // The sign-in asks the server.
        await expectScreen(ui, server.checksPending, (waiting) =>
          differs('session checks waiting', waiting, 1),
        );
        break;
      case 'answer-check':
        // An answer without a session is retried once (spec §9), and gets the same answer: it
        // stands until the next step (which holds the checks again), so a late retry gets it too.
        await server.answerChecks({ status: action.status, body: action.body });
        await ui.settle();
        await ui.advance(RETRY_WAIT_MS);
        break;
      case 'refuse-a-call':
        await server.refuseACall();
        break;
      case 'log-out':
        await server.navigate('/logout');
        break;
      case 'wait-for-expiry': {
        const token = (await ui.read(readCookies, null)).access_token ?? null;
        await ui.advance(refreshDelay(token, await ui.read(readNow, null)));
        break;
      }
    }
  }
}

interface SeenHome {
  url: string;
  status: string | null;
  heading: string | null;
}

function readHome(document: Document): Omit<SeenHome, 'url'> {
  return {
    status: document.querySelector('[role="status"]')?.textContent ?? null,
    heading: document.querySelector('h1')?.textContent ?? null,
  };
}

function mismatches(screen: SessionScreen, seen: SeenHome): string[] {
  switch (screen.shows) {
    case 'loading':
      return [
        ...differs('the address', seen.url, '/home'),
        ...differs('the status', seen.status, 'Carregando...'),
        ...differs('the heading', seen.heading, null),
      ];
    case 'page':
      return [
        ...differs('the address', seen.url, screen.path),
        ...differs('the heading', seen.heading, screen.heading),
      ];
    case 'redirect':
      return differs('the address', seen.url, screen.path);
  }
}

/**
 * Throws, saying what differs, unless the cookies hold the pair the session runs on, a check is
 * under way exactly when the step says, and /home (opened in the app) shows what it must.
 */
export async function checkSessionStep(
  ui: UiSurface,
  server: SessionServer,
  path: SessionPath,
  index: number,
): Promise<void> {
  const plan = planSessionStep(path, index);
  const expected = path.steps[index]!.state;
  await expectScreen(
    ui,
    async () => ({ cookies: await ui.read(readCookies, null), pending: await server.checksPending() }),
    ({ cookies, pending }) => [
      ...differs('the access_token cookie', cookies.access_token ?? null, expected.context.token),
      ...differs('the refresh_token cookie', cookies.refresh_token ?? null, expected.context.refreshToken),
      ...differs('a session check under way', pending > 0, plan.checkPending),
    ],
  );
  await server.navigate('/home');
  await expectScreen(
    ui,
    async () => ({ ...(await ui.read(readHome, null)), url: await ui.location() }),
    (seen) => mismatches(plan.screen, seen),
  );
}

/** What the user must see after step `index`, in words. */
export function sessionExpectation(path: SessionPath, index: number): string {
  const { screen, checkPending } = planSessionStep(path, index);
  const check = checkPending ? 'a session check under way; ' : '';
  switch (screen.shows) {
    case 'loading':
      return `${check}/home shows "Carregando..."`;
    case 'page':
      return `${check}/home shows "${screen.heading}"`;
    case 'redirect':
      return `${check}/home sends to ${screen.path}`;
  }
}
