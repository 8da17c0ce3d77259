import { planSearchBoxStep, type SearchBoxUserAction } from '../../../machines/search-box/search-box.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiQuery, type UiSurface } from '../ui/ui-surface';

/**
 * The search-box chart's driver (the customers list's search, the customer picker of a task),
 * written once for jsdom and Chromium. The layer opens the scenario's screen signed in with the
 * paths' customers on file, and changes the address without the box (Back, a link). Time is the
 * surface's clock: the layer pauses it before the app loads.
 */
export interface SearchBoxLayer {
  open(action: Extract<SearchBoxUserAction, { do: 'open' }>): Promise<void>;
  /** Goes to `url` inside the running app, as a link or Back does. */
  go(url: string): Promise<void>;
}

type Scenario = Extract<SearchBoxUserAction, { do: 'open' }>['scenario'];

interface SeenSearch {
  text: string | null;
  listed: string[];
}

/** The box and what it lists (runs in the page: only its arguments and the DOM). */
function readSearch(document: Document, scenario: Scenario): SeenSearch {
  const picker = scenario === 'picker';
  const box = document.querySelector<HTMLInputElement>(
    picker ? 'input[role="combobox"]' : 'search input[type="search"]',
  );
  const names = picker
    ? '[role="listbox"] [role="option"] .customer-picker__name'
    : 'ul[aria-label="Clientes"] .customer-row__name';
  return {
    text: box?.value ?? null,
    listed: [...document.querySelectorAll(names)].map((name) => name.textContent ?? ''),
  };
}

const boxOf = (scenario: Scenario): UiQuery =>
  scenario === 'picker' ? { role: 'combobox', name: 'Cliente' } : { label: 'Buscar clientes' };

export function searchBoxDriver(ui: UiSurface, layer: SearchBoxLayer) {
  const perform = async (scenario: Scenario, action: SearchBoxUserAction) => {
    const box = boxOf(scenario);
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'fill':
        return ui.fill(box, action.text);
      case 'retype':
        // The caret at the end, the last letter deleted and typed again, with no pause between.
        await ui.click(box);
        await ui.press('End');
        await ui.press('Backspace');
        return ui.type(box, action.text.slice(-1));
      case 'wait':
        return ui.advance(action.ms);
      case 'go':
        return layer.go(action.url);
    }
  };
  const scenarioOf = (path: ChartPath): Scenario =>
    path.scenario.name === 'picker' ? 'picker' : 'customers';
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planSearchBoxStep(path as never, index).actions)
        await perform(scenarioOf(path), action);
      await ui.settle();
    },
    check(path: ChartPath, index: number) {
      const { screen } = planSearchBoxStep(path as never, index);
      return expectScreen(
        ui,
        async () => ({ seen: await ui.read(readSearch, scenarioOf(path)), at: await ui.location() }),
        ({ seen, at }) => [
          ...differs('the box', seen.text, screen.text),
          ...differs('the names listed', seen.listed, screen.listed),
          ...(screen.address === null ? [] : differs('the address', at, screen.address)),
        ],
      );
    },
  };
}

/** What the owner must see after step `index`, in words (for the replay report). */
export function searchBoxExpectation(path: ChartPath, index: number): string {
  const { screen } = planSearchBoxStep(path as never, index);
  return [
    `a busca diz "${screen.text}"`,
    `a lista mostra ${screen.listed.map((name) => `"${name}"`).join(', ')}`,
    screen.address ? `o endereço ${screen.address}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
