import type { Page } from 'playwright-core';
import { checkSessionContract } from '../../../contracts/session';
import {
  connectWhatsappContract,
  disconnectWhatsappContract,
  sendDisconnectFeedbackContract,
} from '../../../contracts/whatsapp-connection';
import { getWhatsappStatusContract } from '../../../contracts/whatsapp-status';
import type {
  WhatsappConnectionInput,
  WhatsappConnectionSnapshot,
} from '../../../machines/whatsapp/whatsapp-connection.machine';
import { QUERY_RETRIES } from '../../../src/lib/cache/query-client';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  actWhatsappConnectionStep,
  checkWhatsappConnectionStep,
  type WhatsappConnectionServer,
  whatsappConnectionExpectation,
} from '../../../tests/support/drivers/whatsapp-connection.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldCalls } from './held-calls';
import { perPage } from './per-page';

type WhatsappConnectionPath = ChartPath<WhatsappConnectionSnapshot, WhatsappConnectionInput>;

/** The simulator's signup page, which the app opens as Meta's popup (GET signup-config says so). */
const SIGNUP_PAGE = /\/dev\/whatsapp\/signup(\?|$)/;

const servers = perPage<WhatsappConnectionServer>('the WhatsApp connection');

/** The real session check, its coexistence flag set as the path's scenario has it. */
async function sessionWithCoexistence(page: Page, enabled: boolean): Promise<void> {
  await page.route(
    (url) => url.pathname === checkSessionContract.url,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data?: { featureFlags?: Record<string, boolean> } };
      if (body.data?.featureFlags) body.data.featureFlags.isMetaCoexistenceEnabled = enabled;
      await route.fulfill({ response, json: body });
    },
  );
}

async function browserConnection(page: Page, baseURL: string): Promise<WhatsappConnectionServer> {
  const status = await HeldCalls.on(page, 'GET', getWhatsappStatusContract.url);
  const connect = await HeldCalls.on(page, 'POST', connectWhatsappContract.url);
  const disconnect = await HeldCalls.on(page, 'DELETE', disconnectWhatsappContract.url);
  const feedback = await HeldCalls.on(page, 'POST', sendDisconnectFeedbackContract.url);
  // The popup stays on a blank page of the app's origin; the step posts what Meta's would.
  await page.context().route(SIGNUP_PAGE, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Facebook</title>',
    }),
  );
  let popup: Promise<Page> | null = null;
  let opened: Page | null = null;
  const origin = new URL(baseURL).origin;
  const postFromPopup = async (messages: unknown[]) => {
    opened ??= await popup!;
    await opened.evaluate(
      ({ messages, origin }) => {
        for (const message of messages) window.opener.postMessage(JSON.stringify(message), origin);
      },
      { messages, origin },
    );
  };
  const standing = async (body: unknown) => status.always({ status: 200, body });

  return {
    async open(url, coexistenceEnabled) {
      await sessionWithCoexistence(page, coexistenceEnabled);
      await page.goto(new URL(url, baseURL).toString());
    },
    async answerStatus(answer) {
      await status.answer({ status: 200, body: { success: true, data: answer } });
      await standing({ success: true, data: answer });
    },
    async failStatus() {
      await status.answerWithRetries(QUERY_RETRIES, {
        status: 500,
        body: { success: false, error: 'Erro interno do servidor.', code: 'INTERNAL_ERROR' },
      });
    },
    async statusElsewhere(answer) {
      await standing({ success: true, data: answer });
      // The tab comes back into view: the app reads the status again.
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    },
    async expectPopup(_mode, blocked) {
      opened = null;
      if (blocked) {
        popup = null;
        // The browser's popup blocker: window.open answers null, once.
        await page.evaluate(() => {
          const open = window.open;
          window.open = () => {
            window.open = open;
            return null;
          };
        });
        return;
      }
      popup = page.waitForEvent('popup');
    },
    async finishPopup(result) {
      await postFromPopup([
        {
          type: 'WA_EMBEDDED_SIGNUP',
          event: result.finish,
          data: {
            phone_number_id: result.phoneNumberId,
            waba_id: result.wabaId,
            business_id: result.businessId,
          },
        },
        { type: 'FB_LOGIN_RESULT', authResponse: { code: result.code } },
      ]);
      await opened!.close();
    },
    async cancelPopup(currentStep) {
      await postFromPopup([
        { type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL', data: { current_step: currentStep } },
        { type: 'FB_LOGIN_RESULT', authResponse: null },
      ]);
      await opened!.close();
    },
    async answerConnect(expected, code, body) {
      const url = new URL(opened?.url() ?? 'about:blank');
      if (url.searchParams.get('mode') !== expected.mode)
        throw new Error(`the popup opened ${url} for another mode than ${expected.mode}`);
      await connect.answerExpecting(expected, { status: code, body });
      if (code === 200) await standing(body);
    },
    async answerDisconnect(code, body) {
      await disconnect.answer({ status: code, body });
      if (code === 200) await standing(body);
    },
    async answerFeedback(expected, code, body) {
      await feedback.answerExpecting(expected, { status: code, body });
    },
    async goBack(to) {
      await page.evaluate(() => window.history.back());
      await page.waitForURL((url) => url.pathname === to, { timeout: 5000 }).catch(() => {});
      if (new URL(page.url()).pathname !== to) throw new Error(`Back went to ${page.url()}, not ${to}`);
    },
  };
}

/**
 * "Conexão WhatsApp" and its pages in the running app, for a fresh account. The status, connect,
 * disconnect and feedback calls are held with page.route and answered with the path's data: paths
 * start from statuses the real server reaches only through Meta (offboarded, being set up), and the
 * popup's code is the path's. The popup is the simulator's signup address, held on a blank page
 * from which the step posts Meta's messages (finish, cancel). GET signup-config is the real server's.
 */
export const whatsappConnectionDriver: BrowserDriver<WhatsappConnectionPath> = {
  page: '/settings/whatsapp-business-connection',
  setup:
    'a fresh onboarded account (chartAccount), shared by the run; the session check from the real server ' +
    'with the scenario’s coexistence flag put in by page.route; GET signup-config from the real server; ' +
    'GET status, POST/DELETE /api/whatsapp-connections and POST disconnect-feedback held and answered with ' +
    'page.route with the path’s data (statuses the real server reaches only through Meta, a fixed code); ' +
    'the popup (/dev/whatsapp/signup) held on a blank page that posts Meta’s messages as the step says; ' +
    'a blocked popup is window.open answering null',

  expectation: (path, index) => whatsappConnectionExpectation(path, index),

  async open(page, _url, context: ReplayContext) {
    await chartAccount(page, context, 'whatsapp-connection');
    servers.set(page, await browserConnection(page, context.baseURL));
  },

  act: (page, path, index) => actWhatsappConnectionStep(browserSurface(page), servers.of(page), path, index),
  check: (page, path, index) => checkWhatsappConnectionStep(browserSurface(page), path, index),
};
