import { ADVISOR_OFFLINE_NOTICE_TEXT } from '../../../contracts/advisor';
import {
  planSuggestMessageStep,
  type SuggestMessageScreen,
  type SuggestMessageUserAction,
} from '../../../machines/suggest-message/suggest-message.paths';
import { suggestMessageTexts } from '../../../machines/suggest-message/suggest-message.texts';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The suggest-message chart's driver ("Sugerir mensagem"), written once for jsdom and Chromium. The
 * layer opens the path's page (the task, the deal, Maria's page) signed in, and answers the held
 * draft, reply and task save; it also tells what the server last received, so each step checks that
 * what left is the text on screen.
 */
export interface SuggestMessageLayer {
  open(action: Extract<SuggestMessageUserAction, { do: 'open' }>): Promise<void>;
  answerDraft(action: Extract<SuggestMessageUserAction, { do: 'answer-draft' }>): Promise<void>;
  answerSend(action: Extract<SuggestMessageUserAction, { do: 'answer-send' }>): Promise<void>;
  answerSchedule(action: Extract<SuggestMessageUserAction, { do: 'answer-schedule' }>): Promise<void>;
  /** The message text of the last reply or follow-up the server received, or null. */
  lastSentText(): Promise<string | null>;
}

interface SeenSheet {
  open: boolean;
  drafting: boolean;
  text: string | null;
  offline: boolean;
  blocker: string | null;
  error: string | null;
  buttons: Array<{ label: string; enabled: boolean }>;
  toast: string | null;
}

/** The sheet as the owner sees it (runs in the page: only its argument and the DOM). */
function readSheet(document: Document, texts: { drafting: string; offline: string }): SeenSheet {
  const sheet = document.querySelector('.suggest-message[role="dialog"]');
  const toast = document.querySelector('[data-testid^="toast-suggest-message-"] [data-title]');
  if (!sheet)
    return {
      open: false,
      drafting: false,
      text: null,
      offline: false,
      blocker: null,
      error: null,
      buttons: [],
      toast: toast?.textContent ?? null,
    };
  const notices = [...sheet.querySelectorAll('.suggest-message__notice')].map((n) => n.textContent);
  return {
    open: true,
    drafting: sheet.querySelector('[role="status"]')?.textContent === texts.drafting,
    text: sheet.querySelector('textarea')?.value ?? null,
    offline: notices.includes(texts.offline),
    blocker: sheet.querySelector('.suggest-message__blocker')?.textContent ?? null,
    error: sheet.querySelector('[role="alert"]')?.textContent ?? null,
    buttons: [...sheet.querySelectorAll('button')]
      .filter((b) => b.getAttribute('aria-label') === null)
      .map((b) => ({ label: b.textContent ?? '', enabled: !b.disabled })),
    toast: toast?.textContent ?? null,
  };
}

export function suggestMessageDriver(ui: UiSurface, layer: SuggestMessageLayer) {
  const sheet = { role: 'dialog' } as const;
  const perform = async (action: SuggestMessageUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'answer-draft':
        return layer.answerDraft(action);
      case 'answer-send':
        return layer.answerSend(action);
      case 'answer-schedule':
        return layer.answerSchedule(action);
      case 'type':
        return ui.fill({ label: action.field, exact: true }, action.text, sheet);
      case 'when':
        await ui.fill({ label: suggestMessageTexts.date, exact: true }, action.date, sheet);
        return ui.fill({ label: suggestMessageTexts.time, exact: true }, action.time, sheet);
      case 'click':
        // "Sugerir mensagem" is the page's button; the rest are the sheet's.
        return action.button === suggestMessageTexts.open
          ? ui.click({ role: 'button', name: action.button, exact: true })
          : ui.click({ role: 'button', name: action.button, exact: true }, sheet);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planSuggestMessageStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    async check(path: ChartPath, index: number) {
      const { screen } = planSuggestMessageStep(path as never, index);
      const { sentText, ...want } = screen;
      return expectScreen(
        ui,
        async () => ({
          seen: await ui.read(readSheet, {
            drafting: suggestMessageTexts.drafting,
            offline: ADVISOR_OFFLINE_NOTICE_TEXT,
          }),
          sent: sentText === null ? null : await layer.lastSentText(),
        }),
        ({ seen, sent }) => [
          ...differs('the sheet', { ...seen, toast: want.toast ? seen.toast : null }, want),
          ...(sentText !== null ? differs('the message the server got', sent, sentText) : []),
        ],
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function suggestMessageExpectation(path: ChartPath, index: number): string {
  const { screen } = planSuggestMessageStep(path as never, index);
  return describeScreen(screen);
}

function describeScreen(screen: SuggestMessageScreen): string {
  if (!screen.open)
    return screen.toast ? `a folha fechada e o aviso "${screen.toast}"` : 'o botão "Sugerir mensagem"';
  if (screen.drafting) return `"${suggestMessageTexts.drafting}" e "Cancelar"`;
  const parts = [
    screen.text !== null ? `a mensagem "${screen.text}"` : null,
    screen.offline ? 'o aviso do modo offline' : null,
    screen.blocker ? `"${screen.blocker}"` : null,
    screen.error ? `o erro "${screen.error}"` : null,
    `os botões ${screen.buttons.map((b) => `"${b.label}"${b.enabled ? '' : ' bloqueado'}`).join(', ')}`,
  ];
  return parts.filter(Boolean).join('; ');
}
