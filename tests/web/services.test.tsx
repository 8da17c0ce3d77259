import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { type BusinessService, SERVICE_NAME_TAKEN_TEXT } from '../../contracts/services';
import { type FakeRoutes, failed, HeldCalls, ok, type Reply, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const nbsp = '\u00a0';

function service(
  overrides: Partial<BusinessService> & Pick<BusinessService, 'id' | 'name'>,
): BusinessService {
  return {
    description: null,
    priceCents: 5_000,
    durationMinutes: null,
    active: true,
    createdAt: '2030-01-01T12:00:00.000Z',
    updatedAt: '2030-01-01T12:00:00.000Z',
    ...overrides,
  };
}

const catalogue: BusinessService[] = [
  service({
    id: 'sv-bolo',
    name: 'Bolo decorado',
    description: 'Massa amanteigada, recheio à escolha.',
    priceCents: 18_990,
    durationMinutes: 90,
  }),
  service({
    id: 'sv-consultoria',
    name: 'Consultoria de cardápio',
    priceCents: 25_000,
    durationMinutes: 120,
  }),
  service({ id: 'sv-entrega', name: 'Entrega', priceCents: 1_500, durationMinutes: 45 }),
  service({ id: 'sv-brigadeiro', name: 'Brigadeiro gourmet', priceCents: 350, active: false }),
];

function fakeServices(list: Reply = ok({ businessServices: catalogue })) {
  const calls = { list: new HeldCalls(list), create: new HeldCalls(), update: new HeldCalls() };
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === '/api/settings/services') return calls.list.receive(request);
    if (request.method === 'POST' && pathname === '/api/settings/services')
      return calls.create.receive(request);
    if (request.method === 'PUT' && /^\/api\/settings\/services\/[^/]+$/.test(pathname))
      return calls.update.receive(request);
    return undefined;
  };
  return { ...calls, routes };
}

