import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import {
  type BoardColumn,
  type Deal,
  type DealCard,
  type DealStage,
  type SalesBoard,
  STAGE_HAS_DEALS_TEXT,
} from '../../contracts/sales';
import { type FakeRoutes, failed, HeldCalls, ok, type Reply, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const DAY = 86_400_000;
const nbsp = '\u00a0';

const stage = (id: string, name: string, position: number, kind: DealStage['kind'] = 'open'): DealStage => ({
  id,
  name,
  position,
  kind,
});
const novo = stage('st-novo', 'Novo contato', 0);
const negociacao = stage('st-negociacao', 'Em negociação', 1);
const ganho = stage('st-ganho', 'Fechado ganho', 2, 'won');

function deal(id: string, title: string, stageId: string, overrides: Partial<DealCard> = {}): DealCard {
  return {
    id,
    title,
    valueCents: 10_000,
    stageId,
    customer: null,
    expectedCloseDate: null,
    stageEnteredAt: new Date(Date.now() - 3 * DAY - 60_000).toISOString(),
    assignee: null,
    ...overrides,
  };
}

function column(s: DealStage, deals: DealCard[], more: Partial<BoardColumn> = {}): BoardColumn {
  return {
    stage: s,
    deals,
    totalCount: deals.length,
    totalValueCents: deals.reduce((sum, d) => sum + d.valueCents, 0),
    pageInfo: { hasNextPage: false, endCursor: null },
    ...more,
  };
}

const bolo = deal('d-bolo', 'Bolo de casamento', novo.id, {
  valueCents: 120_000,
  customer: { id: 'c-marina', name: 'Marina Alves' },
  expectedCloseDate: '2000-01-10',
});
const doces = deal('d-doces', 'Doces para festa', novo.id, {
  valueCents: 45_050,
  expectedCloseDate: '2999-12-31',
});
const kit = deal('d-kit', 'Kit café da manhã', negociacao.id, { valueCents: 8_900 });
const torta = deal('d-torta', 'Torta de aniversário', ganho.id, {
  valueCents: 15_000,
  expectedCloseDate: '2000-01-10',
  stageEnteredAt: new Date(Date.now() - 60_000).toISOString(),
});

const board: SalesBoard = {
  columns: [column(novo, [bolo, doces]), column(negociacao, [kit]), column(ganho, [torta])],
};

/** The deal POST …/move answers: the card, moved, with the rest of a deal. */
function savedDeal(card: DealCard, stageId: string): Deal {
  return {
    ...card,
    stageId,
    status: 'open',
    notes: null,
    lostReason: null,
    services: [],
    createdBy: null,
    createdAt: '2030-01-02T12:00:00.000Z',
    updatedAt: '2030-01-15T12:00:00.000Z',
    closedAt: null,
  };
}

type Route = { method: string; path: RegExp; calls: HeldCalls };

/** The sales calls, each held until answered (or answered with a standing reply). */
function fakeSales(standing: { board?: Reply; stages?: Reply } = {}) {
  const calls = {
    board: new HeldCalls(standing.board ?? ok(board)),
    stagePage: new HeldCalls(),
    move: new HeldCalls(),
    stages: new HeldCalls(standing.stages ?? ok({ stages: [novo, negociacao, ganho] })),
    createStage: new HeldCalls(),
    renameStage: new HeldCalls(),
    reorder: new HeldCalls(),
    deleteStage: new HeldCalls(),
  };
  const table: Route[] = [
    { method: 'GET', path: /^\/api\/sales\/board$/, calls: calls.board },
    { method: 'GET', path: /^\/api\/sales\/stages\/[^/]+\/deals$/, calls: calls.stagePage },
    { method: 'POST', path: /^\/api\/sales\/deals\/[^/]+\/move$/, calls: calls.move },
    { method: 'GET', path: /^\/api\/sales\/stages$/, calls: calls.stages },
    { method: 'POST', path: /^\/api\/sales\/stages$/, calls: calls.createStage },
    { method: 'PUT', path: /^\/api\/sales\/stages\/[^/]+$/, calls: calls.renameStage },
    { method: 'PUT', path: /^\/api\/sales\/stages-order$/, calls: calls.reorder },
    { method: 'DELETE', path: /^\/api\/sales\/stages\/[^/]+$/, calls: calls.deleteStage },
  ];
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    const route = table.find((r) => r.method === request.method && r.path.test(pathname));
    return route?.calls.receive(request);
  };
  return { ...calls, routes };
}

