import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { appRoutes } from '../../src/app/routing/routes';
import { matchAppRoute } from '../../src/lib/routing/match-route';
import { renderApp } from './support/render-app';
import { withSignedInUser } from './support/signed-in';

const wa = '/settings/whatsapp-business-connection';

// [url, spec title or null, inside the app frame, the page's own heading where the spec gives no
// title]. /, /login, /logout and /signup act at once (redirects, sign-in, the hosted login): their own
// tests cover them.
const routes: [string, string | null, boolean, string?][] = [
  ['/paywall/', null, false],
  ['/download-app/', 'Baixar aplicativo', false],
  // The onboarding routes send this (onboarded) user on: tests/web/onboarding*.test.tsx.
  ['/home', 'Início', true],
  ['/home/new', 'Nova tarefa', true],
  ['/home/advisor', null, true, 'Consultor IA'],
  ['/home/t-1/', null, true],
  ['/home/t-1/edit', null, true, 'Editar tarefa'],
  ['/home/t-1/delete', null, true, 'Excluir tarefa?'],
  ['/home/t-1/deleteFollowUp', null, true, 'Remover a mensagem de follow-up?'],
  ['/sales', 'Vendas', true],
  ['/sales/new', null, true, 'Nova venda'],
  ['/sales/d-1', null, true, 'Editar venda'],
  ['/customers', 'Clientes', true],
  ['/customers/new', 'Novo cliente', true],
  ['/customers/c-1/', null, true],
  ['/customers/c-1/edit', null, true],
  ['/tasks', 'Tarefas', true],
  ['/tasks/new', 'Nova tarefa', true],
  ['/tasks/t-1/', null, true],
  ['/tasks/t-1/edit', null, true, 'Editar tarefa'],
  ['/tasks/t-1/delete', null, true, 'Excluir tarefa?'],
  ['/tasks/t-1/deleteFollowUp', null, true, 'Remover a mensagem de follow-up?'],
  ['/settings', 'Configurações', true],
  ['/settings/ai-training', null, true, 'Treinamento da IA'],
  ['/settings/services', 'Serviços', true],
  ['/settings/services/new', null, true, 'Novo serviço'],
  ['/settings/services/s-1/edit', null, true, 'Editar serviço'],
  ['/settings/company-info/', 'Sobre a empresa', true],
  ['/settings/team', 'Equipe', true],
  ['/settings/invite/', 'Indique e Ganhe', true],
  ['/settings/access-security/phone-change', 'Alterar o número de celular', true],
  ['/settings/access-security/phone-change/validate?phone=11987654321', 'Valide seu telefone', true],
  [`${wa}/`, 'Conexão WhatsApp', true],
  [`${wa}/select-your-connection/`, 'Selecione sua conexão', true],
  [`${wa}/how-to-reconnect/`, 'Como Reconectar', true],
  [`${wa}/disconnect-business/`, 'Desconectar WhatsApp Business', true],
  [`${wa}/disconnect-business/feedback/`, 'Feedback de Desconexão', true],
  [`${wa}/connect-whatsapp/`, 'Conexão WhatsApp', true],
  [`${wa}/connect-business/`, 'Conectar WhatsApp Business', true],
  [`${wa}/connect-business/success/`, 'WhatsApp Conectado', true],
  [`${wa}/connect-business/not-ready/`, 'Erro na Conexão', true],
  [`${wa}/connect-business/error/`, 'Erro na Conexão', true],
  [`${wa}/connect-business/heads-up/`, 'Informações importantes', true],
  [`${wa}/blocklist/`, 'Contatos ignorados', true],
];

const onboardingUrls = [
  '/onboarding/',
  '/onboarding/user-name',
  '/onboarding/company',
  '/onboarding/phone',
  '/onboarding/verify-phone?phone=11987654321',
  '/onboarding/trial',
];

/** The page's chunk has arrived once the Suspense fallback is gone. */
async function pageLoaded() {
  await waitFor(() => expect(document.querySelector('.route-loading')).toBeNull());
}

function toggledSlash(url: string): string {
  const [path = '', search] = url.split('?');
  const other = path === '/' ? path : path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  return search === undefined ? other : `${other}?${search}`;
}

// The signed-in area's guards let an active, subscribed user through (guards.test.tsx has the rest).
withSignedInUser();

