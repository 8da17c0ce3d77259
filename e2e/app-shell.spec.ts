import { expect, test } from '@playwright/test';
import { signIn } from './support/sign-in';

// The house as a visitor meets it: the built client served by the real server, in Chromium.

test('the root document is titled Fechaí and has a favicon the server serves', async ({ page, request }) => {
  await page.goto('/download-app');
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBeTruthy();
  const res = await request.get(icon!);
  expect(res.status()).toBe(200);
  const heading = page.getByRole('heading', { level: 1, name: 'Baixar aplicativo' });
  await expect(heading).toBeVisible();
  await expect(page).toHaveTitle('Baixar aplicativo · Fechaí');
  // Pages outside the app frame have their own margins, not text against the screen's edge.
  const box = await heading.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(16);
  expect(box!.y).toBeGreaterThanOrEqual(16);
});

test('a deep link into the signed-in area loads from the server (SPA fallback) with its title', async ({
  page,
}) => {
  const res = await page.goto('/settings/services');
  expect(res?.status()).toBe(200);
  // The signed-in area: the guards send a stranger to sign in, and back here afterwards.
  await signIn(page, '/settings/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Serviços' })).toBeVisible();
  await expect(page).toHaveTitle('Serviços · Fechaí');
});

test('navigation goes through the shell without a full reload', async ({ page }) => {
  await signIn(page, '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Início' })).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same document';
  });
  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await page.getByRole('link', { name: 'Tarefas' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
});

test('search parameters: overdue tasks have their own title, bad values fall back', async ({ page }) => {
  await signIn(page, '/tasks?filter=overdue');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas Atrasadas' })).toBeVisible();
  await page.goto('/tasks?filter=ontem');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await page.goto('/customers?page=-3&limit=5000');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
});

test('access and security opens the phone change page', async ({ page }) => {
  await signIn(page, '/home');
  await page.goto('/settings/access-security/');
  await expect(page).toHaveURL(/\/settings\/access-security\/phone-change$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar o número de celular' })).toBeVisible();
});

test('in a short window the sidebar scrolls, so the account box at its end can be reached', async ({
  page,
}) => {
  // The sidebar is as tall as the window: what does not fit (the account box, the company list
  // opened in it) scrolls within it instead of being cut off.
  await page.setViewportSize({ width: 1280, height: 480 });
  await signIn(page, '/home');
  const signOut = page.getByRole('link', { name: 'Sair' });
  await signOut.scrollIntoViewIfNeeded();
  await expect(signOut).toBeInViewport({ ratio: 1 });
});

test('an unknown address shows Not Found, and the API answers its own 404 in the envelope', async ({
  page,
  request,
}) => {
  await page.goto('/nada-por-aqui');
  await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
  const res = await request.get('/api/nada-por-aqui');
  expect(res.status()).toBe(404);
  const body = await res.json();
  expect(body.success).toBe(false);
  expect(typeof body.error).toBe('string');
});

test('a page that cannot load shows the error view, reports it, and reloading recovers', async ({ page }) => {
  await signIn(page, '/settings');
  let blocked = true;
  const reports: unknown[] = [];
  await page.route('**/assets/CustomersPage-*.js', (route) => (blocked ? route.abort() : route.fallback()));
  page.on('request', (req) => {
    if (req.url().endsWith('/api/client-errors') && req.method() === 'POST') reports.push(req.postDataJSON());
  });

  await page.goto('/customers');
  await expect(page.getByText('Algo deu errado')).toBeVisible();
  await expect(page.getByText('Ocorreu um erro inesperado. Por favor, recarregue a página.')).toBeVisible();
  await expect.poll(() => reports.length).toBe(1);
  expect(reports[0]).toMatchObject({ url: expect.stringContaining('/customers') });

  blocked = false;
  await page.getByRole('button', { name: 'Recarregar página' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
});

test('the theme choice is stored under one key and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page, '/home');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('radio', { name: 'Escuro' }).first().check();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('fechai-theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.getByRole('radio', { name: 'Sistema' }).first().check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('on a phone the navigation is a bottom bar that fits the screen, and toasts clear it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await signIn(page, '/home');
  const nav = page.getByRole('navigation').first();
  await expect(nav).toBeVisible();
  const box = await nav.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeGreaterThan(844 - 2);
  expect(box!.width).toBeLessThanOrEqual(390);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  // A toast sits above the bar, never over it.
  await page.evaluate(() => window.__fechai?.toasts?.success('Cliente salvo'));
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Cliente salvo' });
  await expect(toast).toBeVisible();
  // Measured once its entry animation has ended.
  await expect
    .poll(async () => {
      const t = await toast.boundingBox();
      return t ? t.y + t.height : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(box!.y);
  await context.close();
});
