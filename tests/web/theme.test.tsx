import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import themeInitScript from '../../public/theme-init.js?raw';
import { THEME_STORAGE_KEY } from '../../src/lib/theme/theme-mode';
import { createThemeStore } from '../../src/lib/theme/theme-store';
import { ThemeSwitch } from '../../src/ui/theme-switch/ThemeSwitch';
import { installFakeMatchMedia } from './support/fake-media';

const html = document.documentElement;

function addThemeColorMetas() {
  document.head.innerHTML = `
    <meta name="theme-color" content="#f6f7f9" media="(prefers-color-scheme: light)" data-theme="light">
    <meta name="theme-color" content="#101318" media="(prefers-color-scheme: dark)" data-theme="dark">`;
  return [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
}

describe('theme (spec §1): light, dark or system, under one key', () => {
  test('defaults to system, which follows the OS as it changes', () => {
    const media = installFakeMatchMedia(false);
    const store = createThemeStore();
    render(<ThemeSwitch store={store} />);
    expect(screen.getByRole('radio', { name: 'Sistema' })).toHaveProperty('checked', true);
    expect(html.classList.contains('light')).toBe(true);

    act(() => media.setSystemDark(true));
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.classList.contains('light')).toBe(false);
    expect(html.style.colorScheme).toBe('dark');
    expect(store.getSnapshot()).toEqual({ mode: 'system', resolved: 'dark' });
  });

  test('a choice is stored under "fechai-theme" and nothing else', async () => {
    installFakeMatchMedia(false);
    const store = createThemeStore();
    render(<ThemeSwitch store={store} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Escuro' }));
    expect(html.classList.contains('dark')).toBe(true);
    expect(localStorage.length).toBe(1);
    expect(THEME_STORAGE_KEY).toBe('fechai-theme');
    expect(localStorage.getItem('fechai-theme')).toBe('dark');

    await userEvent.click(screen.getByRole('radio', { name: 'Claro' }));
    expect(localStorage.getItem('fechai-theme')).toBe('light');
    expect(html.classList.contains('light')).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Sistema' }));
    expect(localStorage.getItem('fechai-theme')).toBe('system');
    expect(localStorage.length).toBe(1);
  });

  test('an explicit choice ignores the OS', () => {
    localStorage.setItem('fechai-theme', 'light');
    const media = installFakeMatchMedia(true);
    const store = createThemeStore();
    render(<ThemeSwitch store={store} />);
    expect(screen.getByRole('radio', { name: 'Claro' })).toHaveProperty('checked', true);
    act(() => media.setSystemDark(false));
    act(() => media.setSystemDark(true));
    expect(html.classList.contains('light')).toBe(true);
  });

  test('a stored value that is not a mode means system', () => {
    localStorage.setItem('fechai-theme', 'blue');
    installFakeMatchMedia(true);
    expect(createThemeStore().getSnapshot()).toEqual({ mode: 'system', resolved: 'dark' });
  });

  test('a choice made in another tab is picked up', () => {
    installFakeMatchMedia(false);
    const store = createThemeStore();
    render(<ThemeSwitch store={store} />);
    act(() => {
      localStorage.setItem('fechai-theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'fechai-theme', newValue: 'dark' }));
    });
    expect(screen.getByRole('radio', { name: 'Escuro' })).toHaveProperty('checked', true);
    expect(html.classList.contains('dark')).toBe(true);
  });

  test('the browser bar colour follows the OS in system mode and the choice otherwise', async () => {
    const [light, dark] = addThemeColorMetas();
    installFakeMatchMedia(false);
    render(<ThemeSwitch store={createThemeStore()} />);
    expect([light?.media, dark?.media]).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'Escuro' }));
    expect([light?.media, dark?.media]).toEqual(['not all', 'all']);
  });

  test('the group is reachable and operable with the keyboard', async () => {
    installFakeMatchMedia(false);
    render(<ThemeSwitch store={createThemeStore()} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Sistema' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Escuro' })).toHaveProperty('checked', true);
    expect(localStorage.getItem('fechai-theme')).toBe('dark');
  });
});

describe('public/theme-init.js, before first paint', () => {
  const run = () => new Function(themeInitScript)();

  test.each([
    ['dark', false, 'dark'],
    ['light', true, 'light'],
    ['system', true, 'dark'],
    [null, false, 'light'],
    ['blue', true, 'dark'],
  ])('stored %s with the OS dark=%s gives %s', (stored, systemDark, expected) => {
    if (stored !== null) localStorage.setItem('fechai-theme', stored);
    installFakeMatchMedia(systemDark);
    run();
    expect(html.className).toBe(expected);
    expect(html.style.colorScheme).toBe(expected);
  });

  test('pins the browser bar colour of an explicit choice', () => {
    const [light, dark] = addThemeColorMetas();
    localStorage.setItem('fechai-theme', 'dark');
    run();
    expect([light?.media, dark?.media]).toEqual(['not all', 'all']);
  });
});
