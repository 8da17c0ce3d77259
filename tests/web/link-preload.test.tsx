import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { tasksSearch } from '../../src/app/routing/route-search';
import { appRoutes } from '../../src/app/routing/routes';
import { Link } from '../../src/lib/routing/Link';
import type { LazyPage } from '../../src/lib/routing/lazy-page';
import { defineRoute } from '../../src/lib/routing/route-definition';
import { RoutesContext } from '../../src/lib/routing/routes-context';
import { interceptFetch, json } from './support/network';

function setup(to = '/tasks/t-1?filter=overdue', routes?: Parameters<typeof RoutesContext>[0]['value']) {
  const preload = vi.fn(async () => ({ default: () => null }));
  const page = { Component: (() => null) as unknown as LazyPage['Component'], preload };
  const prefetch = vi.fn(async () => undefined);
  const table = routes ?? [
    defineRoute({ path: '/tasks/:taskId', layout: 'shell', search: tasksSearch, page, prefetch }),
    defineRoute({ path: '/old', layout: 'shell', redirectTo: '/tasks/t-2' }),
  ];
  const queryClient = new QueryClient();
  const location = memoryLocation({ path: '/home', record: true });
  render(
    <RoutesContext value={table}>
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>
          <Link to={to}>Abrir tarefa</Link>
          <button type="button">Outro</button>
        </Router>
      </QueryClientProvider>
    </RoutesContext>,
  );
  return {
    preload,
    prefetch,
    queryClient,
    location,
    link: screen.getByRole('link', { name: 'Abrir tarefa' }),
  };
}

describe('links preload on intent (spec §2)', () => {
  test('hover downloads the page and prefetches its data, once', async () => {
    const { preload, prefetch, queryClient, link } = setup();
    const user = userEvent.setup();
    await user.hover(link);
    await user.unhover(link);
    await user.hover(link);
    expect(preload).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith({
      queryClient,
      params: { taskId: 't-1' },
      search: { filter: 'overdue', assignee: 'all' },
    });
  });

  test('keyboard focus preloads too, once', async () => {
    const { preload, prefetch } = setup();
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    await user.tab({ shift: true });
    expect(preload).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  test('a touch preloads before the tap lands', () => {
    const { preload, link } = setup();
    fireEvent.touchStart(link);
    fireEvent.touchStart(link);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  test('nothing is loaded before any intent, and a click still navigates', () => {
    const { preload, location, link } = setup();
    expect(preload).not.toHaveBeenCalled();
    expect(link.getAttribute('href')).toBe('/tasks/t-1?filter=overdue');
    fireEvent.click(link);
    expect(location.history).toEqual(['/home', '/tasks/t-1?filter=overdue']);
  });

  test('a link to a redirect preloads where the redirect lands', async () => {
    const { preload, prefetch } = setup('/old');
    await userEvent.setup().hover(screen.getByRole('link', { name: 'Abrir tarefa' }));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ params: { taskId: 't-2' } }));
  });

  test('a link to an unknown path does nothing on intent', async () => {
    const { preload } = setup('/nowhere');
    await userEvent.setup().hover(screen.getByRole('link', { name: 'Abrir tarefa' }));
    expect(preload).not.toHaveBeenCalled();
  });

  test('the real routes: intent on "Vendas" downloads the board query’s module and asks for the board, once', async () => {
    const asked: string[] = [];
    interceptFetch((request) => {
      asked.push(new URL(request.url).pathname);
      return json({ success: true, data: { columns: [] } });
    });
    const { link, queryClient } = setup('/sales', appRoutes);
    await userEvent.setup().hover(link);
    await waitFor(() => expect(queryClient.getQueryState(['sales', 'board', 'all'])?.status).toBe('success'));
    expect(asked).toEqual(['/api/sales/board']);
  });
});
