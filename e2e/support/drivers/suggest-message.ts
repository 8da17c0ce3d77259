import type { Page } from 'playwright-core';
import { REPLY_MESSAGE } from '../../../machines/reply-box/reply-box.paths';
import type { SuggestDraft } from '../../../machines/suggest-message/suggest-message.machine';
import {
  CUSTOMER_NAME,
  type SuggestPlace,
  TASK_DUE_AT,
} from '../../../machines/suggest-message/suggest-message.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type SuggestMessageLayer,
  suggestMessageDriver,
  suggestMessageExpectation,
} from '../../../tests/support/drivers/suggest-message.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

interface Run {
  driver: ReturnType<typeof suggestMessageDriver>;
}

const runs = new WeakMap<Page, Run>();

interface Held {
  suggest: HeldCalls;
  window: HeldCalls;
  reply: HeldCalls;
  create: HeldCalls;
  update: HeldCalls;
}

function layerFor(page: Page, context: ReplayContext, held: Held): SuggestMessageLayer {
  const api = apiOf(page, context.baseURL);
  let customerId = '';
  let last: string | null = null;
  const textOf = (body: unknown) => {
    const sent = body as { text?: string; followUpMessage?: string } | undefined;
    return sent?.text ?? sent?.followUpMessage ?? null;
  };
  return {
    async open(action) {
      // Maria, made once per run; a task or deal of hers made for each path, so each starts as the plan says.
      customerId = await context.once('suggest-message:maria', async () => {
        const made = await api<{ customer: { id: string } }>('POST', '/api/customers', {
          name: CUSTOMER_NAME,
          phone: '(11) 98765-4321',
        });
        return made.customer.id;
      });
      const url = await pageFor(action.place);
      await page.goto(new URL(url, context.baseURL).toString());
      await page.getByRole('button', { name: 'Sugerir mensagem' }).waitFor();
    },
    async answerDraft(action) {
      if ('status' in action) {
        await held.suggest.answer({
          status: action.status,
          body: {
            success: false,
            error: action.error,
            code: action.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR',
          },
        });
        return;
      }
      const { window, ...draft } = action.draft as SuggestDraft;
      // The company of a fresh account has no WhatsApp: the customer's window is the path's.
      await held.window.always({
        status: 200,
        body: {
          success: true,
          data: {
            canSend: window?.canSend ?? true,
            windowClosesAt: window?.windowClosesAt ?? null,
            followUpsPausedAt: null,
            undeliverable: false,
          },
        },
      });
      // The advisor's route answers the path's draft, for the real Maria.
      await held.suggest.answer({
        status: 200,
        body: {
          success: true,
          data: {
            ...draft,
            customerId,
            sources: draft.sources.map((source) => ({
              ...source,
              id: customerId,
              href: `/customers/${customerId}`,
            })),
          },
        },
      });
    },
    async answerSend(action) {
      const route = await held.reply.next();
      last = textOf(route.request().postDataJSON());
      // The account cannot send on WhatsApp: the reply route's answers are served.
      await route.fulfill({
        status: action.status,
        contentType: 'application/json',
        body: JSON.stringify(
          action.status === 201
            ? { success: true, data: { message: { ...REPLY_MESSAGE, body: last } } }
            : { success: false, error: action.error, code: 'WHATSAPP_GRAPH_REFUSED' },
        ),
      });
    },
    async answerSchedule(action) {
      const calls = action.place === 'task' ? held.update : held.create;
      const route = await calls.next();
      last = textOf(route.request().postDataJSON());
      // The real server saves the follow-up; its failure on demand is served.
      if (action.status === 500)
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: action.error, code: 'INTERNAL_ERROR' }),
        });
      else {
        // The real server's answer, checked: the task it saved carries the follow-up.
        const real = await route.fetch();
        const answered = (await real.json()) as { data?: { task?: { referenceEntityName?: string | null } } };
        await route.fulfill({ response: real });
        if (answered.data?.task?.referenceEntityName !== 'follow_up_message')
          throw new Error(`the server saved no follow-up: ${real.status()} ${JSON.stringify(answered)}`);
      }
    },
    lastSentText: async () => last,
  };

  async function pageFor(place: SuggestPlace): Promise<string> {
    if (place === 'customer') return `/customers/${customerId}`;
    if (place === 'task') {
      const made = await api<{ task: { id: string } }>('POST', '/api/tasks', {
        title: 'Retornar o orçamento',
        dueAt: TASK_DUE_AT,
        customerId,
      });
      return `/tasks/${made.task.id}`;
    }
    // Absent stage: the first one.
    const made = await api<{ deal: { id: string } }>('POST', '/api/sales/deals', {
      title: 'Orçamento de manicure',
      valueCents: 12_000,
      customerId,
    });
    return `/sales/${made.deal.id}`;
  }
}

/**
 * "Sugerir mensagem" in Chromium against the real server: a fresh onboarded account, one per run,
 * Maria Silva made through the real API, a task or a deal of hers per path. POST
 * /api/advisor/suggest-message held with page.route and answered with the path's draft (the
 * advisor's route is another part's); the customer's window served as the draft's (the account has
 * no WhatsApp); the reply held and served (it cannot send); the task save held until its step lets
 * the real server save it (PUT on a task, POST elsewhere), its 500 served.
 */
export const suggestMessageBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/tasks/{id}, /sales/{id}, /customers/{id}',
  setup:
    'a fresh account made through the real sign-up and onboarded, one per run; Maria Silva made through the real API, ' +
    'a task or a deal of hers per path; the draft (POST /api/advisor/suggest-message) held and answered with the path’s draft ' +
    'with page.route, the customer’s window served as the draft says; the reply held and served (the account cannot send); ' +
    'the task save (PUT /api/tasks/{id}, POST /api/tasks) held until its step lets the real server save it, its 500 served',
  expectation: suggestMessageExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'suggest-message');
    const held: Held = {
      suggest: await HeldCalls.on(page, 'POST', '/api/advisor/suggest-message'),
      window: await HeldCalls.on(page, 'GET', /\/api\/customers\/[^/]+\/whatsapp$/),
      reply: await HeldCalls.on(page, 'POST', /\/api\/customers\/[^/]+\/messages$/),
      create: await HeldCalls.on(page, 'POST', /\/api\/tasks$/),
      update: await HeldCalls.on(page, 'PUT', /\/api\/tasks\/[^/]+$/),
    };
    // Until a draft says otherwise, the customer's window is the real server's.
    await held.window.always('real-server');
    runs.set(page, { driver: suggestMessageDriver(browserSurface(page), layerFor(page, context, held)) });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
