import {
  type CompanySwitchStepScreen,
  type CompanySwitchUserAction,
  planCompanySwitchStep,
} from '../../../machines/company-switch/company-switch.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { type ModelNames, sameNames } from './model-names';
import { clickWhenShown } from './when-shown';

/**
 * The company switcher's driver, written once for jsdom and Chromium. The layer opens /home for a
 * person in two companies and answers the call a step names; `names` maps a real server's company
 * names to the model's.
 */
export interface CompanySwitchLayer {
  open(): Promise<void>;
  answer(action: Extract<CompanySwitchUserAction, { do: 'answer' }>): Promise<void>;
}

interface SeenSwitcher {
  options: string[] | null;
  message: string | null;
}

/** What the switcher shows (runs in the page: only its argument and the DOM). */
function readSwitcher(document: Document): SeenSwitcher {
  const panel = document.querySelector('.company-switch__panel');
  const options = panel?.querySelectorAll('.company-switch__option');
  return {
    options: options && options.length > 0 ? [...options].map((o) => o.textContent ?? '') : null,
    message: panel?.querySelector('.company-switch__message')?.textContent ?? null,
  };
}

function mismatches(screen: CompanySwitchStepScreen, seen: SeenSwitcher, at: string): string[] {
  return [
    ...differs('the address', at, screen.location),
    ...differs('the companies', seen.options, screen.options),
    ...differs('the message', seen.message, screen.message),
  ];
}

export function companySwitchDriver(ui: UiSurface, layer: CompanySwitchLayer, names: ModelNames = sameNames) {
  const perform = async (action: CompanySwitchUserAction) => {
    switch (action.do) {
      case 'open':
        return layer.open();
      case 'click':
        return clickWhenShown(ui, { role: 'button', name: names.toApp(action.button), exact: true });
      case 'answer':
        return layer.answer(action);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planCompanySwitchStep(path as never, index).actions) await perform(action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planCompanySwitchStep(path as never, index);
      return expectScreen(
        ui,
        async () => ({
          seen: JSON.parse(names.toModel(JSON.stringify(await ui.read(readSwitcher, null)))) as SeenSwitcher,
          at: await ui.location(),
        }),
        ({ seen, at }) => mismatches(screen, seen, at),
      );
    },
  };
}

/** What the person must see after step `index`, in words, for a replay's report. */
export function companySwitchExpectation(path: ChartPath, index: number): string {
  const { screen } = planCompanySwitchStep(path as never, index);
  return [
    `${screen.location}`,
    screen.options ? `as empresas ${screen.options.map((o) => `"${o}"`).join(', ')}` : 'a lista fechada',
    screen.message ? `a mensagem "${screen.message}"` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
