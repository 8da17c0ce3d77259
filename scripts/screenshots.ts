/**
 * Screenshots of every screen, at 1280 px and 390 px, in the light and dark themes, for reviewing the
 * layout by eye; each also reports what can be measured: the page scrolling sideways, buttons whose
 * label wraps, placeholders and labels cut off. Against a running server with the demo data:
 *
 *   PORT=3104 DATA_DIR=memory:// SEED_DEMO=1 node scripts/start.mjs
 *   node --import tsx scripts/screenshots.ts --base http://127.0.0.1:3104 --out /tmp/screens [--only home,tasks]
 *
 * Phones are sent to /download-app by the guards, so the 390 px shots of the app use a desktop user
 * agent; /download-app itself is shot with a phone's. Each width and theme also signs a newcomer up
 * and shoots the five onboarding steps (the codes come from the dev outbox).
 */
import { mkdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { layoutFindings } from '../e2e/support/layout-findings';
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from '../server/demo/seed-demo';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    out: { type: 'string', default: '/tmp/screens' },
    only: { type: 'string' },
    widths: { type: 'string', default: '1280,390' },
    themes: { type: 'string', default: 'light,dark' },
  },
});

const base = args.base.replace(/\/+$/, '');
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const TRIAL_ENDED = { email: 'bruno@oficinadobruno.example', password: DEMO_USER_PASSWORD };

const PART_HEIGHT = 900;

type Who = 'ana' | 'bruno' | 'nobody';
interface Shot {
  name: string;
  who: Who;
  /** A path, or a function that finds the path (an item's id) on a signed-in page. */
  path: string | ((page: Page) => Promise<string>);
  /** Something to do once the page is there (open a dialog, a menu). */
  afterOpening?: (page: Page) => Promise<void>;
  userAgent?: string;
}

/** The first link whose address matches `pattern` on `listPath` (waiting for the list to load). */
const firstLink =
  (listPath: string, pattern: RegExp) =>
  async (page: Page): Promise<string> => {
    await open(page, listPath);
    const found = await page.waitForFunction(
      (source) =>
        [...document.querySelectorAll('a[href]')]
          .map((a) => a.getAttribute('href') ?? '')
          .find((href) => new RegExp(source).test(href)),
      pattern.source,
    );
    return (await found.jsonValue()) as string;
  };

/** "Sugerir mensagem" pressed and its draft shown (or the reason there is none). */
async function suggestMessage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sugerir mensagem' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('Mensagem', { exact: true })
    .or(page.getByRole('alert'))
    .first()
    .waitFor();
}

