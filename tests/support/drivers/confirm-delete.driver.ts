import {
  type ConfirmDeleteStepScreen,
  type ConfirmDeleteUserAction,
  planConfirmDeleteStep,
} from '../../../machines/confirm-delete/confirm-delete.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { clickWhenShown } from './when-shown';

/**
 * The confirm-delete chart's driver (a customer's "Excluir", a task's delete page), written once
 * for jsdom and Chromium. The layer opens the screen on a record made for the path, says what the
 * record's real address is, and answers the held delete call.
 */
export interface ConfirmDeleteLayer {
  open(action: Extract<ConfirmDeleteUserAction, { do: 'open' }>): Promise<void>;
  /** The app's address for one the plan gives (`{id}` is the record's id). */
  address(planned: string): string;
  answer(action: Extract<ConfirmDeleteUserAction, { do: 'answer' }>): Promise<void>;
}

interface SeenDelete {
  question: string | null;
  confirm: { label: string; disabled: boolean } | null;
  error: string | null;
  toasts: string[];
}

/** What the screen shows of the delete (runs in the page: only its argument and the DOM). */
function readDelete(document: Document): SeenDelete {
  const box = document.querySelector('fieldset.confirm-action');
  const questionId = box?.getAttribute('aria-labelledby');
  const question = questionId ? document.getElementById(questionId) : null;
  const confirm = box?.querySelector<HTMLButtonElement>('button.button--danger') ?? null;
  return {
    question: question?.textContent ?? null,
    confirm: confirm ? { label: confirm.textContent ?? '', disabled: confirm.disabled } : null,
    error: box?.querySelector('[role="alert"]')?.textContent ?? null,
    toasts: [...document.querySelectorAll('[data-testid^="toast-"] [data-title]')].map(
      (t) => t.textContent ?? '',
    ),
  };
}

function mismatches(screen: ConfirmDeleteStepScreen, seen: SeenDelete, at: string, expectedAt: string) {
  return [
    ...differs('the address', at, expectedAt),
    ...differs('the question', seen.question, screen.question),
    ...differs('the red button', seen.confirm, screen.confirm),
    ...differs('the error', seen.error, screen.error),
    ...(screen.toast && !seen.toasts.includes(screen.toast)
      ? [`no toast "${screen.toast}" (toasts: ${JSON.stringify(seen.toasts)})`]
      : []),
  ];
}

export function confirmDeleteDriver(ui: UiSurface, layer: ConfirmDeleteLayer) {
  const perform = async (action: ConfirmDeleteUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'click':
        // "Excluir" opens the question below the heading; the rest are the question's buttons.
        return clickWhenShown(ui, { role: 'button', name: action.button, exact: true });
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planConfirmDeleteStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planConfirmDeleteStep(path as never, index);
      return expectScreen(
        ui,
        async () => ({ seen: await ui.read(readDelete, null), at: await ui.location() }),
        ({ seen, at }) => mismatches(screen, seen, at, layer.address(screen.location)),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function confirmDeleteExpectation(path: ChartPath, index: number): string {
  const { screen } = planConfirmDeleteStep(path as never, index);
  if (screen.toast) return `de volta a ${screen.location}, o aviso "${screen.toast}"`;
  if (!screen.question) return `a página ${screen.location}, sem a pergunta`;
  return [
    `a pergunta "${screen.question}" com o botão "${screen.confirm?.label}"${screen.confirm?.disabled ? ' bloqueado' : ''}`,
    screen.error ? `o erro "${screen.error}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
