import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { FRAMES_MS } from '../../machines/toasts/toast.paths';
import { toasterMachine } from '../../machines/toasts/toaster.machine';
import { createThemeStore, type ThemeStore } from '../../src/lib/theme/theme-store';
import { toast as appToast, createToastFacade } from '../../src/lib/toasts';
import { AppToaster } from '../../src/ui/toaster/AppToaster';
import { advanceInFrames } from '../support/ui/jsdom-surface';
import { withToasterTestClock } from './support/toaster-clock';

function mount(themeStore?: ThemeStore) {
  const toaster = createActor(toasterMachine, { input: {} });
  toaster.start();
  const toast = createToastFacade(toaster);
  const view = render(<AppToaster toaster={toaster} themeStore={themeStore} />);
  const advance = (ms: number) => advanceInFrames(ms);
  const show = async (fn: () => unknown) => {
    act(() => {
      fn();
    });
    await advance(FRAMES_MS);
  };
  return { toaster, toast, view, advance, show };
}

const toastEl = (id: string) => document.querySelector<HTMLElement>(`[data-testid="toast-${id}"]`);
const list = () => document.querySelector<HTMLElement>('[data-sonner-toaster]');

describe('<AppToaster />', () => {
  withToasterTestClock();

  it('renders at bottom-center with the spec §9 settings', async () => {
    const { toast, show } = mount();
    await show(() => toast.success('Salvo'));
    const ol = list()!;
    expect(ol.getAttribute('data-y-position')).toBe('bottom');
    expect(ol.getAttribute('data-x-position')).toBe('center');
    expect(ol.style.getPropertyValue('--gap')).toBe('14px');
    expect(ol.style.getPropertyValue('--width')).toBe('356px');
    // The spec's offsets, above the phone's bottom navigation bar where the shell shows one.
    expect(ol.style.getPropertyValue('--offset-bottom')).toBe('calc(24px + var(--toast-clearance, 0px))');
    expect(ol.style.getPropertyValue('--mobile-offset-bottom')).toBe(
      'calc(16px + var(--toast-clearance, 0px))',
    );
    const li = screen.getByText('Salvo').closest('[data-sonner-toast]')!;
    expect(li.getAttribute('data-rich-colors')).toBe('true');
    expect(screen.getByRole('button', { name: 'Fechar notificação' })).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notificações/ })).toBeTruthy();
  });

  it('follows the app theme: the dark class on <html>', async () => {
    const themeStore = createThemeStore();
    const { toast, show, advance } = mount(themeStore);
    await show(() => toast.info('Olá'));
    expect(list()!.getAttribute('data-sonner-theme')).toBe('light');
    act(() => themeStore.setMode('dark'));
    await advance(0);
    expect(list()!.getAttribute('data-sonner-theme')).toBe('dark');
    act(() => themeStore.setMode('light'));
    await advance(0);
    expect(list()!.getAttribute('data-sonner-theme')).toBe('light');
  });

  it('shows each type through sonner (a plain toast has no type)', async () => {
    const { toast, show, advance } = mount();
    await show(() => {
      toast.success('s', { id: 's' });
      toast.info('i', { id: 'i' });
      toast.warning('w', { id: 'w' });
    });
    expect(['s', 'i', 'w'].map((id) => toastEl(id)?.getAttribute('data-type'))).toEqual([
      'success',
      'info',
      'warning',
    ]);
    await show(() => toast.dismiss());
    await advance(200);
    await show(() => {
      toast.error('e', { id: 'e' });
      toast.loading('l', { id: 'l' });
      toast.message('m', { id: 'm' });
    });
    expect(toastEl('e')?.getAttribute('data-type')).toBe('error');
    expect(toastEl('l')?.getAttribute('data-type')).toBe('loading');
    expect(toastEl('l')?.querySelector('.sonner-loading-wrapper[data-visible="true"]')).not.toBeNull();
    expect(toastEl('m')?.hasAttribute('data-type')).toBe(false);
  });

  it('shows at most 3 toasts; the 4th appears when one has left', async () => {
    const { toast, show, advance } = mount();
    await show(() => {
      for (const n of [1, 2, 3, 4]) toast.loading(`Tarefa ${n}`, { id: `t${n}` });
    });
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(3);
    expect(toastEl('t4')).toBeNull();
    await show(() => toast.dismiss('t1'));
    await advance(200);
    expect(toastEl('t1')).toBeNull();
    expect(toastEl('t4')).not.toBeNull();
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(3);
  });

  it('the action button runs its handler and dismisses the toast with reason "action"', async () => {
    const { toast, toaster, show } = mount();
    const onClick = vi.fn();
    await show(() => toast.message('Cliente removido', { id: 'a', action: { label: 'Desfazer', onClick } }));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(onClick).toHaveBeenCalledOnce();
    const [entry] = toaster.getSnapshot().context.toasts;
    expect(entry!.ref.getSnapshot().context.reason).toBe('action');
  });

  it('hovering pauses every timer and leaving resumes them', async () => {
    const { toast, show, advance } = mount();
    await show(() => toast.success('Fica', { id: 'f' }));
    const user = userEvent.setup({ delay: null });
    await user.hover(toastEl('f')!);
    await advance(10_000);
    expect(toastEl('f')?.getAttribute('data-removed')).toBe('false');
    await user.hover(document.body);
    await advance(4000 + 200 + FRAMES_MS);
    expect(toastEl('f')).toBeNull();
  });

  it('a promise toast is loading, then shows the outcome', async () => {
    const { toast, show } = mount();
    let resolve!: (value: unknown) => void;
    await show(() =>
      toast.promise(new Promise((r) => (resolve = r)), {
        id: 'p',
        loading: 'Salvando…',
        success: (value: unknown) => ({
          title: `Salvo #${(value as { id: number }).id}`,
          description: 'Tudo certo',
        }),
        error: 'Falhou',
      }),
    );
    expect(toastEl('p')?.getAttribute('data-type')).toBe('loading');
    await show(() => resolve({ id: 9 }));
    expect(toastEl('p')?.getAttribute('data-type')).toBe('success');
    expect(toastEl('p')?.querySelector('[data-title]')?.textContent).toBe('Salvo #9');
    expect(toastEl('p')?.querySelector('[data-description]')?.textContent).toBe('Tudo certo');
  });

  it('ignores sonner toasts made outside the facade', async () => {
    const { show } = mount();
    const { toast: sonner } = await import('sonner');
    await show(() => sonner('De fora'));
    expect(screen.queryByText('De fora')).toBeNull();
    sonner.dismiss();
  });
});

