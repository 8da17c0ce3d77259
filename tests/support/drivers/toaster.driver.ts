import { FRAMES_MS } from '../../../machines/toasts/toast.paths';
import {
  planToasterStep,
  type ToasterScreenToast,
  type ToasterSnapshot,
  type ToasterUserAction,
} from '../../../machines/toasts/toaster.paths';
import type { ChartPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';
import { callAppToasts } from './toasts.driver';

type ToasterPath = ChartPath<ToasterSnapshot>;

/** The app's toasts on screen, by id (runs in the page: DOM only, no closures). */
export function readToaster(
  document: Document,
  _arg: null,
): Array<ToasterScreenToast & { expanded: boolean }> {
  return [...document.querySelectorAll('[data-app-toaster] [data-sonner-toast]')]
    .map((el) => ({
      id: (el.getAttribute('data-testid') ?? '').replace(/^toast-/, ''),
      title: el.querySelector('[data-title]')?.textContent ?? '',
      leaving: el.getAttribute('data-removed') === 'true',
      expanded: el.getAttribute('data-expanded') === 'true',
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Acts out toaster paths on a UI (jsdom or Chromium): the app's facade raises and dismisses toasts,
 * the pointer holds them, the app's clock lets an exit animation end; then checks every toast shown.
 */
export function toasterDriver(ui: UiSurface) {
  const perform = async (action: ToasterUserAction) => {
    switch (action.do) {
      case 'show':
        await ui.read(callAppToasts, {
          do: 'call',
          call: { method: 'loading', id: action.id, title: action.title },
        });
        return;
      case 'dismiss':
        await ui.read(callAppToasts, { do: 'dismiss', id: action.id });
        return;
      case 'dismiss-all':
        await ui.read((document) => document.defaultView?.__fechai?.toasts?.dismiss(), null);
        return;
      case 'hover':
        await ui.hover({ testId: `toast-${action.id}` });
        return;
      case 'unhover':
        await ui.hover();
        return;
      case 'advance':
        await ui.advance(action.ms);
        return;
    }
  };
  return {
    async act(path: ToasterPath, index: number): Promise<void> {
      for (const action of planToasterStep(path, index).actions) await perform(action);
      // sonner renders on timers: let frames pass, as the plan counts them (FRAMES_MS a step).
      await ui.advance(FRAMES_MS);
    },
    async check(path: ToasterPath, index: number): Promise<void> {
      const { screen, expanded } = planToasterStep(path, index);
      const expected = [...screen].sort((a, b) => a.id.localeCompare(b.id));
      await expectScreen(
        ui,
        () => ui.read(readToaster, null),
        (seen) => [
          ...differs(
            'the toasts on screen',
            seen.map(({ expanded: _, ...toast }) => toast),
            expected,
          ),
          ...differs(
            'spread out (pointer on them)',
            seen.filter((t) => !t.leaving).every((t) => t.expanded),
            expanded,
          ).filter(() => seen.some((t) => !t.leaving)),
        ],
      );
    },
  };
}

/** What the user must see after step `index`, in words, for the tester's report. */
export function toasterExpectation(path: ToasterPath, index: number): string {
  const { screen, expanded } = planToasterStep(path, index);
  if (screen.length === 0) return 'no toasts';
  const toasts = screen.map((t) => `"${t.title}"${t.leaving ? ' (leaving)' : ''}`).join(', ');
  return `${toasts}${expanded ? ', spread out under the pointer' : ''}`;
}
