import {
  type EntityFormScenario,
  type EntityFormScreen,
  type EntityFormUserAction,
  planEntityFormStep,
} from '../../../machines/entity-form/entity-form.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The entity-form chart's driver ("Novo serviço", "Sobre a empresa"), written once for jsdom and
 * Chromium. The layer opens the form's page signed in and answers the held save call.
 */
export interface EntityFormLayer {
  open(action: Extract<EntityFormUserAction, { do: 'open' }>): Promise<void>;
  answer(action: Extract<EntityFormUserAction, { do: 'answer' }>): Promise<void>;
}

interface SeenForm {
  name: string | null;
  nameError: string | null;
  message: string | null;
  button: string | null;
  toasts: string[];
}

/** The form around the field labelled `nameLabel` (runs in the page: only its arguments and the DOM). */
function readForm(document: Document, nameLabel: string): SeenForm {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === nameLabel);
  const input = label ? (document.getElementById(label.htmlFor) as HTMLInputElement | null) : null;
  const form = input?.closest('form') ?? null;
  // The form's own text sits outside every field, above the buttons.
  const message = form
    ? ([...form.querySelectorAll('.form-error')].find((p) => !p.closest('.field'))?.textContent ?? null)
    : null;
  return {
    name: input?.value ?? null,
    nameError: input?.closest('.field')?.querySelector('.form-error')?.textContent ?? null,
    message,
    button: form?.querySelector('button[type="submit"]')?.textContent ?? null,
    toasts: [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map(
      (t) => t.textContent ?? '',
    ),
  };
}

/** What differs from `screen`; once the form has left (`left`), only the address and the toast. */
function mismatches(screen: EntityFormScreen, seen: SeenForm, at: string, left: boolean): string[] {
  return [
    ...differs('the address', at, screen.location),
    ...(screen.toast && !seen.toasts.includes(screen.toast)
      ? [`no toast "${screen.toast}" (toasts: ${JSON.stringify(seen.toasts)})`]
      : []),
    ...(left
      ? []
      : [
          ...differs('the name', seen.name, screen.name),
          ...differs('the text beside the name', seen.nameError, screen.nameError),
          ...differs('the text above the buttons', seen.message, screen.message),
          ...differs('the submit button', seen.button, screen.button),
        ]),
  ];
}

export function entityFormDriver(ui: UiSurface, layer: EntityFormLayer) {
  const perform = async (action: EntityFormUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'fill':
        return ui.fill({ label: action.label }, action.text);
      case 'type':
        return ui.type({ label: action.label }, action.text);
      case 'click':
        return ui.click({ role: 'button', name: action.button, exact: true });
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planEntityFormStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planEntityFormStep(path as never, index);
      const { nameLabel, doneTo } = (path.scenario as EntityFormScenario).screen;
      const left = doneTo !== undefined && screen.location === doneTo;
      return expectScreen(
        ui,
        async () => ({ seen: await ui.read(readForm, nameLabel), at: await ui.location() }),
        ({ seen, at }) => mismatches(screen, seen, at, left),
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function entityFormExpectation(path: ChartPath, index: number): string {
  const { screen } = planEntityFormStep(path as never, index);
  const { doneTo } = (path.scenario as EntityFormScenario).screen;
  if (doneTo !== undefined && screen.location === doneTo)
    return `de volta a ${screen.location}, o aviso "${screen.toast}"`;
  return [
    `o formulário com o nome "${screen.name}"`,
    screen.nameError ? `ao lado do nome "${screen.nameError}"` : '',
    screen.message ? `acima dos botões "${screen.message}"` : '',
    `o botão "${screen.button}"`,
    screen.toast ? `o aviso "${screen.toast}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
