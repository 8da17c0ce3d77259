import type { TaskInput } from '../../../contracts/tasks';
import {
  planQuickTaskStep,
  type QuickTaskScreen,
  type QuickTaskUserAction,
  texts,
} from '../../../machines/quick-task/quick-task.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiQuery, type UiSurface } from '../ui/ui-surface';
import { clickWhenShown } from './when-shown';

/**
 * The quick-task chart's driver (the quick-add sheet on /home), written once for jsdom and
 * Chromium. The layer opens /home with the plan's clock and answers the held POST /api/tasks.
 */
export interface QuickTaskLayer {
  /** Opens /home signed in, the clock at the plan's NOW, the customer picker offering Maria Souza. */
  open(): Promise<void>;
  /** Answers the held create, which must carry `body` (`customerId`: the plan's id for its customer). */
  answerCreate(create: { body: TaskInput; status: number; reply: unknown }): Promise<void>;
}

const sheet: UiQuery = { role: 'dialog', name: 'Nova tarefa' };

interface SeenSheet {
  open: boolean;
  addButton: boolean;
  toast: string | null;
  title: string | null;
  day: string[];
  date: string | null;
  time: string | null;
  customer: string | null;
  alerts: string[];
  titleInvalid: string | null;
  save: { label: string; disabled: boolean } | null;
}

/** What /home shows of the sheet (runs in the page: only its argument and the DOM). */
function readSheet(document: Document): SeenSheet {
  const dialog = document.querySelector('[role="dialog"]');
  const toast = document.querySelector('[data-testid^="toast-task-created-"] [data-title]');
  const addButton = [...document.querySelectorAll('button')].some(
    (b) => b.getAttribute('aria-label') === 'Adicionar tarefa' || b.textContent === 'Adicionar tarefa',
  );
  const labelled = (text: string): HTMLInputElement | null => {
    if (!dialog) return null;
    const label = [...dialog.querySelectorAll('label')].find((l) => l.textContent?.trim() === text);
    const control = label?.htmlFor ? document.getElementById(label.htmlFor) : label?.querySelector('input');
    return (control as HTMLInputElement | null) ?? null;
  };
  const save = dialog
    ? [...dialog.querySelectorAll<HTMLButtonElement>('button[type="submit"]')].find(Boolean)
    : undefined;
  const title = labelled('Título');
  return {
    open: dialog !== null,
    addButton,
    toast: toast?.textContent ?? null,
    title: title?.value ?? null,
    day: dialog
      ? [...dialog.querySelectorAll<HTMLInputElement>('input[type="radio"]')]
          .filter((r) => r.checked)
          .map((r) => r.value)
      : [],
    date: labelled('Data')?.value ?? null,
    time: labelled('Horário')?.value ?? null,
    customer: dialog?.querySelector<HTMLInputElement>('[role="combobox"]')?.value ?? null,
    alerts: dialog ? [...dialog.querySelectorAll('[role="alert"]')].map((a) => a.textContent ?? '') : [],
    titleInvalid: title?.getAttribute('aria-invalid') ?? null,
    save: save ? { label: save.textContent ?? '', disabled: save.disabled } : null,
  };
}

function mismatches(screen: QuickTaskScreen, seen: SeenSheet): string[] {
  if (screen.shows === 'closed') {
    return [
      ...differs('the sheet is open', seen.open, false),
      ...differs('the "Adicionar tarefa" button shows', seen.addButton, true),
      ...(screen.toast ? differs('the toast', seen.toast, screen.toast) : []),
    ];
  }
  const { title, date, time, customer, form } = screen.errors;
  return [
    ...differs('the sheet is open', seen.open, true),
    ...differs('the title', seen.title, screen.title),
    ...differs('the day chosen', seen.day, [screen.day]),
    ...differs('the date', seen.date, screen.date),
    ...differs('the time', seen.time, screen.time),
    ...differs('the customer', seen.customer, screen.customer ?? ''),
    ...differs(
      'the errors',
      seen.alerts,
      [title, date, time, customer, form].filter((text): text is string => text !== null),
    ),
    ...differs('the title marked invalid', seen.titleInvalid, title ? 'true' : null),
    ...differs('"Salvar"', seen.save, {
      label: screen.saving ? texts.saving : texts.save,
      disabled: screen.saving,
    }),
  ];
}

/** Taps the sheet's backdrop (it has no name: it is the dimmed page around the sheet). */
function tapBackdrop(document: Document): boolean {
  const backdrop = document.querySelector<HTMLElement>('.sheet__backdrop');
  backdrop?.click();
  return backdrop !== null;
}

export function quickTaskDriver(ui: UiSurface, layer: QuickTaskLayer) {
  const perform = async (action: QuickTaskUserAction) => {
    switch (action.do) {
      case 'open-home':
        return layer.open();
      case 'click': {
        const inSheet = await ui.shown(sheet);
        return ui.click({ role: 'button', name: action.button }, inSheet ? sheet : undefined);
      }
      case 'choose-day':
        return ui.click({ role: 'radio', name: action.option }, sheet);
      case 'type':
      case 'fill':
        return ui.fill({ label: action.label }, action.do === 'type' ? action.text : action.value, sheet);
      case 'choose-customer':
        await ui.click({ role: 'combobox', name: texts.customerLabel }, sheet);
        return clickWhenShown(ui, { role: 'option', name: new RegExp(`^${action.name}`) }, sheet);
      case 'press-escape':
        return ui.press('Escape');
      case 'tap-backdrop':
        if (!(await ui.read(tapBackdrop, null))) throw new Error('no backdrop behind the sheet');
        return;
      case 'answer-create':
        return layer.answerCreate({ body: action.body, status: action.status, reply: action.reply });
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planQuickTaskStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planQuickTaskStep(path as never, index);
      return expectScreen(
        ui,
        () => ui.read(readSheet, null),
        (seen) => mismatches(screen, seen),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function quickTaskExpectation(path: ChartPath, index: number): string {
  const { screen } = planQuickTaskStep(path as never, index);
  if (screen.shows === 'closed')
    return screen.toast ? `a folha fechada e o aviso "${screen.toast}"` : 'a folha fechada, o botão "+"';
  const errors = Object.values(screen.errors).filter(Boolean);
  return [
    `a folha "Nova tarefa": título "${screen.title}", ${screen.day}${screen.date ? ` ${screen.date}` : ''}, horário "${screen.time}", cliente ${screen.customer ?? 'nenhum'}`,
    errors.length ? `erros: ${errors.join(' / ')}` : '',
    screen.saving ? '"Salvando..."' : '',
  ]
    .filter(Boolean)
    .join('; ');
}
