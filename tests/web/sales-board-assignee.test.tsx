import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { SalesBoard } from '../../contracts/sales';
import { boardFor, pathsBoard } from '../../machines/deal-board/deal-board.paths';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { membersNamed, teamRoutes } from './support/team-api';

/** Everyone's board with one more deal of the owner's in "Novo contato", past its first page. */
const board: SalesBoard = {
  columns: pathsBoard.columns.map((c, i) =>
    i === 0 ? { ...c, totalCount: 3, pageInfo: { hasNextPage: true, endCursor: 'cur-2' } } : c,
  ),
};
const nextPage = {
  deals: [{ ...pathsBoard.columns[0]!.deals[0]!, id: 'd-torta', title: 'Torta de aniversário' }],
  pageInfo: { hasNextPage: false, endCursor: null },
};

/** The server's board: everyone's, or the owner's ("Novo contato" past its first page in both). */
function boardOf(mine: boolean): SalesBoard {
  if (!mine) return board;
  const [first, ...rest] = boardFor(board, 'me').columns;
  return { columns: [{ ...first!, totalCount: 2, pageInfo: board.columns[0]!.pageInfo }, ...rest] };
}

function fakeBoard() {
  const calls = {
    board: new HeldCalls((_request, url) => ok(boardOf(url.searchParams.get('assignee') === 'me'))),
    stagePage: new HeldCalls(ok(nextPage)),
    stages: new HeldCalls(ok({ stages: [] })),
  };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/sales/board') return calls.board.receive(request);
    if (/^\/api\/sales\/stages\/[^/]+\/deals$/.test(pathname)) return calls.stagePage.receive(request);
    if (pathname === '/api/sales/stages') return calls.stages.receive(request);
    return undefined;
  };
  return { ...calls, routes };
}

function tabs() {
  return within(screen.getByRole('navigation', { name: 'De quem' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
}

const titles = () =>
  [...document.querySelectorAll('.sales-board [data-deal-id] .deal-card__title')].map((t) => t.textContent);

describe('/sales: "Minhas" / "De todos"', () => {
  withPagesPreloaded();

  test('with a team: "Minhas" asks for the owner\'s board, keeps it in the address, and "Carregar mais" asks for the same', async () => {
    const sales = fakeBoard();
    const app = openSignedIn('/sales', {
      routes: [sales.routes, teamRoutes(membersNamed(['Ana', 'Bruno']))],
    });
    await settleQueries();
    expect(tabs()).toEqual([
      ['Minhas', '/sales?assignee=me', null],
      ['De todos', '/sales', 'page'],
    ]);
    expect(titles()).toEqual(['Bolo de casamento', 'Doces para festa', 'Kit café da manhã']);

    await userEvent.click(screen.getByRole('link', { name: 'Minhas' }));
    await settleQueries();
    expect(app.url()).toBe('/sales?assignee=me');
    // The route's prefetch and the page may both ask; every ask after the first is for "minhas".
    const asked = sales.board.queries.map((q) => q.assignee ?? 'all');
    expect(asked[0]).toBe('all');
    expect(new Set(asked.slice(1))).toEqual(new Set(['me']));
    expect(tabs()[0]).toEqual(['Minhas', '/sales?assignee=me', 'page']);
    expect(titles()).toEqual(['Bolo de casamento']);

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais vendas em Novo contato' }));
    await settleQueries();
    expect(sales.stagePage.queries).toEqual([{ limit: expect.any(String), cursor: 'cur-2', assignee: 'me' }]);
    expect(titles()).toEqual(['Bolo de casamento', 'Torta de aniversário']);

    await userEvent.click(screen.getByRole('link', { name: 'De todos' }));
    await settleQueries();
    expect(app.url()).toBe('/sales');
    expect(titles()).toEqual(['Bolo de casamento', 'Doces para festa', 'Kit café da manhã']);
  });

  test("alone in the company: no tabs, everyone's board", async () => {
    const sales = fakeBoard();
    openSignedIn('/sales', { routes: [sales.routes, teamRoutes(membersNamed(['Ana']))] });
    await settleQueries();
    expect(screen.queryByRole('navigation', { name: 'De quem' })).toBeNull();
    expect(sales.board.queries).toEqual([{ limit: expect.any(String) }]);
  });
});
