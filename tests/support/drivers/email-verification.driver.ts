import type { EmailVerificationInput } from '../../../machines/email-verification/email-verification.machine';
import {
  type EmailVerificationScreen,
  type EmailVerificationSnapshot,
  planEmailVerificationStep,
} from '../../../machines/email-verification/email-verification.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

export type EmailVerificationPath = ChartPath<EmailVerificationSnapshot, EmailVerificationInput>;

/** What a layer does for /signup's paths that the screen cannot: open the app, answer the server. */
export interface EmailVerificationServer {
  /** The hosted login's address in the app under test (the "Entrar" link). */
  hostedLogin: string;
  open(url: string): Promise<void>;
  /**
   * Answers the pending POST /api/auth/validate-email (which sent the path's token): `validated`
   * true or false, or the connection drops (`null`). Throws when no call waits.
   */
  answerValidation(validated: boolean | null): Promise<void>;
}

/** Acts out step `index` of a /signup path. */
export async function actEmailVerificationStep(
  ui: UiSurface,
  server: EmailVerificationServer,
  path: EmailVerificationPath,
  index: number,
): Promise<void> {
  for (const action of planEmailVerificationStep(path, index, server.hostedLogin).actions) {
    if (action.do === 'open') await server.open(action.url);
    else if (action.do === 'click') await ui.click({ role: 'button', name: action.button });
    else
      await server.answerValidation(
        action.status === 0 ? null : (action.body as { data: { validated: boolean } }).data.validated,
      );
  }
}

interface SeenSignup {
  status: string | null;
  heading: string | null;
  loginLink: string | null;
  alert: string | null;
  retry: boolean;
}

function readSignup(document: Document): SeenSignup {
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Entrar');
  return {
    status: document.querySelector('[role="status"]')?.textContent ?? null,
    heading: document.querySelector('h1')?.textContent ?? null,
    loginLink: link?.getAttribute('href') ?? null,
    alert: document.querySelector('[role="alert"]')?.textContent ?? null,
    retry: [...document.querySelectorAll('button')].some((b) => b.textContent === 'Tentar novamente'),
  };
}

function mismatches(screen: EmailVerificationScreen, seen: SeenSignup & { url: string }): string[] {
  switch (screen.shows) {
    case 'verifying':
      return differs('the status', seen.status, 'Verificando seu e-mail...');
    case 'verified':
      return [
        ...differs('the heading', seen.heading, screen.heading),
        ...differs('the "Entrar" link', seen.loginLink, screen.loginLink),
        ...differs('the alert', seen.alert, null),
      ];
    case 'error':
      return [
        ...differs('the alert', seen.alert, screen.text),
        ...differs('"Tentar novamente"', seen.retry, screen.retry),
      ];
    case 'redirect':
      return differs('the address', seen.url, screen.path);
  }
}

/** Throws, saying what differs, unless the screen shows what step `index` leads to. */
export async function checkEmailVerificationStep(
  ui: UiSurface,
  server: EmailVerificationServer,
  path: EmailVerificationPath,
  index: number,
): Promise<void> {
  const { screen } = planEmailVerificationStep(path, index, server.hostedLogin);
  await expectScreen(
    ui,
    async () => ({ ...(await ui.read(readSignup, null)), url: await ui.location() }),
    (seen) => mismatches(screen, seen),
  );
}

/** What the user must see after step `index`, in words. */
export function emailVerificationExpectation(path: EmailVerificationPath, index: number): string {
  const { screen } = planEmailVerificationStep(path, index, '(the hosted login)');
  switch (screen.shows) {
    case 'verifying':
      return '"Verificando seu e-mail..."';
    case 'verified':
      return `"${screen.heading}" and an "Entrar" link to the hosted login`;
    case 'error':
      return `the alert "${screen.text}"${screen.retry ? ' and "Tentar novamente"' : ''}`;
    case 'redirect':
      return `sent to ${screen.path}`;
  }
}
