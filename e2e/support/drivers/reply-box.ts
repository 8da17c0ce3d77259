import type { Page } from 'playwright-core';
import { REPLY_MESSAGE } from '../../../machines/reply-box/reply-box.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type ReplyBoxLayer,
  replyBoxDriver,
  replyBoxExpectation,
} from '../../../tests/support/drivers/reply-box.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

interface Run {
  driver: ReturnType<typeof replyBoxDriver>;
}

const runs = new WeakMap<Page, Run>();

async function layerFor(
  page: Page,
  context: { baseURL: string },
  customerId: string,
): Promise<ReplyBoxLayer> {
  let conversationReads = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/customers\/[^/]+\/conversation(\?|$)/.test(request.url()))
      conversationReads++;
  });
  const whatsapp = await HeldCalls.on(page, 'GET', /\/api\/customers\/[^/]+\/whatsapp$/);
  const templates = await HeldCalls.on(page, 'GET', '/api/whatsapp-connections/templates');
  const replies = await HeldCalls.on(page, 'POST', /\/api\/customers\/[^/]+\/messages$/);
  return {
    async open() {
      await page.goto(new URL(`/customers/${customerId}`, context.baseURL).toString());
      await page.getByRole('region', { name: 'Responder ao cliente' }).waitFor();
    },
    async answerLoad(action) {
      if ('status' in action) {
        await whatsapp.answer({
          status: 500,
          body: { success: false, error: action.error, code: 'INTERNAL_ERROR' },
        });
        return;
      }
      const { canSend, windowClosesAt, templates: approved } = action.setting;
      await whatsapp.answer({
        status: 200,
        body: {
          success: true,
          data: { canSend, windowClosesAt, followUpsPausedAt: null, undeliverable: false },
        },
      });
      if (canSend && windowClosesAt === null)
        await templates.answer({ status: 200, body: { success: true, data: { templates: approved } } });
    },
    async answerSend(action) {
      await replies.answer(
        action.status === 201
          ? { status: 201, body: { success: true, data: { message: REPLY_MESSAGE } } }
          : { status: 502, body: { success: false, error: action.error, code: 'WHATSAPP_GRAPH_REFUSED' } },
      );
    },
    conversationReads: async () => conversationReads,
  };
}

/**
 * The reply box on the customer page in Chromium: a fresh onboarded account with the customer
 * Maria Silva made through the real API; the page, the customer and the conversation from the real
 * server; the customer's window (GET /api/customers/{id}/whatsapp), the templates and the reply
 * (POST /api/customers/{id}/messages) held with page.route and served with the path's answers.
 */
export const replyBoxBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/customers/{id}',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded, one per run, with the ' +
    'customer Maria Silva made through the real API; the customer page and conversation from the real ' +
    "server; the customer's window, the templates and the reply held with page.route and served with " +
    "the path's answers (the window's state, a 500, a 201, Meta's 502)",
  expectation: replyBoxExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'reply-box');
    const made = await context.once('reply-box:customer', () =>
      apiOf(page, context.baseURL)<{ customer: { id: string } }>('POST', '/api/customers', {
        name: 'Maria Silva',
        phone: '11987654321',
      }),
    );
    const layer = await layerFor(page, context, made.customer.id);
    runs.set(page, { driver: replyBoxDriver(browserSurface(page), layer) });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
