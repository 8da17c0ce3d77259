import {
  type FollowUpTemplateScreen,
  type FollowUpTemplateUserAction,
  followUpTemplateTexts,
  planFollowUpTemplateStep,
} from '../../../machines/follow-up-template/follow-up-template.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The follow-up-template chart's driver ("Modelo para follow-ups" on the connected connection's
 * page), written once for jsdom and Chromium. The layer opens the page signed in and connected,
 * answers the held load (the templates and the chosen one) and the held save, and says what the
 * server holds once a save went through.
 */
export interface FollowUpTemplateLayer {
  open(): Promise<void>;
  answerLoad(action: Extract<FollowUpTemplateUserAction, { do: 'answer-load' }>): Promise<void>;
  answerSave(action: Extract<FollowUpTemplateUserAction, { do: 'answer-save' }>): Promise<void>;
  /** The follow-up template the server holds now (GET follow-up-template, or what it was sent). */
  savedTemplate(): Promise<{ name: string; language: string } | null>;
}

export const CARD_HEADING = 'Modelo para follow-ups';

interface SeenCard {
  status: string | null;
  alert: string | null;
  options: Array<{ label: string; checked: boolean }>;
  locked: boolean;
  buttons: string[];
}

/** The card as the owner sees it (runs in the page: only its argument and the DOM). */
function readCard(document: Document, heading: string): SeenCard | null {
  const card = [...document.querySelectorAll('section')].find(
    (section) => section.querySelector('h2')?.textContent === heading,
  );
  if (!card) return null;
  const radios = [...card.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  return {
    status: card.querySelector('[role="status"]')?.textContent ?? null,
    alert: card.querySelector('[role="alert"]')?.textContent ?? null,
    options: radios.map((radio) => ({
      label: radio.closest('label')?.querySelector('.follow-up-templates__name')?.textContent ?? '',
      checked: radio.checked,
    })),
    locked: radios.length > 0 && radios.every((radio) => radio.matches(':disabled')),
    buttons: [...card.querySelectorAll('button')].map((button) => button.textContent ?? ''),
  };
}

function expected(screen: FollowUpTemplateScreen): SeenCard {
  return {
    status: screen.status,
    alert: screen.error,
    options: screen.options,
    locked: screen.locked,
    buttons: screen.buttons,
  };
}

export function followUpTemplateDriver(ui: UiSurface, layer: FollowUpTemplateLayer) {
  const perform = async (action: FollowUpTemplateUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open();
      case 'answer-load':
        return layer.answerLoad(action);
      case 'answer-save':
        return layer.answerSave(action);
      case 'pick':
        // The radio's name is its label and the template's text: the label starts it.
        return ui.click({ label: action.option, exact: false });
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planFollowUpTemplateStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    async check(path: ChartPath, index: number) {
      const { screen } = planFollowUpTemplateStep(path as never, index);
      const want = expected(screen);
      return expectScreen(
        ui,
        async () => ({
          seen: await ui.read(readCard, CARD_HEADING),
          saved: screen.saved ? await layer.savedTemplate() : null,
        }),
        ({ seen, saved }) => [
          ...differs('the follow-up template card', seen, want),
          // What the card shows chosen is what the server holds.
          ...(screen.saved ? differs('the template the server holds', saved, screen.saved.template) : []),
        ],
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function followUpTemplateExpectation(path: ChartPath, index: number): string {
  const { screen } = planFollowUpTemplateStep(path as never, index);
  switch (screen.kind) {
    case 'loading':
      return `"${followUpTemplateTexts.loading}"`;
    case 'loadFailed':
      return `o erro "${screen.error}" e "${followUpTemplateTexts.retry}"`;
    default: {
      const marked = screen.options.find((option) => option.checked)?.label ?? 'nenhum modelo';
      const what = screen.locked
        ? `"${followUpTemplateTexts.saving}", ${marked} marcado`
        : `${marked} marcado`;
      const error = screen.error ? `; o erro "${screen.error}"` : '';
      const clear = screen.buttons.length > 0 ? `; "${followUpTemplateTexts.clear}"` : '';
      const saved = screen.saved ? '; o servidor guardou a escolha' : '';
      return `${what}${error}${clear}${saved}`;
    }
  }
}
