import type { DisconnectReason } from '../../../contracts/whatsapp-connection';
import type { WhatsappConnectionMode, WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import type { EmbeddedSignupResult } from '../../../machines/whatsapp/embedded-signup.types';
import type { ConnectInput } from '../../../machines/whatsapp/whatsapp-connection.machine';
import {
  planWhatsappConnectionStep,
  type WhatsappConnectionScreen,
  type WhatsappConnectionUserAction,
} from '../../../machines/whatsapp/whatsapp-connection.paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The WhatsApp connection's driver ("Conexão WhatsApp" and its pages), once for jsdom and Chromium.
 * How the server and Meta's popup answer is the layer's (`WhatsappConnectionServer`).
 */

type WhatsappConnectionStep = Parameters<typeof planWhatsappConnectionStep>[0];

export interface WhatsappConnectionServer {
  /** The owner (the session's coexistence flag as given) opens `url`; the status call waits. */
  open(url: string, coexistenceEnabled: boolean): Promise<void>;
  /** Answers the waiting status call with `status`, and every later one until it changes. */
  answerStatus(status: WhatsappConnectionState): Promise<void>;
  /** Every status call fails with a 500, the cache's retries too. */
  failStatus(): Promise<void>;
  /** The server's status is now `status` (another tab, Meta), and the page reads it again. */
  statusElsewhere(status: WhatsappConnectionState): Promise<void>;
  /** The next popup opens (or the browser blocks it). */
  expectPopup(mode: WhatsappConnectionMode, blocked: boolean): Promise<void>;
  /** The owner finishes the popup: its WA_EMBEDDED_SIGNUP message and the code reach the app. */
  finishPopup(result: EmbeddedSignupResult): Promise<void>;
  /** The owner closes the popup at `currentStep`. */
  cancelPopup(currentStep: string): Promise<void>;
  answerConnect(expected: ConnectInput, status: number, body: unknown): Promise<void>;
  answerDisconnect(status: number, body: unknown): Promise<void>;
  answerFeedback(
    expected: { reason: DisconnectReason; comment: string | null },
    status: number,
    body: unknown,
  ): Promise<void>;
  /** The browser's Back, which leads to `to`. */
  goBack(to: string): Promise<void>;
}

/** What the page shows, read in it. */
interface SeenConnection {
  heading: string | null;
  text: string;
  alert: string | null;
  status: string | null;
  buttons: { name: string; disabled: boolean }[];
}

function readConnection(document: Document): SeenConnection {
  const main = document.querySelector('main') ?? document.body;
  return {
    heading: main.querySelector('h1')?.textContent ?? null,
    text: (main.textContent ?? '').replace(/\s+/g, ' '),
    alert: main.querySelector('[role="alert"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
    status: main.querySelector('[role="status"]')?.textContent ?? null,
    buttons: [...main.querySelectorAll('button')].map((b) => {
      const labelledBy = b.getAttribute('aria-labelledby');
      const label = labelledBy ? document.getElementById(labelledBy)?.textContent : b.textContent;
      return { name: (label ?? '').trim(), disabled: b.disabled };
    }),
  };
}

function mismatches(screen: WhatsappConnectionScreen, seen: SeenConnection, at: string): string[] {
  switch (screen.shows) {
    case 'loading':
      return differs('the loading status', seen.status !== null, true);
    case 'load-failed':
      return [
        ...differs('the alert', seen.alert, 'Verifique sua internet e tente de novo.'),
        ...differs(
          '"Tentar novamente"',
          seen.buttons.some((b) => b.name === 'Tentar novamente'),
          true,
        ),
      ];
    case 'page': {
      const path = at.split('?')[0]!.replace(/\/$/, '');
      return [
        ...differs('the address', path, screen.path),
        ...differs('h1', seen.heading, screen.heading),
        ...screen.texts.flatMap((text) => differs(`"${text}" on the page`, seen.text.includes(text), true)),
        ...screen.buttons.flatMap((button) =>
          differs(
            `"${button.name}" (disabled?)`,
            seen.buttons.find((b) => b.name === button.name)?.disabled ?? 'missing',
            button.disabled,
          ),
        ),
        // Some pages say their reason as an alert; only an alert the step expects is compared.
        ...(screen.alert === null
          ? []
          : differs(
              'the alert',
              seen.alert?.includes(screen.alert) ? screen.alert : seen.alert,
              screen.alert,
            )),
      ];
    }
  }
}

async function perform(
  ui: UiSurface,
  server: WhatsappConnectionServer,
  action: WhatsappConnectionUserAction,
): Promise<void> {
  switch (action.do) {
    case 'open':
      return server.open(action.url, action.coexistenceEnabled);
    case 'answer-status':
      return server.answerStatus(action.status);
    case 'fail-status':
      return server.failStatus();
    case 'status-elsewhere':
      return server.statusElsewhere(action.status);
    case 'click':
      return ui.click({ role: 'button', name: action.button, exact: true });
    case 'choose':
      return ui.click({ role: 'radio', name: action.option, exact: true });
    case 'type':
      await ui.fill({ label: action.field }, '');
      return ui.type({ label: action.field }, action.text);
    case 'go-back':
      return server.goBack(action.to);
    case 'open-popup':
      await server.expectPopup(action.mode, action.blocked);
      return ui.click({ role: 'button', name: action.button, exact: true });
    case 'finish-popup':
      return server.finishPopup(action.result);
    case 'cancel-popup':
      return server.cancelPopup(action.currentStep);
    case 'nothing':
      return ui.settle();
    case 'answer-connect':
      return server.answerConnect(action.expected, action.status, action.body);
    case 'answer-disconnect':
      return server.answerDisconnect(action.status, action.body);
    case 'answer-feedback':
      return server.answerFeedback(action.expected, action.status, action.body);
  }
}

/** Does what step `index` of a whatsapp-connection path says. */
export async function actWhatsappConnectionStep(
  ui: UiSurface,
  server: WhatsappConnectionServer,
  path: WhatsappConnectionStep,
  index: number,
): Promise<void> {
  for (const action of planWhatsappConnectionStep(path, index).actions) await perform(ui, server, action);
}

/** Throws, saying what differs, unless the page shows what step `index` of the path leads to. */
export async function checkWhatsappConnectionStep(
  ui: UiSurface,
  path: WhatsappConnectionStep,
  index: number,
): Promise<void> {
  const { screen } = planWhatsappConnectionStep(path, index);
  await expectScreen(
    ui,
    async () => ({ seen: await ui.read(readConnection, null), at: await ui.location() }),
    ({ seen, at }) => mismatches(screen, seen, at),
  );
}

/** What the owner must see after step `index`, in words (for the browser report). */
export function whatsappConnectionExpectation(path: WhatsappConnectionStep, index: number): string {
  const { screen } = planWhatsappConnectionStep(path, index);
  switch (screen.shows) {
    case 'loading':
      return 'the connection loading';
    case 'load-failed':
      return 'the status could not be read, "Tentar novamente"';
    case 'page':
      return [
        `"${screen.heading}" at ${screen.path}`,
        ...screen.texts.map((t) => `"${t}"`),
        ...screen.buttons.map((b) => `button "${b.name}"${b.disabled ? ' (disabled)' : ''}`),
        screen.alert ? `alert "${screen.alert}"` : '',
      ]
        .filter(Boolean)
        .join(', ');
  }
}
