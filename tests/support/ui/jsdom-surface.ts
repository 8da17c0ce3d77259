import { act, type ByRoleMatcher, within as inside, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { settle } from '../../web/support/fake-api';
import type { UiQuery, UiSurface } from './ui-surface';

type Scope = Pick<
  typeof screen,
  'queryAllByRole' | 'queryAllByLabelText' | 'queryAllByText' | 'queryAllByTestId'
>;

function findAll(scope: Scope, q: UiQuery): HTMLElement[] {
  if ('role' in q) return scope.queryAllByRole(q.role as ByRoleMatcher, { name: q.name });
  if ('label' in q) return scope.queryAllByLabelText(q.label, { exact: q.exact ?? true });
  if ('text' in q) return scope.queryAllByText(q.text, { exact: q.exact ?? true });
  return scope.queryAllByTestId(q.testId);
}

function queryText(q: UiQuery): string {
  return JSON.stringify(q, (_k, v) => (v instanceof RegExp ? String(v) : v));
}

function one(target: UiQuery, within?: UiQuery): HTMLElement {
  const scope: Scope = within ? inside(one(within)) : screen;
  const found = findAll(scope, target);
  if (found.length !== 1)
    throw new Error(`expected one element for ${queryText(target)}, found ${found.length}`);
  return found[0]!;
}

/**
 * Moves the fake clock frame by frame, each frame in its own act(), so React renders in between as
 * a browser would (sonner schedules its removal from what it rendered).
 */
export async function advanceInFrames(ms: number): Promise<void> {
  for (let left = ms; left >= 0; left -= 16) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(16, left)));
    if (left < 16) break;
  }
}

/** Playwright key names to user-event's: "Enter" → "{Enter}"; "Space" is a code there ("[Space]"). */
const keyOf = (key: string) => (key === 'Space' ? '[Space]' : `{${key}}`);

/**
 * The jsdom layer: Testing Library queries and user-event, the fake clock of `vi`, and the app's
 * in-memory address (`location` reads it from the rendered app).
 */
export function jsdomSurface(app: {
  url: () => string | undefined;
  open?: (path: string) => void;
}): UiSurface {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms), delay: null });
  return {
    layer: 'jsdom',
    attempts: 5,
    async click(target, within) {
      await user.click(one(target, within));
      await settle();
    },
    async fill(target, text, within) {
      const field = one(target, within);
      await user.clear(field);
      if (text !== '') await user.paste(text);
      await settle();
    },
    async type(target, text, within) {
      await user.type(one(target, within), text);
      await settle();
    },
    async hover(target, within) {
      await user.hover(target ? one(target, within) : document.body);
      await settle();
    },
    async press(key) {
      await user.keyboard(keyOf(key));
      await settle();
    },
    async select(target, option, within) {
      await user.selectOptions(one(target, within), option);
      await settle();
    },
    async shown(target, within) {
      const scope: Scope = within ? inside(one(within)) : screen;
      return findAll(scope, target).some((el) => !el.closest('[hidden]'));
    },
    async read(read, arg) {
      return read(document, arg);
    },
    async location() {
      return app.url() ?? '/';
    },
    async open(path) {
      if (!app.open) throw new Error('this app cannot be sent to another address');
      app.open(path);
      await settle();
    },
    async advance(ms) {
      await advanceInFrames(ms);
      await settle();
    },
    settle: () => settle(),
  };
}
