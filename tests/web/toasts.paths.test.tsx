import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  SUBJECT_ID,
  type ToastSnapshot,
  toastPathModel,
  usesWaitingRoom,
} from '../../machines/toasts/toast.paths';
import { appToaster } from '../../src/lib/toasts';
import { AppToaster } from '../../src/ui/toaster/AppToaster';
import { type ChartPath, generatePaths, walkPath } from '../support/chart-paths';
import { toastsDriver } from '../support/drivers/toasts.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { withToasterTestClock } from './support/toaster-clock';

const paths = generatePaths(toastPathModel);

/** jsdom's swipe: user-event's pointer, dragging the toast down past sonner's threshold. */
async function swipe(testId: string): Promise<void> {
  const target = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!target) throw new Error('no toast to swipe');
  await userEvent.setup({ delay: null, advanceTimers: (ms) => vi.advanceTimersByTime(ms) }).pointer([
    { keys: '[MouseLeft>]', target, coords: { clientX: 100, clientY: 100 } },
    { target, coords: { clientX: 100, clientY: 110 } },
    { target, coords: { clientX: 100, clientY: 180 } },
    { keys: '[/MouseLeft]', target },
  ]);
}

/** Beyond the screen: the toaster chart holds the path's toast in the path's state. */
function expectChart(expected: ToastSnapshot, index: number, path: ChartPath) {
  const entry = appToaster
    .getSnapshot()
    .context.toasts.filter((t) => t.id === SUBJECT_ID)
    .at(-1);
  const notCreatedYet = index === 0 && !usesWaitingRoom(path);
  if (expected.matches('gone') || notCreatedYet) {
    expect(entry, 'the toaster has no such toast').toBeUndefined();
    return;
  }
  const actual = entry!.ref.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.reason).toBe(expected.context.reason);
  expect(actual.context.toast.type).toBe(expected.context.toast.type);
}

describe('toasts chart paths, as the user sees them', () => {
  withToasterTestClock();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      // The app's own toaster and facade (window.__fechai.toasts), as the browser replay uses them.
      const view = render(<AppToaster />);
      const driver = toastsDriver(jsdomSurface({ url: () => '/' }), { swipe });
      await walkPath(toastPathModel, path, {
        act: (index) => driver.act(path, index),
        check: async (index) => {
          await driver.check(path, index);
          expectChart(path.steps[index]!.state, index, path as ChartPath);
        },
      });
      view.unmount();
    },
  );
});