async function openBoard(standing: Parameters<typeof fakeSales>[0] = {}) {
  const sales = fakeSales(standing);
  const app = openSignedIn('/sales', { routes: [sales.routes] });
  await settleQueries();
  return { ...app, sales };
}

function columnNamed(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function titlesIn(name: string): string[] {
  return [...columnNamed(name).querySelectorAll('[data-deal-id] .deal-card__title')].map(
    (t) => t.textContent ?? '',
  );
}

function cardOf(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

async function bodyOf(calls: HeldCalls): Promise<unknown> {
  return calls.requests.at(-1)!.clone().json();
}

describe('/sales (spec §2): "Vendas", the board', () => {
  withPagesPreloaded();

  test('one column per stage: its name, how many deals and their total in BRL', async () => {
    const app = await openBoard();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vendas');
    const names = within(screen.getByRole('region', { name: 'Quadro de vendas' }))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(names).toEqual(['Novo contato', 'Em negociação', 'Fechado ganho']);
    expect(columnNamed('Novo contato').querySelector('.board-column__count')?.textContent).toBe('2 vendas');
    expect(columnNamed('Novo contato').querySelector('.board-column__total')?.textContent).toBe(
      `R$${nbsp}1.650,50`,
    );
    expect(columnNamed('Em negociação').querySelector('.board-column__count')?.textContent).toBe('1 venda');
    expect(titlesIn('Novo contato')).toEqual(['Bolo de casamento', 'Doces para festa']);
    // The route's prefetch and the page share one call.
    expect(app.sales.board.requests).toHaveLength(1);
    expect(new URL(app.sales.board.requests[0]!.url).searchParams.get('limit')).toBe('20');
  });

  test('a card: title linking to the deal, customer, value, days in the stage, expected close date', async () => {
    await openBoard();
    const card = within(cardOf('Bolo de casamento'));
    expect(card.getByRole('link', { name: 'Bolo de casamento' }).getAttribute('href')).toBe('/sales/d-bolo');
    expect(card.getByText('Marina Alves')).toBeDefined();
    expect(cardOf('Bolo de casamento').querySelector('.deal-card__value')?.textContent).toBe(
      `R$${nbsp}1.200,00`,
    );
    expect(card.getByText('Nesta etapa há 3 dias')).toBeDefined();
    expect(within(cardOf('Torta de aniversário')).getByText('Nesta etapa desde hoje')).toBeDefined();
  });

  test('an open deal past its expected close date stands out; a future one or a won one does not', async () => {
    await openBoard();
    const late = cardOf('Bolo de casamento').querySelector('.deal-card__close')!;
    expect(late.textContent).toBe('Atrasada · Previsão: 10/01/2000');
    expect(late.classList.contains('deal-card__close--overdue')).toBe(true);
    const future = cardOf('Doces para festa').querySelector('.deal-card__close')!;
    expect(future.textContent).toBe('Previsão: 31/12/2999');
    expect(future.classList.contains('deal-card__close--overdue')).toBe(false);
    const won = cardOf('Torta de aniversário').querySelector('.deal-card__close')!;
    expect(won.textContent).toBe('Previsão: 10/01/2000');
  });

  test('"Nova venda" opens the new sale form', async () => {
    const app = await openBoard();
    await userEvent.click(screen.getByRole('link', { name: 'Nova venda' }));
    await settleQueries();
    expect(app.url()).toBe('/sales/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nova venda');
  });

  test('an answer without the board: "No sales board data returned", and a way to try again', async () => {
    const app = await openBoard({ board: ok({}) });
    expect(screen.getByRole('alert').textContent).toBe('No sales board data returned');
    app.sales.board.always(ok(board));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(titlesIn('Novo contato')).toEqual(['Bolo de casamento', 'Doces para festa']);
  });

  test('"Carregar mais" brings the column’s next page with its cursor, and goes once none is left', async () => {
    const longBoard: SalesBoard = {
      columns: [
        column(novo, [bolo], { totalCount: 3, pageInfo: { hasNextPage: true, endCursor: 'cur-1' } }),
        column(negociacao, [kit]),
      ],
    };
    const app = await openBoard({ board: ok(longBoard) });
    expect(columnNamed('Novo contato').querySelector('.board-column__count')?.textContent).toBe('3 vendas');
    expect(within(columnNamed('Em negociação')).queryByRole('button', { name: /^Carregar mais/ })).toBeNull();

    await userEvent.click(
      within(columnNamed('Novo contato')).getByRole('button', { name: /^Carregar mais/ }),
    );
    const asked = new URL(app.sales.stagePage.requests.at(-1)!.url);
    expect(asked.pathname).toBe('/api/sales/stages/st-novo/deals');
    expect(asked.searchParams.get('cursor')).toBe('cur-1');
    expect(asked.searchParams.get('limit')).toBe('20');
    app.sales.stagePage.answer(ok({ deals: [doces], pageInfo: { hasNextPage: true, endCursor: 'cur-2' } }));
    await settleQueries();
    expect(titlesIn('Novo contato')).toEqual(['Bolo de casamento', 'Doces para festa']);

    // A page that fails says so beside the button, which stays.
    await userEvent.click(
      within(columnNamed('Novo contato')).getByRole('button', { name: /^Carregar mais/ }),
    );
    app.sales.stagePage.answer(failed(500, 'Falha interna.'));
    await settleQueries();
    expect(within(columnNamed('Novo contato')).getByRole('alert').textContent).toBe(
      'Não foi possível carregar mais vendas. Tente de novo.',
    );

    await userEvent.click(
      within(columnNamed('Novo contato')).getByRole('button', { name: /^Carregar mais/ }),
    );
    expect(new URL(app.sales.stagePage.requests.at(-1)!.url).searchParams.get('cursor')).toBe('cur-2');
    app.sales.stagePage.answer(
      ok({
        deals: [deal('d-pao', 'Pão de mel', novo.id)],
        pageInfo: { hasNextPage: false, endCursor: null },
      }),
    );
    await settleQueries();
    expect(titlesIn('Novo contato')).toEqual(['Bolo de casamento', 'Doces para festa', 'Pão de mel']);
    expect(within(columnNamed('Novo contato')).queryByRole('button', { name: /^Carregar mais/ })).toBeNull();
    expect(within(columnNamed('Novo contato')).queryByRole('alert')).toBeNull();
  });

  test('the keyboard moves a deal: lift, walk, drop; the move is saved, the focus stays on the card, board and dashboard refresh', async () => {
    const app = await openBoard();
    app.queryClient.setQueryData(['dashboard'], { anything: true });
    const live = () => document.querySelector('[data-board-announcement]')?.textContent;
    const handle = within(cardOf('Doces para festa')).getByRole('button', {
      name: 'Arrastar a venda Doces para festa',
    });
    act(() => handle.focus());
    await userEvent.keyboard('{Enter}');
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    expect(live()).toBe(
      'Venda Doces para festa levantada em Novo contato, posição 2 de 2. Use as setas para mover, Espaço ou Enter para soltar e Esc para cancelar.',
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(live()).toBe('Venda Doces para festa movida para Em negociação, posição 2 de 2.');
    await userEvent.keyboard('{ArrowUp}');
    expect(live()).toBe('Venda Doces para festa movida para Em negociação, posição 1 de 2.');
    await userEvent.keyboard('{ArrowRight}');
    expect(live()).toBe('Venda Doces para festa movida para Fechado ganho, posição 1 de 2.');
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard(' ');
    await settleQueries();

    expect(new URL(app.sales.move.requests[0]!.url).pathname).toBe('/api/sales/deals/d-doces/move');
    expect(await bodyOf(app.sales.move)).toEqual({ stageId: 'st-negociacao', index: 0 });
    expect(live()).toBe('Salvando a venda Doces para festa em Em negociação, posição 1 de 2.');
    // Shown at its new place before the server answers, totals and all.
    expect(titlesIn('Em negociação')).toEqual(['Doces para festa', 'Kit café da manhã']);
    expect(columnNamed('Em negociação').querySelector('.board-column__total')?.textContent).toBe(
      `R$${nbsp}539,50`,
    );
    expect(titlesIn('Novo contato')).toEqual(['Bolo de casamento']);
    expect(document.activeElement).toBe(
      within(cardOf('Doces para festa')).getByRole('button', { name: 'Arrastar a venda Doces para festa' }),
    );

    const moved: SalesBoard = {
      columns: [
        column(novo, [bolo]),
        column(negociacao, [{ ...doces, stageId: negociacao.id }, kit]),
        column(ganho, [torta]),
      ],
    };
    app.sales.board.always(ok(moved));
    app.sales.move.answer(ok({ deal: savedDeal(doces, negociacao.id) }));
    await settleQueries();
    expect(live()).toBe('Venda Doces para festa salva em Em negociação, posição 1 de 2.');
    expect(app.sales.board.requests).toHaveLength(2);
    expect(app.queryClient.getQueryState(['dashboard'])?.isInvalidated).toBe(true);
    expect(titlesIn('Em negociação')).toEqual(['Doces para festa', 'Kit café da manhã']);
  });

  test('a refused move goes back where it was, with the server’s reason in a toast', async () => {
    const app = await openBoard();
    const handle = within(cardOf('Kit café da manhã')).getByRole('button', { name: /^Arrastar/ });
    act(() => handle.focus());
    await userEvent.keyboard(' {ArrowLeft} ');
    await settleQueries();
    expect(titlesIn('Novo contato')).toEqual(['Kit café da manhã', 'Bolo de casamento', 'Doces para festa']);
    app.sales.move.answer(failed(404, 'Venda não encontrada.', 'NOT_FOUND'));
    await settleQueries();
    expect(titlesIn('Novo contato')).toEqual(['Bolo de casamento', 'Doces para festa']);
    expect(titlesIn('Em negociação')).toEqual(['Kit café da manhã']);
    const toast = document.querySelector('[data-testid="toast-deal-move-failed"]');
    expect(toast?.querySelector('[data-title]')?.textContent).toBe(
      'Não foi possível mover a venda Kit café da manhã.',
    );
    expect(toast?.querySelector('[data-description]')?.textContent).toBe('Venda não encontrada.');
    expect(document.querySelector('[data-board-announcement]')?.textContent).toBe(
      'Não foi possível mover a venda Kit café da manhã. Ela voltou para Em negociação, posição 1 de 1.',
    );
  });

  test('leaving a lifted card (Tab) puts it down where it was', async () => {
    const app = await openBoard();
    const handle = within(cardOf('Bolo de casamento')).getByRole('button', { name: /^Arrastar/ });
    act(() => handle.focus());
    await userEvent.keyboard(' {ArrowDown}');
    await userEvent.tab();
    expect(handle.getAttribute('aria-pressed')).toBe('false');
    expect(document.querySelector('[data-drop-indicator]')).toBeNull();
    expect(document.querySelector('[data-board-announcement]')?.textContent).toBe(
      'Movimento cancelado. Venda Bolo de casamento continua em Novo contato, posição 1 de 2.',
    );
    expect(app.sales.move.requests).toHaveLength(0);
  });

  test('"Mover para…" lists the stages (the current one unavailable) and puts the deal at the top of the one picked', async () => {
    const app = await openBoard();
    const menuButton = within(cardOf('Bolo de casamento')).getByRole('button', {
      name: 'Mover Bolo de casamento para…',
    });
    await userEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Mover Bolo de casamento para' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, (i as HTMLButtonElement).disabled])).toEqual([
      ['Novo contato (etapa atual)', true],
      ['Em negociação', false],
      ['Fechado ganho', false],
    ]);
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[2]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Fechado ganho' }));
    await settleQueries();
    expect(await bodyOf(app.sales.move)).toEqual({ stageId: 'st-ganho', index: 0 });
    expect(titlesIn('Fechado ganho')).toEqual(['Bolo de casamento', 'Torta de aniversário']);
    expect(columnNamed('Fechado ganho').querySelector('.board-column__count')?.textContent).toBe('2 vendas');
  });

  test('a column loaded past its first page keeps its deals when the board is read again after a move', async () => {
    const longBoard: SalesBoard = {
      columns: [
        column(novo, [bolo], { totalCount: 2, pageInfo: { hasNextPage: true, endCursor: 'cur-1' } }),
        column(negociacao, [kit]),
      ],
    };
    const app = await openBoard({ board: ok(longBoard) });
    await userEvent.click(
      within(columnNamed('Novo contato')).getByRole('button', { name: /^Carregar mais/ }),
    );
    app.sales.stagePage.answer(ok({ deals: [doces], pageInfo: { hasNextPage: false, endCursor: null } }));
    await settleQueries();

    await userEvent.click(within(cardOf('Kit café da manhã')).getByRole('button', { name: /^Mover/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Novo contato' }));
    await settleQueries();
    app.sales.board.always(
      ok({
        columns: [
          column(novo, [{ ...kit, stageId: novo.id }], {
            totalCount: 3,
            pageInfo: { hasNextPage: true, endCursor: 'cur-a' },
          }),
          column(negociacao, []),
        ],
      }),
    );
    app.sales.move.answer(ok({ deal: savedDeal(kit, novo.id) }));
    await settleQueries();
    // Three cards were shown: the refetch asks for the rest of them.
    const asked = new URL(app.sales.stagePage.requests.at(-1)!.url);
    expect(asked.searchParams.get('cursor')).toBe('cur-a');
    expect(asked.searchParams.get('limit')).toBe('2');
    app.sales.stagePage.answer(
      ok({ deals: [bolo, doces], pageInfo: { hasNextPage: false, endCursor: null } }),
    );
    await settleQueries();
    expect(titlesIn('Novo contato')).toEqual(['Kit café da manhã', 'Bolo de casamento', 'Doces para festa']);
  });
});

describe('/sales: "Etapas"', () => {
  withPagesPreloaded();

  async function openStages(standing: Parameters<typeof fakeSales>[0] = {}) {
    const app = await openBoard(standing);
    await userEvent.click(screen.getByRole('button', { name: 'Etapas' }));
    await settleQueries();
    return { ...app, panel: screen.getByRole('region', { name: 'Etapas do funil' }) };
  }

  test('lists the stages in order, won and lost ones marked; the first cannot go up, the last down', async () => {
    const { panel } = await openStages();
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.stage-row__name')?.textContent)).toEqual([
      'Novo contato',
      'Em negociação',
      'Fechado ganhoVenda ganha',
    ]);
    expect(
      (within(panel).getByRole('button', { name: 'Subir a etapa Novo contato' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (within(panel).getByRole('button', { name: 'Descer a etapa Fechado ganho' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  test('renames a stage; the board is read again', async () => {
    const app = await openStages();
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Renomear a etapa Novo contato' }));
    const field = within(app.panel).getByLabelText('Novo nome da etapa Novo contato');
    expect(document.activeElement).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, 'Primeiro contato');
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Salvar' }));
    expect(new URL(app.sales.renameStage.requests[0]!.url).pathname).toBe('/api/sales/stages/st-novo');
    expect(await bodyOf(app.sales.renameStage)).toEqual({ name: 'Primeiro contato' });
    const renamed = { ...novo, name: 'Primeiro contato' };
    app.sales.stages.always(ok({ stages: [renamed, negociacao, ganho] }));
    app.sales.board.always(ok({ columns: [column(renamed, [bolo, doces]), column(negociacao, [kit])] }));
    app.sales.renameStage.answer(ok({ stage: renamed }));
    await settleQueries();
    expect(within(app.panel).queryByLabelText(/^Novo nome/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Primeiro contato' })).toBeDefined();
    expect(app.sales.board.requests).toHaveLength(2);
  });

  test('an empty name is refused beside the field, without a call', async () => {
    const app = await openStages();
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Renomear a etapa Em negociação' }));
    await userEvent.clear(within(app.panel).getByLabelText('Novo nome da etapa Em negociação'));
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Salvar' }));
    expect(within(app.panel).getByRole('alert').textContent).toBe('Informe o nome da etapa.');
    expect(app.sales.renameStage.requests).toHaveLength(0);
  });

  test('moves a stage down: every id in the new order; the focus stays with the stage', async () => {
    const app = await openStages();
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Descer a etapa Novo contato' }));
    expect(await bodyOf(app.sales.reorder)).toEqual({ stageIds: ['st-negociacao', 'st-novo', 'st-ganho'] });
    const reordered = [{ ...negociacao, position: 0 }, { ...novo, position: 1 }, ganho];
    app.sales.stages.always(ok({ stages: reordered }));
    app.sales.reorder.answer(ok({ stages: reordered }));
    await settleQueries();
    const names = within(app.panel)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('.stage-row__name')?.textContent);
    expect(names.slice(0, 2)).toEqual(['Em negociação', 'Novo contato']);
    expect(document.activeElement).toBe(
      within(app.panel).getByRole('button', { name: 'Descer a etapa Novo contato' }),
    );
  });

  test('adds a stage', async () => {
    const app = await openStages();
    await userEvent.type(within(app.panel).getByLabelText('Nova etapa'), 'Aguardando pagamento');
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Adicionar etapa' }));
    expect(await bodyOf(app.sales.createStage)).toEqual({ name: 'Aguardando pagamento' });
    const added = stage('st-pag', 'Aguardando pagamento', 2);
    app.sales.stages.always(ok({ stages: [novo, negociacao, added, ganho] }));
    app.sales.createStage.answer({ status: 201, body: { success: true, data: { stage: added } } });
    await settleQueries();
    expect((within(app.panel).getByLabelText('Nova etapa') as HTMLInputElement).value).toBe('');
    expect(
      within(app.panel).getByRole('button', { name: 'Excluir a etapa Aguardando pagamento' }),
    ).toBeDefined();
  });

  test('adding again after a lost answer sends the same Idempotency-Key; another name, or the next stage, a new one', async () => {
    const app = await openStages();
    const name = () => within(app.panel).getByLabelText('Nova etapa') as HTMLInputElement;
    const add = async (reply: Parameters<typeof app.sales.createStage.answer>[0]) => {
      await userEvent.click(within(app.panel).getByRole('button', { name: 'Adicionar etapa' }));
      app.sales.createStage.answer(reply);
      await settleQueries();
    };
    const added = (name: string) => ({
      status: 201,
      body: { success: true, data: { stage: stage('st-x', name, 2) } },
    });
    fireEvent.change(name(), { target: { value: 'Pronto' } });
    await add('network-error');
    await add('network-error');
    fireEvent.change(name(), { target: { value: 'Pronto para entrega' } });
    await add(added('Pronto para entrega'));
    expect(name().value).toBe('');
    // The same name again, after it was created: a new stage (the server says whether it may be).
    fireEvent.change(name(), { target: { value: 'Pronto para entrega' } });
    await add(failed(409, 'Já existe uma etapa com este nome.', 'CONFLICT'));

    const keys = app.sales.createStage.requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set([keys[0], keys[2], keys[3]]).size).toBe(3);
    // A whole-app render on a loaded machine needs more than the default 5 s.
  }, 15_000);

  test('deleting a stage with deals: the server’s text beside it; an empty one goes', async () => {
    const app = await openStages();
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Excluir a etapa Novo contato' }));
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Sim, excluir' }));
    expect(new URL(app.sales.deleteStage.requests[0]!.url).pathname).toBe('/api/sales/stages/st-novo');
    app.sales.deleteStage.answer(failed(409, STAGE_HAS_DEALS_TEXT, 'CONFLICT'));
    await settleQueries();
    expect(within(app.panel).getByRole('alert').textContent).toBe(STAGE_HAS_DEALS_TEXT);

    await userEvent.click(within(app.panel).getByRole('button', { name: 'Excluir a etapa Em negociação' }));
    await userEvent.click(within(app.panel).getByRole('button', { name: 'Sim, excluir' }));
    app.sales.stages.always(ok({ stages: [novo, ganho] }));
    app.sales.deleteStage.answer(ok({ deleted: true }));
    await settleQueries();
    expect(within(app.panel).queryByRole('button', { name: 'Excluir a etapa Em negociação' })).toBeNull();
  });

  test('"Fechar" closes the panel and gives the focus back to "Etapas"', async () => {
    const { panel } = await openStages();
    await userEvent.click(within(panel).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('region', { name: 'Etapas do funil' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Etapas' }));
  });
});