describe('toast facade', () => {
  it('never throws, whatever it is given', () => {
    const toaster = createActor(toasterMachine, { input: {} });
    toaster.start();
    const toast = createToastFacade(toaster);
    const loose = toast as unknown as Record<string, (...args: unknown[]) => unknown>;
    expect(() => {
      loose.success!(undefined, null);
      loose.info!({ weird: true }, { duration: 'x', action: 42 });
      loose.promise!(undefined, undefined);
      loose.promise!(
        () => {
          throw new Error('sync');
        },
        { loading: 'x', success: 'y', error: 'z' },
      );
      toast.dismiss('nope');
      toaster.stop();
      toast.error('after stop');
      toast.dismiss();
    }).not.toThrow();
  });

  it('returns the id to update or dismiss a toast with', () => {
    const toaster = createActor(toasterMachine, { input: {} });
    toaster.start();
    const toast = createToastFacade(toaster);
    const id = toast.loading('Enviando…');
    expect(toast.success('Enviado', { id })).toBe(id);
    expect(toaster.getSnapshot().context.toasts).toHaveLength(1);
    expect(toaster.getSnapshot().context.toasts[0]!.ref.getSnapshot().context.toast.type).toBe('success');
    toast.dismiss(id);
    expect(toaster.getSnapshot().context.toasts[0]!.ref.getSnapshot().value).toBe('leaving');
    toaster.stop();
  });

  it('is reachable as window.__fechai.toasts so testers can replay paths in the app', () => {
    expect(window.__fechai?.toasts).toBe(appToast);
  });
});
