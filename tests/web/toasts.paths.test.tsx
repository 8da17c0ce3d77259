import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  FRAMES_MS,
  planToastStep,
  SUBJECT_ID,
  type ToastScreen,
  type ToastSnapshot,
  type ToastUserAction,
  toastPathModel,
  usesWaitingRoom,
} from '../../machines/toasts/toast.paths';
import { toasterMachine } from '../../machines/toasts/toaster.machine';
import { createToastFacade } from '../../src/lib/toasts';
import { AppToaster } from '../../src/ui/toaster/AppToaster';
import { type ChartPath, generatePaths, walkPath } from '../support/chart-paths';
import { advanceInFrames, withToasterTestClock } from './support/toaster-clock';

const paths = generatePaths(toastPathModel);

function subjectElement(): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-testid="toast-${SUBJECT_ID}"]`);
}

function mount() {
  const toaster = createActor(toasterMachine, { input: {} });
  toaster.start();
  const facade = createToastFacade(toaster);
  const view = render(<AppToaster toaster={toaster} />);
  // No delays between user-event's steps: the clock is fake and only the path moves it.
  const user = userEvent.setup({ delay: null });
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
  const advance = advanceInFrames;

  const perform = async (action: ToastUserAction) => {
    switch (action.do) {
      case 'call': {
        const { call } = action;
        if (call.method === 'promise') {
          const promise = new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
          act(() => {
            facade.promise(promise, {
              id: call.id,
              loading: call.loading,
              success: call.success,
              error: call.error,
            });
          });
        } else {
          act(() => {
            facade[call.method](call.title, { id: call.id, description: call.description });
          });
        }
        return;
      }
      case 'dismiss':
        act(() => facade.dismiss(action.id));
        return;
      case 'click-close': {
        const button = subjectElement()?.querySelector<HTMLElement>('[data-close-button]');
        if (!button) throw new Error('no close button on the toast');
        await user.click(button);
        return;
      }
      case 'swipe': {
        const target = subjectElement();
        if (!target) throw new Error('no toast to swipe');
        await user.pointer([
          { keys: '[MouseLeft>]', target, coords: { clientX: 100, clientY: 100 } },
          { target, coords: { clientX: 100, clientY: 110 } },
          { target, coords: { clientX: 100, clientY: 180 } },
          { keys: '[/MouseLeft]', target },
        ]);
        return;
      }
      case 'hover': {
        const target = subjectElement();
        if (!target) throw new Error('no toast to hover');
        await user.hover(target);
        return;
      }
      case 'unhover':
        await user.hover(document.body);
        return;
      case 'advance':
        await advance(action.ms);
        return;
      case 'resolve':
      case 'reject':
        if (!pending) throw new Error('no promise toast is pending');
        if (action.do === 'resolve') pending.resolve(action.value);
        else pending.reject(new Error(action.message));
        pending = undefined;
        await advance(0);
        return;
    }
  };
  const unmount = () => {
    view.unmount();
    toaster.stop();
  };
  return { toaster, perform, advance, unmount };
}

function expectScreen(screen: ToastScreen) {
  const element = subjectElement();
  if (screen.shows === 'nothing') {
    expect(element, 'the toast is not on screen').toBeNull();
    return;
  }
  expect(element, `"${screen.title}" is on screen`).not.toBeNull();
  const toast = element!;
  if (screen.shows === 'leaving') {
    expect(toast.getAttribute('data-removed'), 'it plays its exit animation').toBe('true');
    expect(toast.textContent).toContain(screen.title);
    return;
  }
  expect(toast.getAttribute('data-removed')).toBe('false');
  expect(toast.getAttribute('data-visible'), 'among the visible toasts').toBe('true');
  expect(toast.querySelector('[data-title]')?.textContent).toBe(screen.title);
  expect(toast.querySelector('[data-description]')?.textContent ?? undefined).toBe(screen.description);
  expect(toast.getAttribute('data-type') ?? undefined, 'its type').toBe(screen.dataType);
  expect(!!toast.querySelector('.sonner-loading-wrapper[data-visible="true"]'), 'a spinner').toBe(
    screen.spinner,
  );
  expect(!!toast.querySelector('[data-close-button]'), 'a close button').toBe(screen.closeButton);
}

function expectChart(
  toaster: ReturnType<typeof mount>['toaster'],
  expected: ToastSnapshot,
  index: number,
  path: ChartPath,
) {
  const entry = toaster
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
      const { toaster, perform, advance, unmount } = mount();
      await walkPath(toastPathModel, path, {
        act: async (index) => {
          for (const action of planToastStep(path, index).actions) await perform(action);
          await advance(FRAMES_MS);
        },
        check: (index) => {
          expectScreen(planToastStep(path, index).screen);
          expectChart(toaster, path.steps[index]!.state as ToastSnapshot, index, path as ChartPath);
        },
      });
      unmount();
    },
  );
});
