import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ASSIGNEE_NOT_MEMBER_TEXT } from '../../contracts/activity';
import { DATE_OUT_OF_RANGE_TEXT } from '../../contracts/date-range';
import type { Deal, DealStage } from '../../contracts/sales';
import type { BusinessService } from '../../contracts/services';
import { type AnalyticsEvent, onTrack } from '../../src/lib/analytics/track-event';
import { customer, customersPage } from './support/customer-fixtures';
import { type FakeRoutes, failed, HeldCalls, ok, type Reply, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { type FakeMember, membersNamed, teamRoutes } from './support/team-api';

const nbsp = '\u00a0';

const stages: DealStage[] = [
  { id: 'st-novo', name: 'Novo contato', position: 0, kind: 'open' },
  { id: 'st-negociacao', name: 'Em negociação', position: 1, kind: 'open' },
  { id: 'st-ganho', name: 'Fechado ganho', position: 2, kind: 'won' },
  { id: 'st-perdido', name: 'Fechado perdido', position: 3, kind: 'lost' },
];

function service(id: string, name: string, priceCents: number, active = true): BusinessService {
  return {
    id,
    name,
    description: null,
    priceCents,
    durationMinutes: null,
    active,
    createdAt: '2030-01-01T12:00:00.000Z',
    updatedAt: '2030-01-01T12:00:00.000Z',
  };
}

const catalogue = [
  service('sv-pote', 'Bolo de pote', 1_200),
  service('sv-brigadeiro', 'Cento de brigadeiros', 9_000),
  service('sv-antigo', 'Serviço antigo', 500, false),
];

const marina = customer({ id: 'c-marina', name: 'Marina Alves', phone: null, email: null });
const joao = customer({ id: 'c-joao', name: 'João Lima', phone: null, email: null });

const existing: Deal = {
  id: 'd-bolo',
  title: 'Bolo de casamento',
  valueCents: 120_000,
  stageId: 'st-negociacao',
  customer: { id: 'c-marina', name: 'Marina Alves' },
  expectedCloseDate: '2030-03-10',
  stageEnteredAt: '2030-01-10T12:00:00.000Z',
  assignee: null,
  createdBy: null,
  status: 'open',
  notes: 'Três andares, recheio de doce de leite.',
  lostReason: null,
  services: [{ serviceId: 'sv-pote', name: 'Bolo de pote', priceCents: 1_000, quantity: 2 }],
  createdAt: '2030-01-02T12:00:00.000Z',
  updatedAt: '2030-01-15T12:00:00.000Z',
  closedAt: null,
};

/** The calls of the deal page. */
function fakeDealRoutes(standing: { deal?: Reply; services?: Reply; stages?: Reply } = {}) {
  const people = [marina, joao];
  const calls = {
    deal: new HeldCalls(standing.deal ?? ok({ deal: existing })),
    create: new HeldCalls(),
    update: new HeldCalls(),
    remove: new HeldCalls(),
    // The customer search answers from `people` by name.
    customers: new HeldCalls((_request, url) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return ok(customersPage(people.filter((p) => p.name.toLowerCase().includes(search))));
    }),
    services: new HeldCalls(standing.services ?? ok({ businessServices: catalogue })),
    stages: new HeldCalls(standing.stages ?? ok({ stages })),
    board: new HeldCalls(ok({ columns: [] })),
  };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    const is = (method: string, path: string | RegExp) =>
      request.method === method && (typeof path === 'string' ? pathname === path : path.test(pathname));
    if (is('GET', '/api/customers')) return calls.customers.receive(request);
    if (is('GET', /^\/api\/sales\/deals\/[^/]+$/)) return calls.deal.receive(request);
    if (is('PUT', /^\/api\/sales\/deals\/[^/]+$/)) return calls.update.receive(request);
    if (is('DELETE', /^\/api\/sales\/deals\/[^/]+$/)) return calls.remove.receive(request);
    if (is('POST', '/api/sales/deals')) return calls.create.receive(request);
    if (is('GET', '/api/settings/services')) return calls.services.receive(request);
    if (is('GET', '/api/sales/stages')) return calls.stages.receive(request);
    if (is('GET', '/api/sales/board')) return calls.board.receive(request);
    return undefined;
  };
  return { ...calls, routes };
}

