import {
  type AiSuggestionStepScreen,
  type AiSuggestionUserAction,
  planAiSuggestionStep,
} from '../../../machines/ai-suggestion/ai-suggestion.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { clickWhenShown } from './when-shown';

/**
 * The suggestion card's driver (/home with one pending suggestion), written once for jsdom and
 * Chromium. The layer opens /home with the suggestion listed and answers the held decision call.
 */
export interface AiSuggestionLayer {
  open(): Promise<void>;
  answer(action: Extract<AiSuggestionUserAction, { do: 'answer' }>): Promise<void>;
}

interface SeenCard {
  reason: string | null;
  buttons: { label: string; disabled: boolean }[];
  error: string | null;
  decided: string | null;
}

/** What the card shows (runs in the page: only its argument and the DOM). */
function readCard(document: Document): SeenCard {
  const card = document.querySelector('li.ai-suggestion');
  return {
    reason: card?.querySelector('.ai-suggestion__reason')?.textContent ?? null,
    buttons: [...(card?.querySelectorAll<HTMLButtonElement>('.ai-suggestion__actions button') ?? [])].map(
      (b) => ({
        label: b.textContent ?? '',
        disabled: b.disabled,
      }),
    ),
    error: card?.querySelector('[role="alert"]')?.textContent ?? null,
    decided: card?.querySelector('.ai-suggestion__decided')?.textContent ?? null,
  };
}

function mismatches(screen: AiSuggestionStepScreen, seen: SeenCard) {
  return [
    ...differs('the reason', seen.reason, screen.reason),
    ...differs('the buttons', seen.buttons, screen.buttons),
    ...differs('the error', seen.error, screen.error),
    ...differs('the decision', seen.decided, screen.decided),
  ];
}

export function aiSuggestionDriver(ui: UiSurface, layer: AiSuggestionLayer) {
  const perform = async (action: AiSuggestionUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open();
      case 'click':
        return clickWhenShown(ui, { role: 'button', name: action.button, exact: true });
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planAiSuggestionStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planAiSuggestionStep(path as never, index);
      return expectScreen(
        ui,
        () => ui.read(readCard, null),
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function aiSuggestionExpectation(path: ChartPath, index: number): string {
  const { screen } = planAiSuggestionStep(path as never, index);
  if (screen.decided) return `o cartão diz "${screen.decided}"`;
  return [
    `o cartão com "${screen.reason}" e ${screen.buttons.map((b) => `"${b.label}"${b.disabled ? ' bloqueado' : ''}`).join(' e ')}`,
    screen.error ? `o erro "${screen.error}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
