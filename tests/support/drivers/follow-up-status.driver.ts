import type { FollowUpMessage } from '../../../contracts/tasks';
import {
  type FollowUpStatusUserAction,
  planFollowUpStatusStep,
} from '../../../machines/follow-up-status/follow-up-status.paths';
import { formatDateTime } from '../../../src/lib/format/date';
import { followUpStatusText } from '../../../src/lib/whatsapp/follow-up-status';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The follow-up-status chart's driver (one follow-up on its task's page), written once for jsdom and
 * Chromium. The layer opens the task page with the follow-up where the path starts, moves the
 * follow-up on the server (which tells the page through followup.changed) and answers the command
 * the owner clicked.
 */
export interface FollowUpStatusLayer {
  open(action: Extract<FollowUpStatusUserAction, { do: 'open' }>): Promise<void>;
  serverMoves(action: Extract<FollowUpStatusUserAction, { do: 'server-moves' }>): Promise<void>;
  answer(action: Extract<FollowUpStatusUserAction, { do: 'answer' }>): Promise<void>;
  /**
   * The follow-up's real times on the server, where they are not the path's (a real task's time, the
   * instant WhatsApp took it); the path's otherwise.
   */
  times?(): Promise<Pick<FollowUpMessage, 'scheduledFor' | 'sentAt'>>;
}

interface SeenFollowUp {
  badge: string | null;
  problem: string | null;
  buttons: Array<{ label: string; enabled: boolean }>;
  toasts: string[];
}

/** The task's follow-up card as the owner sees it (runs in the page: only its argument and the DOM). */
function readFollowUpCard(document: Document): SeenFollowUp | null {
  const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Mensagem de follow-up');
  const card = heading?.closest('section');
  if (!card) return null;
  return {
    badge: card.querySelector('.badge')?.textContent ?? null,
    problem: card.querySelector('.follow-up-problem > p')?.textContent ?? null,
    buttons: [...card.querySelectorAll<HTMLButtonElement>('.follow-up-problem button')].map((b) => ({
      label: b.textContent ?? '',
      enabled: !b.disabled,
    })),
    toasts: [...document.querySelectorAll('[data-testid^="toast-"] [data-title]')].map(
      (t) => t.textContent ?? '',
    ),
  };
}

/** "15/01/2030 às 10:00" as the app shows an instant, in the page's own time zone (runs in the page). */
function dateTimeInPage(_document: Document, iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
  const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
  return `${day.format(date)} às ${time.format(date)}`;
}

/** The badge's words for `followUp`, its times as the page shows them. */
async function badgeOf(ui: UiSurface, followUp: FollowUpMessage): Promise<string> {
  const text = followUpStatusText(followUp);
  const instant =
    followUp.status === 'sent' ? (followUp.sentAt ?? followUp.scheduledFor) : followUp.scheduledFor;
  const here = formatDateTime(instant);
  return text.includes(here) ? text.replace(here, await ui.read(dateTimeInPage, instant)) : text;
}

export function followUpStatusDriver(ui: UiSurface, layer: FollowUpStatusLayer) {
  const perform = async (action: FollowUpStatusUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'server-moves':
        return layer.serverMoves(action);
      case 'answer':
        return layer.answer(action);
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planFollowUpStatusStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    async check(path: ChartPath, index: number) {
      const { screen } = planFollowUpStatusStep(path as never, index);
      const times = (await layer.times?.()) ?? {};
      const badge = await badgeOf(ui, { ...screen.followUp, ...times });
      return expectScreen(
        ui,
        () => ui.read(readFollowUpCard, null),
        (seen) =>
          seen === null
            ? ['no follow-up card on the task page']
            : [
                ...differs('the status', seen.badge, badge),
                ...differs('the problem', seen.problem, screen.problem),
                ...differs('the commands', seen.buttons, screen.buttons),
                ...(screen.toast && !seen.toasts.includes(screen.toast)
                  ? [`no toast "${screen.toast}" (toasts: ${JSON.stringify(seen.toasts)})`]
                  : []),
              ],
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function followUpStatusExpectation(path: ChartPath, index: number): string {
  const { screen } = planFollowUpStatusStep(path as never, index);
  const parts = [`a situação "${followUpStatusText(screen.followUp)}"`];
  if (screen.problem) parts.push(`o problema "${screen.problem}"`);
  for (const button of screen.buttons)
    parts.push(`o botão "${button.label}"${button.enabled ? '' : ' bloqueado'}`);
  if (screen.toast) parts.push(`o aviso "${screen.toast}"`);
  return parts.join('; ');
}