async function openDeal(
  url: string,
  standing: Parameters<typeof fakeDealRoutes>[0] = {},
  members: FakeMember[] = [],
) {
  const sales = fakeDealRoutes(standing);
  const app = openSignedIn(url, { routes: [sales.routes, teamRoutes(members)] });
  await settleQueries();
  return { ...app, sales };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const customerField = () => screen.getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement;
/** The names the open customer picker offers. */
const customerOptions = () =>
  within(screen.getByRole('listbox', { name: 'Clientes' }))
    .getAllByRole('option')
    .map((option) => option.querySelector('.customer-picker__name')?.textContent);

async function pickCustomer(name: string) {
  await userEvent.click(customerField());
  await settleQueries();
  await userEvent.click(screen.getByRole('option', { name: new RegExp(`^${name}`) }));
}

async function bodyOf(calls: HeldCalls): Promise<unknown> {
  return calls.requests.at(-1)!.clone().json();
}

const tracked: AnalyticsEvent[] = [];

describe('/sales/new: "Nova venda"', () => {
  withPagesPreloaded();
  let stopTracking = () => {};
  beforeEach(() => {
    tracked.length = 0;
    stopTracking = onTrack((event) => {
      tracked.push(event);
    });
  });
  afterEach(() => stopTracking());

  test('the customer picker lists 100 customers, then searches once 2 letters are typed and typing pauses', async () => {
    const app = await openDeal('/sales/new');
    await userEvent.click(customerField());
    await settleQueries();
    expect(new URL(app.sales.customers.requests[0]!.url).searchParams.get('limit')).toBe('100');
    expect(customerOptions()).toEqual(['Sem cliente', 'Marina Alves', 'João Lima']);
    await userEvent.type(customerField(), 'a');
    await settleQueries();
    expect(app.sales.customers.requests).toHaveLength(1);
    await userEvent.type(customerField(), 'r');
    await waitFor(() =>
      expect(new URL(app.sales.customers.requests.at(-1)!.url).searchParams.get('search')).toBe('ar'),
    );
    await settleQueries();
    expect(app.sales.customers.requests).toHaveLength(2);
    expect(new URL(app.sales.customers.requests[1]!.url).searchParams.get('limit')).toBe('100');
    expect(customerOptions()).toEqual(['Marina Alves']);
  });

  test('services from the catalogue with quantities; "Usar soma dos serviços" puts their total in the value', async () => {
    await openDeal('/sales/new');
    // The archived service is not offered.
    expect([...select('Adicionar serviço').options].map((o) => o.value)).toEqual([
      'sv-pote',
      'sv-brigadeiro',
    ]);
    await userEvent.selectOptions(select('Adicionar serviço'), 'sv-brigadeiro');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.queryByLabelText('Adicionar serviço')).toBeNull();
    const quantity = field('Quantidade de Cento de brigadeiros');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(document.querySelector('.deal-services__total strong')?.textContent).toBe(`R$${nbsp}282,00`);
    await userEvent.click(screen.getByRole('button', { name: 'Usar soma dos serviços' }));
    expect(field('Valor').value).toBe(`R$${nbsp}282,00`);
    await userEvent.click(screen.getByRole('button', { name: 'Remover Bolo de pote' }));
    expect(screen.getByLabelText('Adicionar serviço')).toBeDefined();
  });

  test('a new deal in a lost stage, with its reason: sent, "deal created" tracked, a toast, back to the board', async () => {
    const app = await openDeal('/sales/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nova venda');
    expect(select('Etapa').value).toBe('st-novo');
    expect(field('Valor').value).toBe(`R$${nbsp}0,00`);
    expect(screen.queryByLabelText(/^Motivo da perda/)).toBeNull();

    // Typing in full is user-event's job elsewhere; here the fields just get their text.
    fireEvent.change(field('Título'), { target: { value: 'Festa da Marina' } });
    await pickCustomer('Marina Alves');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Usar soma dos serviços' }));
    await userEvent.selectOptions(select('Etapa'), 'Fechado perdido');
    fireEvent.change(field('Motivo da perda (opcional)'), { target: { value: 'Achou caro' } });
    fireEvent.change(field('Previsão de fechamento (opcional)'), { target: { value: '2030-04-20' } });
    fireEvent.change(field('Observações (opcional)'), { target: { value: 'Festa para 80 pessoas' } });
    await userEvent.click(screen.getByRole('button', { name: 'Criar venda' }));

    expect(await bodyOf(app.sales.create)).toEqual({
      title: 'Festa da Marina',
      customerId: 'c-marina',
      stageId: 'st-perdido',
      valueCents: 1_200,
      expectedCloseDate: '2030-04-20',
      notes: 'Festa para 80 pessoas',
      lostReason: 'Achou caro',
      services: [{ serviceId: 'sv-pote', quantity: 1 }],
    });
    app.queryClient.setQueryData(['dashboard'], { anything: true });
    app.sales.create.answer({
      status: 201,
      body: {
        success: true,
        data: { deal: { ...existing, id: 'd-novo', title: 'Festa da Marina', valueCents: 1_200 } },
      },
    });
    await settleQueries();
    expect(app.url()).toBe('/sales');
    expect(tracked.map((e) => [e.name, e.properties])).toEqual([
      ['deal created', { dealId: 'd-novo', valueCents: 1_200 }],
    ]);
    expect(document.querySelector('[data-testid="toast-deal-saved-d-novo"] [data-title]')?.textContent).toBe(
      'Venda criada.',
    );
    expect(app.queryClient.getQueryState(['dashboard'])?.isInvalidated).toBe(true);
  });

  test('the value fills from the cents as digits are typed', async () => {
    await openDeal('/sales/new');
    const value = field('Valor');
    await userEvent.clear(value);
    await userEvent.type(value, '123456');
    expect(value.value).toBe(`R$${nbsp}1.234,56`);
    await userEvent.type(value, '{Backspace}');
    expect(value.value).toBe(`R$${nbsp}123,45`);
  });

  test('without a title: the contract’s text beside the field, the focus on it, no call', async () => {
    const app = await openDeal('/sales/new');
    await userEvent.click(screen.getByRole('button', { name: 'Criar venda' }));
    const title = field('Título');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Informe um título para a venda.',
    );
    expect(document.activeElement).toBe(title);
    expect(app.sales.create.requests).toHaveLength(0);
  });

  test('an expected close date outside 01/01/1900–31/12/2099: the range beside the field, no call', async () => {
    const app = await openDeal('/sales/new');
    fireEvent.change(field('Título'), { target: { value: 'Kit festa' } });
    const date = field('Previsão de fechamento (opcional)');
    fireEvent.change(date, { target: { value: '2100-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Criar venda' }));
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(date.getAttribute('aria-describedby')!)?.textContent).toBe(
      DATE_OUT_OF_RANGE_TEXT,
    );
    expect(app.sales.create.requests).toHaveLength(0);
  });

  test('a field the server refuses is marked with its text; anything else shows above the buttons', async () => {
    const app = await openDeal('/sales/new');
    await userEvent.type(field('Título'), 'Kit festa');
    await userEvent.click(screen.getByRole('button', { name: 'Criar venda' }));
    app.sales.create.answer({
      status: 400,
      body: {
        success: false,
        error: 'Confira os campos.',
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'customerId', message: 'Cliente não encontrado.' }],
      },
    });
    await settleQueries();
    expect(customerField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Cliente não encontrado.')).toBeDefined();
    expect(app.url()).toBe('/sales/new');

    await userEvent.click(screen.getByRole('button', { name: 'Criar venda' }));
    app.sales.create.answer(failed(500, 'Falha interna. Tente de novo.'));
    await settleQueries();
    expect(screen.getByRole('alert').textContent).toBe('Falha interna. Tente de novo.');
  });

  test('"Criar venda" again after a lost answer sends the same Idempotency-Key; a changed form gets a new one', async () => {
    const app = await openDeal('/sales/new');
    await userEvent.type(field('Título'), 'Bolo de aniversário');
    const create = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Criar venda' }));
      app.sales.create.answer('network-error');
      await settleQueries();
    };
    await create();
    await create();
    await userEvent.type(field('Título'), ' infantil');
    await create();

    const keys = app.sales.create.requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test('the catalogue cannot be read: "Failed to fetch services" where the services go; the rest of the form works', async () => {
    await openDeal('/sales/new', { services: failed(500, 'Falha interna.') });
    const group = screen.getByRole('group', { name: 'Serviços' });
    expect(within(group).getByText('Failed to fetch services')).toBeDefined();
    expect(within(group).getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
    expect(field('Título')).toBeDefined();
  });
});

