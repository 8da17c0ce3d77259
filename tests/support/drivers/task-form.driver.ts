import {
  planTaskFormStep,
  type TaskFormScreen,
  type TaskFormUserAction,
  taskFormScenarioOf,
} from '../../../machines/task-form/task-form.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { clickWhenShown } from './when-shown';

/**
 * The task-form chart's driver ("Nova tarefa", editing a task), written once for jsdom and
 * Chromium. The layer opens the form where the scenario says (an edit page with its task and
 * follow-up on the server) and answers the held save.
 */
export interface TaskFormLayer {
  /**
   * Opens the scenario's page. Returns the address the page has (an edit page's task id is the
   * server's own), and the one the plan gives, to translate its expected addresses.
   */
  open(action: Extract<TaskFormUserAction, { do: 'open' }>): Promise<void>;
  /** The app's address for one the plan gives (the plan's task ids are its own). */
  address(planned: string): string;
  answerSave(action: Extract<TaskFormUserAction, { do: 'answer-save' }>): Promise<void>;
}

const SWITCH = 'Enviar mensagem de follow-up no WhatsApp';

interface SeenForm {
  title: string | null;
  date: string | null;
  customer: string | null;
  followUp: boolean | null;
  switchDisabled: boolean | null;
  message: string | null;
  errors: Record<'title' | 'due' | 'customer' | 'followUp' | 'message', string | null>;
  banner: string | null;
  buttons: Array<{ label: string; disabled: boolean }>;
  fieldsetDisabled: boolean | null;
  toast: string | null;
}

/** What the form page shows (runs in the page: only its argument and the DOM). */
function readForm(document: Document): SeenForm {
  const byLabel = (text: string): HTMLInputElement | null => {
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
    const control = label?.htmlFor
      ? document.getElementById(label.htmlFor)
      : label?.querySelector('input, textarea');
    return (control as HTMLInputElement | null) ?? null;
  };
  const errorOf = (control: Element | null): string | null => {
    if (!control) return null;
    const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
    const errors = ids
      .map((id) => document.getElementById(id))
      .filter((element) => element?.classList.contains('form-error'));
    return errors.length > 0 ? errors.map((element) => element!.textContent).join(' ') : null;
  };
  const title = byLabel('Título');
  const date = byLabel('Data');
  // The form's only picker and only switch.
  const customer = document.querySelector<HTMLInputElement>('form [role="combobox"]');
  const toggle = document.querySelector<HTMLInputElement>('form [role="switch"]');
  const message = byLabel('Mensagem');
  const form = title?.closest('form');
  const toast = document.querySelector('[data-testid="toast-task-saved"] [data-title]');
  return {
    title: title?.value ?? null,
    date: date?.value ?? null,
    customer: customer?.value ?? null,
    followUp: toggle?.checked ?? null,
    switchDisabled: toggle?.disabled ?? null,
    message: message?.value ?? null,
    errors: {
      title: errorOf(title),
      due: errorOf(date),
      customer: errorOf(customer ?? null),
      followUp: errorOf(toggle ?? null),
      message: errorOf(message),
    },
    banner: form?.querySelector('[role="alert"]')?.textContent ?? null,
    buttons: form
      ? [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].map((b) => ({
          label: b.textContent ?? '',
          disabled: b.disabled,
        }))
      : [],
    fieldsetDisabled: title?.closest('fieldset')?.disabled ?? null,
    toast: toast?.textContent ?? null,
  };
}

function mismatches(screen: TaskFormScreen, seen: SeenForm, at: string, expectedAt: string): string[] {
  switch (screen.shows) {
    case 'form':
      return [
        ...differs('the address', at, expectedAt),
        ...differs('the title', seen.title, screen.title),
        ...differs('the date', seen.date, screen.date),
        ...differs('the customer', seen.customer, screen.customer),
        ...differs('the follow-up switch', seen.followUp, screen.followUp),
        ...differs('the switch disabled', seen.switchDisabled, !screen.switchEnabled),
        ...differs('the message', seen.message, screen.message),
        ...differs('the errors', seen.errors, screen.errors),
        ...differs('the banner', seen.banner, screen.banner),
        ...differs('the submit button', seen.buttons, [{ label: screen.submitLabel, disabled: false }]),
      ];
    case 'saving':
      return [
        ...differs('the submit button', seen.buttons, [{ label: screen.label, disabled: true }]),
        ...differs('the fields disabled', seen.fieldsetDisabled, true),
      ];
    case 'saved':
      return [...differs('the address', at, expectedAt), ...differs('the toast', seen.toast, screen.toast)];
  }
}

export function taskFormDriver(ui: UiSurface, layer: TaskFormLayer) {
  const perform = async (action: TaskFormUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'type':
        return ui.fill({ label: action.label }, action.text);
      case 'set-date':
        return ui.fill({ label: 'Data' }, action.value);
      case 'pick-customer':
        await ui.click({ role: 'combobox', name: 'Cliente' });
        return clickWhenShown(ui, { role: 'option', name: new RegExp(`^${action.option}`) });
      case 'toggle-follow-up':
        return ui.click({ role: 'switch', name: SWITCH });
      case 'click':
        return ui.click({ role: 'button', name: action.button });
      case 'answer-save':
        return layer.answerSave(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planTaskFormStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planTaskFormStep(path as never, index);
      const planned = screen.shows === 'saved' ? screen.path : taskFormScenarioOf(path.scenario).url;
      return expectScreen(
        ui,
        async () => ({ seen: await ui.read(readForm, null), at: await ui.location() }),
        ({ seen, at }) =>
          screen.shows === 'saving'
            ? mismatches(screen, seen, at, at)
            : mismatches(screen, seen, at, layer.address(planned)),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function taskFormExpectation(path: ChartPath, index: number): string {
  const { screen } = planTaskFormStep(path as never, index);
  if (screen.shows === 'saving') return `"${screen.label}" com o formulário bloqueado`;
  if (screen.shows === 'saved') return `de volta a ${screen.path}, o aviso "${screen.toast}"`;
  const errors = Object.values(screen.errors).filter(Boolean);
  return [
    `o formulário: título "${screen.title}", data ${screen.date}, cliente "${screen.customer}", follow-up ${screen.followUp ? 'ligado' : 'desligado'}`,
    errors.length ? `erros: ${errors.join(' / ')}` : '',
    screen.banner ? `aviso: "${screen.banner}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
