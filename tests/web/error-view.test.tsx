import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { PageHeading } from '../../src/app/routing/PageHeading';
import { lazyPage } from '../../src/lib/routing/lazy-page';
import { defineRoute } from '../../src/lib/routing/route-definition';
import { interceptFetch, json } from './support/network';
import { renderApp } from './support/render-app';

function Kaput(): never {
  throw new Error('kaput');
}

// Public on purpose: these tests are about error views, not sign-in.
const routes = [
  defineRoute({
    path: '/boom',
    layout: 'shell',
    access: 'public',
    page: lazyPage(async () => ({ default: Kaput })),
  }),
  defineRoute({
    path: '/fine',
    layout: 'shell',
    access: 'public',
    title: 'Tudo certo',
    page: lazyPage(async () => ({ default: PageHeading })),
  }),
  defineRoute({
    path: '/broken-frame',
    layout: 'shell',
    access: 'public',
    title: () => {
      throw new Error('frame down');
    },
    page: lazyPage(async () => ({ default: PageHeading })),
  }),
];

/** window.location.reload cannot be spied on in jsdom; the page's location can be replaced. */
function stubReload() {
  const reload = vi.fn();
  const real = window.location;
  vi.stubGlobal('location', { href: real.href, origin: real.origin, pathname: real.pathname, reload });
  return reload;
}

function quietReactErrorLog() {
  // React logs every caught error; the test asserts on what the user sees instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
}

describe('an error inside a route', () => {
  test('shows "Algo deu errado" inside the frame, reports it once, and reloads on request', async () => {
    quietReactErrorLog();
    const network = interceptFetch(() => json({ success: true, data: { received: true } }, 202));
    const reload = stubReload();
    renderApp('/boom', routes);

    expect(await screen.findByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeDefined();
    expect(screen.getByText('Ocorreu um erro inesperado. Por favor, recarregue a página.')).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeDefined();

    await waitFor(() => expect(network.calls).toHaveLength(1));
    const { request } = network.calls[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/client-errors');
    const report = await request.json();
    expect(report).toMatchObject({ message: 'kaput', url: window.location.href });
    expect(report.stack).toContain('kaput');
    expect(report.componentStack).toContain('Kaput');
    expect(Object.keys(report).sort()).toEqual(['componentStack', 'message', 'stack', 'url']);

    await userEvent.click(screen.getByRole('button', { name: 'Recarregar página' }));
    expect(reload).toHaveBeenCalledTimes(1);
    // Re-renders do not report the same error again.
    expect(network.calls).toHaveLength(1);
  });

  test('navigating elsewhere clears the error view', async () => {
    quietReactErrorLog();
    interceptFetch(() => json({ success: true, data: { received: true } }, 202));
    const { location } = renderApp('/boom', routes);
    await screen.findByRole('heading', { level: 1, name: 'Algo deu errado' });

    act(() => location.navigate('/fine'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tudo certo' })).toBeDefined();
    expect(screen.queryByText('Algo deu errado')).toBeNull();
  });

  test("a failed report is not the user's problem", async () => {
    quietReactErrorLog();
    const network = interceptFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/boom', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeDefined();
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Recarregar página' })).toBeDefined();
  });
});

describe('an error outside any route', () => {
  test('the root boundary shows the same view on a page of its own', async () => {
    quietReactErrorLog();
    const network = interceptFetch(() => json({ success: true, data: { received: true } }, 202));
    renderApp('/broken-frame', routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeDefined();
    expect(screen.getByRole('main')).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
    await waitFor(() => expect(network.calls).toHaveLength(1));
    expect(await network.calls[0]!.request.json()).toMatchObject({ message: 'frame down' });
  });
});