describe('every route of spec §2', () => {
  test.each(routes)('%s has its title, its heading and the right frame', async (url, title, inShell, own) => {
    renderApp(url);
    await pageLoaded();
    expect(document.title).toBe(title ? `${title} · Fechaí` : 'Fechaí');
    // A page shows its spec title as its heading; without one, its own heading, or none.
    const heading = title ?? own;
    if (heading) await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.queryAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(
      heading ? [heading] : [],
    );
    expect(screen.queryByRole('navigation', { name: 'Principal' }) !== null).toBe(inShell);
    expect(screen.queryByText('Not Found')).toBeNull();
  });

  test.each([
    ...routes.map(([url]) => url),
    ...onboardingUrls,
    '/login',
    '/logout',
    '/signup?verificationToken=t',
  ])('%s is the same page with the trailing slash toggled', (url) => {
    const [path = '', search = ''] = url.split('?');
    const [otherPath = ''] = toggledSlash(url).split('?');
    const match = matchAppRoute(appRoutes, path, search);
    expect(match).toBeDefined();
    expect(matchAppRoute(appRoutes, otherPath, search)).toEqual(match);
  });

  test.each([
    ['/paywall', null],
    ['/download-app', 'Baixar aplicativo'],
    ['/customers/c-1', null],
    ['/settings/invite', 'Indique e Ganhe'],
  ])('%s opens without the slash the spec writes', async (url, title) => {
    renderApp(url);
    await pageLoaded();
    expect(document.title).toBe(title ? `${title} · Fechaí` : 'Fechaí');
    expect(screen.queryByText('Not Found')).toBeNull();
  });
});

describe('titles that depend on the URL', () => {
  test('/tasks?filter=overdue is "Tarefas Atrasadas"', async () => {
    renderApp('/tasks?filter=overdue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarefas Atrasadas' })).toBeDefined();
    expect(document.title).toBe('Tarefas Atrasadas · Fechaí');
  });

  test.each(['nope', 'OVERDUE', ''])('/tasks?filter=%s falls back to today: "Tarefas"', async (filter) => {
    renderApp(`/tasks?filter=${filter}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarefas' })).toBeDefined();
    expect(document.title).toBe('Tarefas · Fechaí');
  });

  test('the title follows a change of search without leaving the page', async () => {
    const { location } = renderApp('/tasks?filter=future');
    await screen.findByRole('heading', { level: 1, name: 'Tarefas' });
    act(() => location.navigate('/tasks?filter=overdue'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarefas Atrasadas' })).toBeDefined();
    expect(document.title).toBe('Tarefas Atrasadas · Fechaí');
  });
});

describe('redirects and unknown paths', () => {
  test.each(['/settings/access-security/', '/settings/access-security'])(
    '%s goes to phone-change, replacing the entry',
    async (url) => {
      const { location } = renderApp(url);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Alterar o número de celular' }),
      ).toBeDefined();
      expect(document.title).toBe('Alterar o número de celular · Fechaí');
      expect(location.history).toEqual(['/settings/access-security/phone-change']);
    },
  );

  test.each(['/nope', '/customers/c-1/edit/more', '/settings/unknown'])(
    '%s shows "Not Found" with a way back to the start',
    async (url) => {
      renderApp(url);
      expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeDefined();
      expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/');
      expect(document.title).toBe('Fechaí');
      expect(screen.queryByRole('navigation', { name: 'Principal' })).toBeNull();
    },
  );
});

describe('the app frame', () => {
  test('names the product, links the five sections and marks the current one', async () => {
    renderApp('/customers/c-1/edit');
    await pageLoaded();
    expect(screen.getByRole('link', { name: 'Fechaí' }).getAttribute('href')).toBe('/home');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Início', '/home'],
      ['Tarefas', '/tasks'],
      ['Vendas', '/sales'],
      ['Clientes', '/customers'],
      ['Configurações', '/settings'],
    ]);
    expect(
      links.filter((link) => link.getAttribute('aria-current') === 'page').map((l) => l.textContent),
    ).toEqual(['Clientes']);
    expect(screen.getByRole('group', { name: 'Tema' })).toBeDefined();
  });

  test('navigating keeps the frame and swaps the page', async () => {
    const { location } = renderApp('/home');
    await screen.findByRole('heading', { level: 1, name: 'Início' });
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    act(() => location.navigate('/sales'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendas' })).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBe(nav);
    expect(document.title).toBe('Vendas · Fechaí');
  });
});
