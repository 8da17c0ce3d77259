import { act, render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { errorTracker } from '../../src/lib/error-tracking/report-error';
import { appToaster, toast } from '../../src/lib/toasts';
import { AppToaster } from '../../src/ui/toaster/AppToaster';
import { FAKE_CLOCK, settle } from './support/fake-api';

/**
 * The app keeps toasts and the error tracker's memory in modules for the page's life; the web
 * setup resets them after every test. The first test leaves as much behind as a test can (toasts
 * on screen and leaving on a fake clock it drops, a remembered error); the others must not see
 * any of it, in whatever order they run (`--sequence.shuffle`).
 */
const shownTitle = (id: string) =>
  document.querySelector(`[data-testid="toast-${id}"] [data-title]`)?.textContent ?? null;

describe('each test starts from a page with nothing left by the one before', () => {
  test('a test that leaves toasts showing, leaving on a dropped fake clock, and an error remembered', async () => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    render(<AppToaster />);
    act(() => {
      for (const id of ['same-id', 'b', 'c', 'd']) toast.success(`Antes ${id}`, { id });
    });
    await settle();
    act(() => toast.dismiss('b'));
    expect(appToaster.getSnapshot().context.toasts).toHaveLength(4);
    expect(errorTracker.capture(new Error('falhou'), 'isolation.test')).toBe(true);
  });

  test('a toast with the same id shows its own text, at once, with every place on screen free', async () => {
    expect(appToaster.getSnapshot().context.toasts).toEqual([]);
    render(<AppToaster />);
    act(() => {
      toast.error('Depois', { id: 'same-id' });
    });
    await settle();
    expect(shownTitle('same-id')).toBe('Depois');
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  });

  test('the same error is reported again: nothing remembered from before', () => {
    expect(errorTracker.remembered()).toBe(0);
    expect(errorTracker.capture(new Error('falhou'), 'isolation.test')).toBe(true);
  });
});