describe('/sales/{dealId}: a deal', () => {
  withPagesPreloaded();

  test('the deal’s data fills the form; saving sends it back and returns to the board', async () => {
    const app = await openDeal('/sales/d-bolo');
    expect(new URL(app.sales.deal.requests[0]!.url).pathname).toBe('/api/sales/deals/d-bolo');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Editar venda');
    expect(field('Título').value).toBe('Bolo de casamento');
    expect(customerField().value).toBe('Marina Alves');
    expect(select('Etapa').value).toBe('st-negociacao');
    expect(field('Valor').value).toBe(`R$${nbsp}1.200,00`);
    expect(field('Previsão de fechamento (opcional)').value).toBe('2030-03-10');
    expect(field('Observações (opcional)').value).toBe('Três andares, recheio de doce de leite.');
    // A line keeps the price it was added at.
    expect(document.querySelector('.deal-services__price')?.textContent).toBe(`R$${nbsp}10,00 cada`);
    expect(field('Quantidade de Bolo de pote').value).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: 'Remover Bolo de pote' }));
    await pickCustomer('João Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(app.sales.update.requests[0]!.method).toBe('PUT');
    expect(await bodyOf(app.sales.update)).toEqual({
      title: 'Bolo de casamento',
      customerId: 'c-joao',
      stageId: 'st-negociacao',
      valueCents: 120_000,
      expectedCloseDate: '2030-03-10',
      notes: 'Três andares, recheio de doce de leite.',
      lostReason: null,
      services: [],
    });
    app.sales.update.answer(
      ok({ deal: { ...existing, customer: { id: 'c-joao', name: 'João Lima' }, services: [] } }),
    );
    await settleQueries();
    expect(app.url()).toBe('/sales');
    expect(document.querySelector('[data-testid="toast-deal-saved-d-bolo"] [data-title]')?.textContent).toBe(
      'Venda salva.',
    );
  });

  test('a lost deal shows its reason', async () => {
    await openDeal('/sales/d-bolo', {
      deal: ok({
        deal: {
          ...existing,
          stageId: 'st-perdido',
          status: 'lost',
          lostReason: 'Fechou com outra confeitaria',
        },
      }),
    });
    expect(field('Motivo da perda (opcional)').value).toBe('Fechou com outra confeitaria');
  });

  test('an answer without the deal: "No deal data returned"', async () => {
    await openDeal('/sales/d-bolo', { deal: ok({}) });
    expect(screen.getByRole('alert').textContent).toBe('No deal data returned');
    expect(screen.getByRole('link', { name: 'Voltar para Vendas' }).getAttribute('href')).toBe('/sales');
  });

  test('another company’s (or an unknown) deal: the server’s text, and the way back', async () => {
    await openDeal('/sales/d-outra', { deal: failed(404, 'Venda não encontrada.', 'NOT_FOUND') });
    expect(screen.getByRole('alert').textContent).toBe('Venda não encontrada.');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
    expect(screen.queryByLabelText('Título')).toBeNull();
  });

  test('deleting asks first, then goes back to the board', async () => {
    const app = await openDeal('/sales/d-bolo');
    await userEvent.click(screen.getByRole('button', { name: 'Excluir venda' }));
    const question = screen.getByRole('group', { name: 'Excluir a venda Bolo de casamento?' });
    expect(within(question).getByText('Esta ação não pode ser desfeita.')).toBeDefined();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Sim, excluir venda' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(app.sales.remove.requests).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Excluir venda' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sim, excluir venda' }));
    expect(new URL(app.sales.remove.requests[0]!.url).pathname).toBe('/api/sales/deals/d-bolo');
    app.sales.remove.answer(ok({ deleted: true }));
    await settleQueries();
    expect(app.url()).toBe('/sales');
    expect(app.queryClient.getQueryData(['sales', 'deal', 'd-bolo'])).toBeUndefined();
    expect(
      document.querySelector('[data-testid="toast-deal-deleted-d-bolo"] [data-title]')?.textContent,
    ).toBe('Venda excluída.');
  });
});

