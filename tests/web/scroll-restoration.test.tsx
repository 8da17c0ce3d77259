import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { App } from '../../src/app/App';
import { appRoutes } from '../../src/app/routing/routes';
import { createScrollRestorer } from '../../src/app/scroll/scroll-restorer';
import { withSignedInUser } from './support/signed-in';

/** Waits for the browser's popstate after history.back() / forward(), like a user pressing them. */
async function traverse(direction: 'back' | 'forward') {
  const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history[direction]();
  await act(async () => {
    await popped;
  });
}

function scrollPage(y: number) {
  act(() => window.scrollTo(0, y));
}

// Back and forward need a real history, so this suite runs on jsdom's window.history instead of a
// memory location.
describe('scroll restoration (spec §2)', () => {
  withSignedInUser();

  test('a new navigation starts at the top; back and forward return to where the user was', async () => {
    window.history.replaceState(null, '', '/home');
    render(<App routes={appRoutes} />);
    await screen.findByRole('heading', { level: 1, name: 'Início' });
    expect(window.history.scrollRestoration).toBe('manual');

    scrollPage(640);
    await userEvent.click(screen.getByRole('link', { name: 'Clientes' }));
    await screen.findByRole('heading', { level: 1, name: 'Clientes' });
    expect(window.scrollY).toBe(0);

    scrollPage(220);
    await traverse('back');
    await screen.findByRole('heading', { level: 1, name: 'Início' });
    await waitFor(() => expect(window.scrollY).toBe(640));

    await traverse('forward');
    await screen.findByRole('heading', { level: 1, name: 'Clientes' });
    await waitFor(() => expect(window.scrollY).toBe(220));
  });

  test('positions survive a reload of the same history entry', async () => {
    window.history.replaceState(null, '', '/home');
    const first = render(<App routes={appRoutes} />);
    await screen.findByRole('heading', { level: 1, name: 'Início' });
    scrollPage(480);
    act(() => window.dispatchEvent(new Event('pagehide')));
    first.unmount();
    window.scrollTo(0, 0);

    render(<App routes={appRoutes} />);
    await screen.findByRole('heading', { level: 1, name: 'Início' });
    await waitFor(() => expect(window.scrollY).toBe(480));
  });

  test('after logout forgets the positions, nothing is written back to session storage', () => {
    const restorer = createScrollRestorer();
    const stop = restorer.start();
    window.history.replaceState(null, '', '/home');
    restorer.afterNavigation();
    scrollPage(300);
    sessionStorage.clear();
    restorer.forget();
    scrollPage(500);
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.length).toBe(0);
    stop();
  });
});
