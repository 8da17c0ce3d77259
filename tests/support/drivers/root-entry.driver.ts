import {
  planRootEntryStep,
  type RootEntryAction,
  type RootEntryScreen,
} from '../../../machines/root-entry/root-entry.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The root-entry chart's driver ("/"), written once for jsdom and Chromium. The layer opens the
 * address (signed in or not) with the referral capture and the session check held, and ends them
 * when a step says.
 */
export interface RootEntryLayer {
  open(action: Extract<RootEntryAction, { do: 'open' }>): Promise<void>;
  /** The owner's held session check: answered by the server. */
  answerSession(): Promise<void>;
  /** The held referral capture: ends, or fails. */
  endCapture(outcome: 'captured' | 'failed'): Promise<void>;
}

/** The loading status "/" shows (runs in the page: only its argument and the DOM). */
function readLoading(document: Document): string | null {
  return document.querySelector('.route-loading[role="status"]')?.textContent ?? null;
}

function mismatches(screen: RootEntryScreen, loading: string | null, at: string) {
  return [
    ...differs('the address', at, screen.location),
    // Once "/" left, the next page may still be loading: only the address says where it went.
    ...(screen.loading === null ? [] : differs('the loading status', loading, screen.loading)),
  ];
}

export function rootEntryDriver(ui: UiSurface, layer: RootEntryLayer) {
  const perform = async (action: RootEntryAction) => {
    switch (action.do) {
      case 'open':
        return layer.open(action);
      case 'session known':
        // A visitor without a session: the app knows at once, there is nothing to do.
        return;
      case 'answer session':
        return layer.answerSession();
      case 'capture':
        return layer.endCapture(action.outcome);
    }
  };
  return {
    async act(path: ChartPath, index: number) {
      for (const action of planRootEntryStep(path as never, index).actions) await perform(action);
    },
    check(path: ChartPath, index: number) {
      const { screen } = planRootEntryStep(path as never, index);
      return expectScreen(
        ui,
        async () => ({ loading: await ui.read(readLoading, null), at: await ui.location() }),
        ({ loading, at }) => mismatches(screen, loading, at),
      );
    },
  };
}

/** What the person must see after step `index`, in words (for the replay report). */
export function rootEntryExpectation(path: ChartPath, index: number): string {
  const { screen } = planRootEntryStep(path as never, index);
  return screen.loading === null
    ? `o endereço ${screen.location}`
    : `"${screen.loading}" em ${screen.location}, ainda sem sair`;
}