describe('the deal form\'s "Responsável"', () => {
  withPagesPreloaded();
  const team = membersNamed(['Ana Souza', 'Carla Dias'], ['u-ana', 'u-carla']);
  const assignee = () => select('Responsável');

  test('new: the members, "(Você)" marked and chosen, "Sem responsável"; the member picked is sent', async () => {
    const app = await openDeal('/sales/new', {}, team);
    expect(Array.from(assignee().options, (option) => option.textContent)).toEqual([
      'Ana Souza (Você)',
      'Carla Dias',
      'Sem responsável',
    ]);
    expect(assignee().value).toBe('u-ana');
    fireEvent.change(field('Título'), { target: { value: 'Kit festa' } });
    await userEvent.selectOptions(assignee(), 'Carla Dias');
    await userEvent.click(screen.getByRole('button', { name: 'Criar venda' }));
    expect(await bodyOf(app.sales.create)).toMatchObject({ title: 'Kit festa', assigneeUserId: 'u-carla' });
  });

  test('edit: a deal without one shows "Sem responsável"; picking oneself sends it; a refusal shows beside the select', async () => {
    const app = await openDeal('/sales/d-bolo', {}, team);
    expect(assignee().selectedOptions[0]?.textContent).toBe('Sem responsável');
    await userEvent.selectOptions(assignee(), 'Ana Souza (Você)');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await bodyOf(app.sales.update)).toMatchObject({ assigneeUserId: 'u-ana' });

    app.sales.update.answer(
      failed(400, 'Confira os campos.', 'VALIDATION_ERROR', [
        { path: 'assigneeUserId', message: ASSIGNEE_NOT_MEMBER_TEXT },
      ]),
    );
    await settleQueries();
    expect(assignee().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(assignee().getAttribute('aria-describedby')!)?.textContent).toBe(
      ASSIGNEE_NOT_MEMBER_TEXT,
    );
    expect(app.url()).toBe('/sales/d-bolo');
  });

  test('edit: untouched, nothing is sent for it; alone in the company, it is not offered', async () => {
    const app = await openDeal('/sales/d-bolo', {}, membersNamed(['Ana Souza'], ['u-ana']));
    expect(field('Título').value).toBe('Bolo de casamento');
    expect(screen.queryByLabelText('Responsável')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await bodyOf(app.sales.update)).not.toHaveProperty('assigneeUserId');
  });
});
