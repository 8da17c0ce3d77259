import type { Page } from 'playwright-core';
import {
  FRAMES_MS,
  planToastStep,
  SUBJECT_ID,
  type ToastScreen,
  type ToastSnapshot,
  type ToastUserAction,
} from '../../machines/toasts/toast.paths';
import type { ChartPath } from '../../tests/support/chart-paths';
import type { BrowserDriver } from './browser-driver';

/** How long the screen may take to match after a step (real time; the page's clock stays put). */
const SCREEN_TIMEOUT_MS = 3000;

type ToastPath = ChartPath<ToastSnapshot>;

/** What the page shows of one toast, read from sonner's DOM. */
interface SeenToast {
  removed: string | null;
  visible: string | null;
  title: string | null;
  description: string | null;
  type: string | null;
  spinner: boolean;
  closeButton: boolean;
  onScreen: boolean;
}

/** Set by the driver inside the page: the pending promise of a promise toast. */
type PathsWindow = Window & {
  __pathsPromise?: { resolve: (v: unknown) => void; reject: (e: unknown) => void };
};

const subject = (page: Page) => page.getByTestId(`toast-${SUBJECT_ID}`);

async function readToast(page: Page): Promise<SeenToast | null> {
  return page.evaluate((testId) => {
    const el = document.querySelector(`[data-testid="${testId}"]`);
    if (!el) return null;
    const box = el.getBoundingClientRect();
    return {
      removed: el.getAttribute('data-removed'),
      visible: el.getAttribute('data-visible'),
      title: el.querySelector('[data-title]')?.textContent ?? null,
      description: el.querySelector('[data-description]')?.textContent ?? null,
      type: el.getAttribute('data-type'),
      spinner: !!el.querySelector('.sonner-loading-wrapper[data-visible="true"]'),
      closeButton: !!el.querySelector('[data-close-button]'),
      onScreen: box.width > 0 && box.height > 0 && box.bottom <= window.innerHeight && box.top >= 0,
    };
  }, `toast-${SUBJECT_ID}`);
}

/** Differences between what the user should see and what the page shows (empty when they match). */
function mismatches(screen: ToastScreen, seen: SeenToast | null): string[] {
  if (screen.shows === 'nothing') return seen ? [`the toast "${seen.title}" is still on screen`] : [];
  if (!seen) return [`"${screen.title}" is not on screen`];
  if (screen.shows === 'leaving') {
    return [
      ...(seen.removed === 'true' ? [] : ['it does not play its exit animation (data-removed is not true)']),
      ...(seen.title === screen.title ? [] : [`title is "${seen.title}", not "${screen.title}"`]),
    ];
  }
  const problems: string[] = [];
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected)
      problems.push(`${what} is ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
  };
  expect('data-removed', seen.removed, 'false');
  expect('data-visible', seen.visible, 'true');
  expect('inside the viewport', seen.onScreen, true);
  expect('title', seen.title, screen.title);
  expect('description', seen.description, screen.description ?? null);
  expect('data-type', seen.type, screen.dataType ?? null);
  expect('spinner', seen.spinner, screen.spinner);
  expect('close button', seen.closeButton, screen.closeButton);
  return problems;
}

async function perform(page: Page, action: ToastUserAction): Promise<void> {
  switch (action.do) {
    case 'call':
      await page.evaluate((call) => {
        const toasts = window.__fechai?.toasts;
        if (!toasts) throw new Error('window.__fechai.toasts is missing: is <AppToaster /> mounted?');
        if (call.method === 'promise') {
          const promise = new Promise((resolve, reject) => {
            (window as PathsWindow).__pathsPromise = { resolve, reject };
          });
          toasts.promise(promise, {
            id: call.id,
            loading: call.loading,
            success: call.success,
            error: call.error,
          });
        } else {
          toasts[call.method](call.title, { id: call.id, description: call.description });
        }
      }, action.call);
      return;
    case 'dismiss':
      await page.evaluate((id) => window.__fechai?.toasts?.dismiss(id), action.id);
      return;
    case 'click-close':
      await subject(page).locator('[data-close-button]').click();
      return;
    case 'swipe': {
      const box = await subject(page).boundingBox();
      if (!box) throw new Error('no toast to swipe');
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x, y + 10, { steps: 2 });
      await page.mouse.move(x, y + 80, { steps: 6 });
      await page.mouse.up();
      return;
    }
    case 'hover':
      await subject(page).hover();
      return;
    case 'unhover':
      await page.mouse.move(1, 1);
      return;
    case 'advance':
      await page.clock.runFor(action.ms);
      return;
    case 'resolve':
    case 'reject':
      await page.evaluate(
        ({ outcome, value, message }) => {
          const pending = (window as PathsWindow).__pathsPromise;
          if (!pending) throw new Error('no promise toast is pending');
          if (outcome === 'resolve') pending.resolve(value);
          else pending.reject(new Error(message));
        },
        {
          outcome: action.do,
          value: action.do === 'resolve' ? action.value : undefined,
          message: action.do === 'reject' ? action.message : '',
        },
      );
      return;
  }
}

/**
 * Acts out toasts paths in the running app: the facade on `window.__fechai.toasts` for what the
 * app does, real mouse input for what a person does, `page.clock` for the time that passes.
 */
export const toastsDriver: BrowserDriver<ToastPath> = {
  page: '/download-app',
  setup: 'no account: a public page; the toasts are raised through window.__fechai.toasts',

  expectation(path, index) {
    const { screen } = planToastStep(path, index);
    return screen.shows === 'nothing' ? 'no toast' : `${screen.shows}: "${screen.title}"`;
  },

  async open(page, url) {
    // No CSS motion, so what a screenshot shows is the step's end state.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(url);
    await page.waitForFunction(() => !!window.__fechai?.toasts);
    await page.locator('[data-app-toaster] section').waitFor({ state: 'attached' });
    await page.mouse.move(1, 1);
    // From here on, time only passes when a step says so.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
  },

  async act(page, path, index) {
    for (const action of planToastStep(path, index).actions) await perform(page, action);
    await page.clock.runFor(FRAMES_MS);
  },

  async check(page, path, index) {
    const { screen } = planToastStep(path, index);
    const deadline = Date.now() + SCREEN_TIMEOUT_MS;
    for (;;) {
      const problems = mismatches(screen, await readToast(page));
      if (problems.length === 0) return;
      if (Date.now() > deadline) throw new Error(`the screen does not match: ${problems.join('; ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  },
};