const shots: Shot[] = [
  { name: 'auth-login', who: 'nobody', path: '/auth/login' },
  { name: 'auth-signup', who: 'nobody', path: '/auth/signup' },
  { name: 'auth-forgot', who: 'nobody', path: '/auth/forgot-password' },
  { name: 'download-app-phone', who: 'nobody', path: '/download-app', userAgent: PHONE_UA },
  { name: 'not-found', who: 'ana', path: '/nada-aqui' },
  { name: 'home', who: 'ana', path: '/home' },
  { name: 'advisor', who: 'ana', path: '/home/advisor' },
  {
    name: 'advisor-asked',
    who: 'ana',
    path: `/home/advisor?search=${encodeURIComponent('Quais tarefas estão atrasadas?')}`,
  },
  {
    name: 'home-quick-add',
    who: 'ana',
    path: '/home',
    afterOpening: async (page) => {
      await page.getByRole('button', { name: 'Adicionar tarefa' }).click();
    },
  },
  { name: 'customers', who: 'ana', path: '/customers' },
  { name: 'customers-search', who: 'ana', path: '/customers?search=ca' },
  {
    name: 'customers-import',
    who: 'ana',
    path: '/customers',
    afterOpening: async (page) => {
      await page
        .getByRole('button', { name: /importar/i })
        .first()
        .click();
    },
  },
  { name: 'customer-detail', who: 'ana', path: firstLink('/customers', /^\/customers\/[0-9a-f-]{36}$/) },
  { name: 'customer-new', who: 'ana', path: '/customers/new' },
  {
    name: 'customer-edit',
    who: 'ana',
    path: async (page) => `${await firstLink('/customers', /^\/customers\/[0-9a-f-]{36}$/)(page)}/edit`,
  },
  { name: 'tasks-today', who: 'ana', path: '/tasks?filter=today' },
  { name: 'tasks-overdue', who: 'ana', path: '/tasks?filter=overdue' },
  { name: 'tasks-future', who: 'ana', path: '/tasks?filter=future' },
  { name: 'tasks-completed', who: 'ana', path: '/tasks?filter=completed' },
  { name: 'task-detail', who: 'ana', path: firstLink('/tasks?filter=future', /^\/tasks\/[0-9a-f-]{36}$/) },
  { name: 'task-new', who: 'ana', path: '/tasks/new' },
  {
    name: 'task-edit',
    who: 'ana',
    path: async (page) => `${await firstLink('/tasks?filter=future', /^\/tasks\/[0-9a-f-]{36}$/)(page)}/edit`,
  },
  { name: 'sales', who: 'ana', path: '/sales' },
  { name: 'deal', who: 'ana', path: firstLink('/sales', /^\/sales\/[0-9a-f-]{36}$/) },
  { name: 'deal-new', who: 'ana', path: '/sales/new' },
  { name: 'services', who: 'ana', path: '/settings/services' },
  { name: 'service-new', who: 'ana', path: '/settings/services/new' },
  {
    name: 'service-edit',
    who: 'ana',
    path: firstLink('/settings/services', /^\/settings\/services\/[0-9a-f-]{36}\/edit$/),
  },
  {
    name: 'task-suggest-message',
    who: 'ana',
    path: firstLink('/tasks?filter=future', /^\/tasks\/[0-9a-f-]{36}$/),
    afterOpening: suggestMessage,
  },
  {
    name: 'deal-suggest-message',
    who: 'ana',
    path: firstLink('/sales', /^\/sales\/[0-9a-f-]{36}$/),
    afterOpening: suggestMessage,
  },
  {
    name: 'customer-suggest-message',
    who: 'ana',
    path: firstLink('/customers', /^\/customers\/[0-9a-f-]{36}$/),
    afterOpening: suggestMessage,
  },
  { name: 'settings', who: 'ana', path: '/settings' },
  { name: 'company-info', who: 'ana', path: '/settings/company-info' },
  { name: 'phone-change', who: 'ana', path: '/settings/access-security/phone-change' },
  { name: 'whatsapp', who: 'ana', path: '/settings/whatsapp-business-connection' },
  { name: 'invite', who: 'ana', path: '/settings/invite' },
  { name: 'team', who: 'ana', path: '/settings/team' },
  { name: 'ai-training', who: 'ana', path: '/settings/ai-training' },
  { name: 'paywall', who: 'bruno', path: '/paywall' },
];

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  // Skeletons and lazily loaded charts settle after the network does.
  await page.waitForTimeout(400);
}