async function open(url: string, list?: Reply) {
  const services = fakeServices(list);
  const app = openSignedIn(url, { routes: [services.routes] });
  await settleQueries();
  return { ...app, services };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function rows(): string[][] {
  return within(screen.getByRole('list', { name: 'Serviços cadastrados' }))
    .getAllByRole('link')
    .map((link) =>
      [
        '.service-item__name',
        '.service-item__badge',
        '.service-item__description',
        '.service-item__price',
        '.service-item__duration',
      ].map((part) => link.querySelector(part)?.textContent ?? ''),
    );
}

describe('/settings/services (spec §2): "Serviços"', () => {
  withPagesPreloaded();

  test('the catalogue: name, price in BRL, duration, archived ones marked', async () => {
    await open('/settings/services');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Serviços');
    expect(rows()).toEqual([
      ['Bolo decorado', '', 'Massa amanteigada, recheio à escolha.', `R$${nbsp}189,90`, '1h 30min'],
      ['Consultoria de cardápio', '', '', `R$${nbsp}250,00`, '2h'],
      ['Entrega', '', '', `R$${nbsp}15,00`, '45min'],
      ['Brigadeiro gourmet', 'Arquivado', '', `R$${nbsp}3,50`, 'Sem duração definida'],
    ]);
    const links = within(screen.getByRole('list', { name: 'Serviços cadastrados' })).getAllByRole('link');
    expect(links[0]!.getAttribute('href')).toBe('/settings/services/sv-bolo/edit');
    expect(screen.getByRole('link', { name: 'Novo serviço' }).getAttribute('href')).toBe(
      '/settings/services/new',
    );
    expect(screen.getByRole('link', { name: 'Voltar para Configurações' }).getAttribute('href')).toBe(
      '/settings',
    );
  });

  test('none yet: an invitation to add the first', async () => {
    await open('/settings/services', ok({ businessServices: [] }));
    expect(screen.getByText(/^Nenhum serviço cadastrado ainda/)).toBeDefined();
  });

  test('the catalogue cannot be read: "Failed to fetch services", and a way to try again', async () => {
    const app = await open('/settings/services', failed(500, 'Falha interna.'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch services');
    app.services.list.always(ok({ businessServices: catalogue }));
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await settleQueries();
    expect(rows()).toHaveLength(4);
  });

  test('an answer without the list is the same failure', async () => {
    await open('/settings/services', ok({}));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch services');
  });
});

describe('/settings/services/new and /settings/services/{serviceId}/edit', () => {
  withPagesPreloaded();

  test('a new service: price typed from the cents, duration in hours and minutes; back to the list with it', async () => {
    const app = await open('/settings/services/new');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Novo serviço');
    expect((screen.getByRole('switch', { name: 'Serviço ativo' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(field('Nome'), { target: { value: 'Torta de limão' } });
    fireEvent.change(field('Descrição (opcional)'), { target: { value: 'Fatia ou inteira.' } });
    await userEvent.type(field('Preço'), '8990');
    expect(field('Preço').value).toBe(`R$${nbsp}89,90`);
    await userEvent.type(field('Horas'), '1');
    await userEvent.type(field('Minutos'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Criar serviço' }));

    expect(await app.services.create.requests[0]!.clone().json()).toEqual({
      name: 'Torta de limão',
      description: 'Fatia ou inteira.',
      priceCents: 8_990,
      durationMinutes: 90,
      active: true,
    });
    const created = service({
      id: 'sv-torta',
      name: 'Torta de limão',
      description: 'Fatia ou inteira.',
      priceCents: 8_990,
      durationMinutes: 90,
    });
    app.services.list.always(ok({ businessServices: [...catalogue, created] }));
    app.services.create.answer({ status: 201, body: { success: true, data: { businessService: created } } });
    await settleQueries();
    expect(app.url()).toBe('/settings/services');
    expect(rows().map((row) => row[0])).toContain('Torta de limão');
    expect(document.querySelector('[data-testid="toast-service-saved"] [data-title]')?.textContent).toBe(
      'Serviço criado.',
    );
  });

  test('a name already in the catalogue: the server’s text beside the name, the focus on it', async () => {
    const app = await open('/settings/services/new');
    fireEvent.change(field('Nome'), { target: { value: 'bolo decorado' } });
    await userEvent.type(field('Preço'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Criar serviço' }));
    app.services.create.answer(failed(409, SERVICE_NAME_TAKEN_TEXT, 'CONFLICT'));
    await settleQueries();
    const name = field('Nome');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      SERVICE_NAME_TAKEN_TEXT,
    );
    expect(document.activeElement).toBe(name);
    expect(app.url()).toBe('/settings/services/new');
  });

  test('"Criar serviço" again after a lost answer sends the same Idempotency-Key; a changed form gets a new one', async () => {
    const app = await open('/settings/services/new');
    fireEvent.change(field('Nome'), { target: { value: 'Pão de mel' } });
    await userEvent.type(field('Preço'), '500');
    const create = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Criar serviço' }));
      app.services.create.answer('network-error');
      await settleQueries();
    };
    await create();
    await create();
    fireEvent.change(field('Nome'), { target: { value: 'Pão de mel recheado' } });
    await create();

    const keys = app.services.create.requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test('what is missing or wrong is said beside each field, without a call', async () => {
    const app = await open('/settings/services/new');
    await userEvent.type(field('Minutos'), 'meia');
    await userEvent.click(screen.getByRole('button', { name: 'Criar serviço' }));
    const errorOf = (label: string) =>
      document.getElementById(field(label).getAttribute('aria-describedby')?.split(' ')[0] ?? '')
        ?.textContent;
    expect(errorOf('Nome')).toBe('Informe o nome do serviço.');
    expect(errorOf('Preço')).toBe('Informe o preço.');
    expect(screen.getByText('Informe a duração em horas e minutos inteiros.')).toBeDefined();
    expect(field('Minutos').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Nome'));
    expect(app.services.create.requests).toHaveLength(0);
  });

  test('editing finds the service in the catalogue already read; archiving it says "Arquivado"', async () => {
    const app = await open('/settings/services');
    await userEvent.click(screen.getByRole('link', { name: /^Bolo decorado/ }));
    await settleQueries();
    expect(app.url()).toBe('/settings/services/sv-bolo/edit');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Editar serviço');
    // One query for list and edit page, fresh for 300 s.
    expect(app.services.list.requests).toHaveLength(1);
    expect(field('Nome').value).toBe('Bolo decorado');
    expect(field('Preço').value).toBe(`R$${nbsp}189,90`);
    expect(field('Horas').value).toBe('1');
    expect(field('Minutos').value).toBe('30');

    await userEvent.click(screen.getByRole('switch', { name: 'Serviço ativo' }));
    expect(screen.getByText('Arquivado')).toBeDefined();
    await userEvent.clear(field('Minutos'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    const call = app.services.update.requests[0]!;
    expect(new URL(call.url).pathname).toBe('/api/settings/services/sv-bolo');
    expect(await call.clone().json()).toEqual({
      name: 'Bolo decorado',
      description: 'Massa amanteigada, recheio à escolha.',
      priceCents: 18_990,
      durationMinutes: 60,
      active: false,
    });
    const saved = { ...catalogue[0]!, durationMinutes: 60, active: false };
    app.services.list.always(ok({ businessServices: [saved, ...catalogue.slice(1)] }));
    app.services.update.answer(ok({ businessService: saved }));
    await settleQueries();
    expect(app.url()).toBe('/settings/services');
    expect(rows()[0]).toEqual([
      'Bolo decorado',
      'Arquivado',
      'Massa amanteigada, recheio à escolha.',
      `R$${nbsp}189,90`,
      '1h',
    ]);
  });

  test('an id the catalogue does not hold: "Service not found", and the way back', async () => {
    await open('/settings/services/sv-outra/edit');
    expect(screen.getByRole('alert').textContent).toBe('Service not found');
    expect(screen.getByRole('link', { name: 'Voltar para Serviços' }).getAttribute('href')).toBe(
      '/settings/services',
    );
    expect(screen.queryByLabelText('Nome')).toBeNull();
  });

  test('the catalogue cannot be read: "Failed to fetch services" on the edit page too', async () => {
    await open('/settings/services/sv-bolo/edit', failed(500, 'Falha interna.'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch services');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeDefined();
  });
});
