import { act, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { installFakeMatchMedia } from './support/fake-media';
import { renderApp } from './support/render-app';

// Its own file: the app's theme store is created once per module graph, on first use, and must
// see this test's matchMedia.
test('in system mode, a page outside the app frame follows the OS (the toaster keeps the store listening)', async () => {
  const media = installFakeMatchMedia(false);
  renderApp('/download-app');
  await screen.findByRole('heading', { level: 1, name: 'Baixar aplicativo' });
  expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
  expect(document.documentElement.classList.contains('dark')).toBe(false);

  act(() => media.setSystemDark(true));
  expect(document.documentElement.classList.contains('dark')).toBe(true);
});
