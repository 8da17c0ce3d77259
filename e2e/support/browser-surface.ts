import type { Locator, Page } from 'playwright-core';
import type { UiQuery, UiSurface } from '../../tests/support/ui/ui-surface';

type Scope = Pick<Page, 'getByRole' | 'getByLabel' | 'getByText' | 'getByTestId'>;

function locate(scope: Scope, q: UiQuery): Locator {
  if ('role' in q)
    return scope.getByRole(q.role as Parameters<Page['getByRole']>[0], { name: q.name, exact: q.exact });
  if ('label' in q) return scope.getByLabel(q.label, { exact: q.exact ?? true });
  if ('text' in q) return scope.getByText(q.text, { exact: q.exact ?? true });
  return scope.getByTestId(q.testId);
}

/** One frame of the app's clock, and how many steps a long advance is cut into. */
const FRAME_MS = 16;
const MAX_CLOCK_STEPS = 20;

/** How long an action waits for its element (real time; the page's clock may be paused). */
const ACTION_TIMEOUT_MS = 5000;

/**
 * The browser layer: Playwright locators with the same queries as Testing Library, `page.clock` for
 * time (install it in the driver's `open` when the chart has timers), `page.evaluate` for readings.
 */
export function browserSurface(page: Page): UiSurface {
  const at = (target: UiQuery, within?: UiQuery) => locate(within ? locate(page, within) : page, target);
  const options = { timeout: ACTION_TIMEOUT_MS };
  return {
    layer: 'browser',
    attempts: 60,
    click: (target, within) => at(target, within).click(options),
    fill: (target, text, within) => at(target, within).fill(text, options),
    async type(target, text, within) {
      await at(target, within).pressSequentially(text, options);
    },
    async hover(target, within) {
      if (target) await at(target, within).hover(options);
      else await page.mouse.move(0, 0);
    },
    press: (key) => page.keyboard.press(key),
    async select(target, option, within) {
      await at(target, within).selectOption({ label: option }, options);
    },
    shown: (target, within) => at(target, within).first().isVisible(),
    // The reading travels as source text and runs in the page on the page's own document (an
    // expression, so the page's CSP does not apply; `__name` is what tsx's esbuild wraps names in).
    read: (read, arg) =>
      page.evaluate(
        `(() => { const __name = (f) => f; return (${read.toString()})(document, ${JSON.stringify(arg ?? null)}); })()`,
      ),
    async location() {
      const url = new URL(page.url());
      return `${url.pathname}${url.search}`;
    },
    async open(path) {
      await page.goto(new URL(path, page.url()).toString());
    },
    // In steps of a frame or more, so the page runs what each step's timers started (React's
    // effects are tasks, not timers) before the next, as jsdomSurface does frame by frame: a timer an
    // effect sets then fires within the same advance. At most MAX_CLOCK_STEPS round trips.
    async advance(ms) {
      const step = Math.max(FRAME_MS, Math.ceil(ms / MAX_CLOCK_STEPS));
      for (let left = ms; left >= 0; left -= step) {
        await page.clock.runFor(Math.min(step, left));
        if (left < step) break;
      }
    },
    settle: () => page.waitForTimeout(50),
  };
}