async function signIn(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/auth/login?returnTo=${encodeURIComponent(base)}`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Senha', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth') && !url.pathname.startsWith('/login'));
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A newcomer's onboarding, step by step: signs up, confirms the e-mail, walks the five steps. */
async function onboardingShots(context: BrowserContext, prefix: string): Promise<void> {
  const page = await context.newPage();
  const stamp = String(Date.now()).slice(-8);
  const email = `telas-${stamp}@docesdabia.com.br`;
  const password = 'brigadeiro2026';
  const national = `119${stamp}`;
  const outbox = async (
    query: Record<string, string>,
    pick: (text: string, links: string[]) => string | undefined,
  ) => {
    for (let tries = 0; tries < 50; tries++) {
      const res = await page.request.get(`${base}/dev/outbox/messages?${new URLSearchParams(query)}`);
      const body = (await res.json()) as { data: { messages: { text: string; links: string[] }[] } };
      const found = body.data.messages.map((m) => pick(m.text, m.links)).find(Boolean);
      if (found) return found;
      await page.waitForTimeout(200);
    }
    throw new Error(`nothing in the dev outbox for ${JSON.stringify(query)}`);
  };
  const shoot = async (step: string) => {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const file = `${prefix.replace('{step}', step)}`;
    await page.screenshot({ path: file, fullPage: true });
    const problems = await layoutFindings(page);
    console.log(`${file}${problems.length ? `\n  - ${problems.join('\n  - ')}` : ''}`);
  };
  try {
    await page.goto(`${base}/auth/signup?returnTo=${encodeURIComponent(base)}`);
    await page.getByLabel('Nome').fill('Beatriz Almeida');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    const link = await outbox({ to: email, channel: 'email' }, (_text, links) =>
      links.find((l) => l.includes('/signup?verificationToken=')),
    );
    await page.goto(link);
    await page.getByRole('link', { name: 'Entrar' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/onboarding\/user-name$/);
    await shoot('user-name');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/onboarding\/company$/);
    await shoot('company');
    await page.getByLabel('Nome da empresa').fill('Doces da Bia');
    await page.getByLabel('Razão social').fill('Beatriz Almeida Doces ME');
    await page.getByRole('radio', { name: 'CNPJ' }).check();
    await page.getByLabel('Número do CNPJ').pressSequentially('11222333000181');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/onboarding\/phone$/);
    await shoot('phone');
    await page.getByLabel('Celular com DDD').pressSequentially(national);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.waitForURL(/\/onboarding\/verify-phone/);
    await shoot('verify-phone');
    const code = await outbox(
      { to: `+55${national}`, channel: 'sms' },
      (text) => /\b([0-9]{6})\b/.exec(text)?.[1],
    );
    await page.getByLabel('Código de verificação').fill(code);
    await page.getByRole('button', { name: 'Validar' }).click();
    await page.waitForURL(/\/onboarding\/trial$/);
    await shoot('trial');
  } catch (err) {
    console.log(`${prefix}: FAILED ${(err as Error).message.split('\n')[0]}`);
  } finally {
    await page.close();
  }
}

async function main() {
  await mkdir(args.out, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const states: Partial<Record<Who, Awaited<ReturnType<typeof signIn>>>> = {
      ana: await signIn(browser, { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD }),
      bruno: await signIn(browser, TRIAL_ENDED),
    };
    const only = args.only?.split(',');
    const selected = shots.filter((shot) => !only || only.some((name) => shot.name.startsWith(name)));
    for (const theme of args.themes.split(',') as ('light' | 'dark')[]) {
      for (const width of args.widths.split(',').map(Number)) {
        const contexts = new Map<string, BrowserContext>();
        for (const shot of selected) {
          const key = `${shot.who}|${shot.userAgent ?? ''}`;
          let context = contexts.get(key);
          if (!context) {
            context = await browser.newContext({
              viewport: { width, height: width < 600 ? 844 : 800 },
              colorScheme: theme,
              locale: 'pt-BR',
              timezoneId: 'America/Sao_Paulo',
              ...(shot.userAgent && { userAgent: shot.userAgent, isMobile: true, hasTouch: true }),
              ...(shot.who !== 'nobody' && { storageState: states[shot.who] }),
            });
            // tsx names the functions it compiles with a helper the page does not have (findings()).
            await context.addInitScript('window.__name = (fn) => fn');
            contexts.set(key, context);
          }
          const page = await context.newPage();
          const file = `${args.out}/${shot.name}-${width}-${theme}.png`;
          try {
            const path = typeof shot.path === 'string' ? shot.path : await shot.path(page);
            await open(page, path);
            if (shot.afterOpening) {
              await shot.afterOpening(page);
              // A sheet's code loads, then it fades in.
              await page.waitForTimeout(900);
            }
            // A dialog as it shows on the screen: a full-page capture replays its opening animation.
            await page.screenshot({ path: file, fullPage: !shot.afterOpening });
            // A tall phone page is easier to read in screen-sized parts: name.1.png, name.2.png…
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            if (!shot.afterOpening && width < 600 && height > PART_HEIGHT * 1.25) {
              for (let y = 0, n = 1; y < height; y += PART_HEIGHT, n++) {
                await page.screenshot({
                  path: file.replace(/\.png$/, `.${n}.png`),
                  fullPage: true,
                  clip: { x: 0, y, width, height: Math.min(PART_HEIGHT, height - y) },
                });
              }
            }
            const problems = await layoutFindings(page);
            console.log(`${file}${problems.length ? `\n  - ${problems.join('\n  - ')}` : ''}`);
          } catch (err) {
            console.log(`${file}: FAILED ${(err as Error).message.split('\n')[0]}`);
          } finally {
            await page.close();
          }
        }
        for (const context of contexts.values()) await context.close();
        if (!only || only.some((name) => 'onboarding'.startsWith(name))) {
          const context = await browser.newContext({
            viewport: { width, height: width < 600 ? 844 : 800 },
            colorScheme: theme,
            locale: 'pt-BR',
          });
          await context.addInitScript('window.__name = (fn) => fn');
          await onboardingShots(context, `${args.out}/onboarding-{step}-${width}-${theme}.png`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
