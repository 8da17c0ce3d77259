import type { Page } from 'playwright-core';
import {
  listWhatsappTemplatesContract,
  setFollowUpTemplateContract,
} from '../../../contracts/whatsapp-templates';
import {
  planReplyBoxStep,
  REPLY_TEMPLATE,
  REPLY_TEXT,
  TEMPLATE_PARAMETER,
} from '../../../machines/reply-box/reply-box.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type ReplyBoxLayer,
  replyBoxDriver,
  replyBoxExpectation,
} from '../../../tests/support/drivers/reply-box.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { RealWhatsappConnections } from '../whatsapp-connections';
import { HeldCalls } from './held-calls';

/** Meta's spam limit: the real server answers it 502 with its own words for it. */
const REFUSAL_CODE = 131048;
/** How long the webhook of the customer's message, or the reply's send, may take. */
const SERVER_TIMEOUT_MS = 15_000;
/**
 * A path whose window closes with the box open: the customer wrote this long less than 24 hours
 * ago (Meta's timestamp), so the window really ends while the path runs (within the test's 30 s).
 */
const CLOSING_WINDOW_S = 15;
const CLOSES = 'xstate.after.windowCloses.replyBox.text';
const WHATSAPP_URL = /\/api\/customers\/[^/]+\/whatsapp$/;

/** What a path starts from on the real server: the company, its number and the customer. */
interface Arranged {
  customerId: string;
  /** The customer's number as WhatsApp has it (55 + DDD + number). */
  waId: string;
  phoneNumberId: string | null;
  windowClosesAt: string | null;
}

/** A number no other customer of the run (or of an earlier run on the same server) has. */
const freshPhone = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The connected company's number: connected once per run through the simulator's signup. */
function connectedNumber(page: Page, context: ReplayContext, api: ApiCall): Promise<string> {
  return context.once('reply-box:connection', async () => {
    const connections = new RealWhatsappConnections(page, context.baseURL, api);
    const { phoneNumberId } = await connections.connect(
      { displayName: 'Doces da Ana', phoneNumber: `55${freshPhone()}` },
      'cloud_api',
    );
    await api('PUT', setFollowUpTemplateContract.url, {
      template: { name: REPLY_TEMPLATE.name, language: REPLY_TEMPLATE.language },
    });
    return phoneNumberId;
  });
}

/** The simulator's control API, as a tester drives it. */
async function simulator(page: Page, baseURL: string, path: string, body: unknown): Promise<unknown> {
  const response = await page.request.post(new URL(`/dev/whatsapp/api/${path}`, baseURL).toString(), {
    data: body,
  });
  if (!response.ok()) throw new Error(`the local Cloud API's ${path} answered ${response.status()}`);
  return response.json();
}

/**
 * Puts the server where `path` starts, for real: its first load answer says whether the company can
 * send (connected or not) and whether the window is open (the customer wrote through the simulator,
 * the webhook reached the server) or closed (a customer who never wrote); a path whose send fails
 * has Meta refuse that customer's next message (the simulator's send-faults).
 */
async function arrange(page: Page, context: ReplayContext, path: ChartPath): Promise<Arranged> {
  const load = planReplyBoxStep(path as never, 1).actions[0];
  if (load?.do !== 'answer-load') throw new Error('a reply-box path starts with the load');
  const connected = 'setting' in load && load.setting.canSend;
  await chartAccount(page, context, connected ? 'reply-box-connected' : 'reply-box');
  const api = apiOf(page, context.baseURL);
  const phoneNumberId = connected ? await connectedNumber(page, context, api) : null;
  const phone = freshPhone();
  const { customer } = await api<{ customer: { id: string } }>('POST', '/api/customers', {
    name: 'Maria Silva',
    phone,
  });
  const arranged: Arranged = {
    customerId: customer.id,
    waId: `55${phone}`,
    phoneNumberId,
    windowClosesAt: null,
  };
  if (!phoneNumberId || !('setting' in load)) return arranged;
  if (load.setting.windowClosesAt) {
    const closing = path.steps.some((step) => step.event.type === CLOSES);
    arranged.windowClosesAt = await customerWrites(
      page,
      context.baseURL,
      arranged,
      closing ? 24 * 60 * 60 - CLOSING_WINDOW_S : 0,
    );
  }
  if (path.steps.some((step) => step.event.type === 'xstate.error.actor.sendReply')) {
    await simulator(page, context.baseURL, 'send-faults', {
      phoneNumberId,
      faults: [{ code: REFUSAL_CODE, to: arranged.waId, times: 1 }],
    });
  }
  return arranged;
}

/**
 * Maria writes through the simulator (`secondsAgo` back in Meta's timestamp); the window's new end
 * once the webhook reached the server.
 */
async function customerWrites(
  page: Page,
  baseURL: string,
  arranged: Arranged,
  secondsAgo: number,
): Promise<string> {
  const api = apiOf(page, baseURL);
  const read = () =>
    api<{ windowClosesAt: string | null }>('GET', `/api/customers/${arranged.customerId}/whatsapp`);
  const before = (await read()).windowClosesAt;
  await simulator(page, baseURL, 'customer-message', {
    phoneNumberId: arranged.phoneNumberId,
    from: arranged.waId,
    name: 'Maria Silva',
    text: 'Oi! Posso buscar o bolo amanhã?',
    ...(secondsAgo > 0 && { sentSecondsAgo: secondsAgo }),
  });
  const whatsapp = await pollUntil(
    "the customer's message through the webhook",
    read,
    (state) => state.windowClosesAt !== null && state.windowClosesAt !== before,
    SERVER_TIMEOUT_MS,
  );
  return whatsapp.windowClosesAt!;
}

interface SimulatedMessage {
  direction: string;
  type: string;
  text: string | null;
}

/** The reply really went out: on the simulator's side, and in the app's conversation timeline. */
async function expectReplyDelivered(page: Page, baseURL: string, arranged: Arranged, mode: string) {
  const sent =
    mode === 'text'
      ? (m: SimulatedMessage) => m.type === 'text' && m.text === REPLY_TEXT
      : (m: SimulatedMessage) => m.type === 'template' && m.text === `[modelo ${REPLY_TEMPLATE.name}]`;
  await pollUntil(
    'the reply on the local Cloud API',
    async () => {
      const query = new URLSearchParams({ phoneNumberId: arranged.phoneNumberId!, customer: arranged.waId });
      const response = await page.request.get(
        new URL(`/dev/whatsapp/api/conversation?${query}`, baseURL).toString(),
      );
      const { data } = (await response.json()) as { data: { messages: SimulatedMessage[] } };
      return data.messages.filter((m) => m.direction === 'to_customer');
    },
    (messages) => messages.length === 1 && sent(messages[0]!),
    SERVER_TIMEOUT_MS,
  );
  await page
    .getByRole('region', { name: 'Conversa no WhatsApp' })
    .getByText(mode === 'text' ? REPLY_TEXT : TEMPLATE_PARAMETER, { exact: true })
    .waitFor({ timeout: SERVER_TIMEOUT_MS });
}

interface Run {
  driver: ReturnType<typeof replyBoxDriver>;
  arrange(path: ChartPath): Promise<void>;
}

const runs = new WeakMap<Page, Run>();

async function runFor(page: Page, context: ReplayContext): Promise<Run> {
  let arranged: Arranged | null = null;
  let mode = 'text';
  let conversationReads = 0;
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/customers\/[^/]+\/conversation(\?|$)/.test(request.url()))
      conversationReads++;
  });
  // Held until the path's step, then let through to the real server: the owner sees "Carregando..."
  // first. Only a 500 on the window's load is served instead: the server cannot fail it on demand.
  const whatsapp = await HeldCalls.on(page, 'GET', WHATSAPP_URL);
  const templates = await HeldCalls.on(page, 'GET', listWhatsappTemplatesContract.url);
  const replies = await HeldCalls.on(page, 'POST', /\/api\/customers\/[^/]+\/messages$/);
  const layer: ReplyBoxLayer = {
    async open() {
      await page.goto(new URL(`/customers/${arranged!.customerId}`, context.baseURL).toString());
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
      mode = action.setting.canSend && action.setting.windowClosesAt === null ? 'template' : 'text';
      await whatsapp.answer('real-server');
      if (mode === 'template') await templates.answer('real-server');
    },
    async customerWrites() {
      // The app reads the window again when the server's realtime event arrives: let that through.
      const read = page.waitForResponse(
        (response) => response.request().method() === 'GET' && WHATSAPP_URL.test(response.url()),
        { timeout: SERVER_TIMEOUT_MS },
      );
      await whatsapp.always('real-server');
      arranged!.windowClosesAt = await customerWrites(page, context.baseURL, arranged!, 0);
      await read;
      await whatsapp.always(undefined);
      mode = 'text';
    },
    async windowPasses() {
      const left = Date.parse(arranged!.windowClosesAt!) - Date.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, left) + 500));
    },
    async answerTemplates(action) {
      if ('status' in action) {
        await templates.answer({
          status: 500,
          body: { success: false, error: action.error, code: 'INTERNAL_ERROR' },
        });
        return;
      }
      mode = 'template';
      await templates.answer('real-server');
    },
    async answerSend(action) {
      await replies.answer('real-server');
      if (action.status === 201) await expectReplyDelivered(page, context.baseURL, arranged!, mode);
    },
    conversationReads: async () => conversationReads,
    windowClosesAt: () => arranged?.windowClosesAt ?? null,
  };
  return {
    driver: replyBoxDriver(browserSurface(page), layer),
    async arrange(path) {
      arranged = await arrange(page, context, path);
    },
  };
}

/**
 * The reply box on the customer page in Chromium, against the real server and the local Cloud API:
 * each path's company, number and customer made for real (see `arrange`), the window's load and the
 * reply held until their step and then answered by the real server.
 */
export const replyBoxBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/customers/{id}',
  setup:
    'two fresh accounts made through the real sign-up (dev outbox) and onboarded, one per run: one ' +
    "without WhatsApp, one connected through the local Cloud API's signup and the real connect route " +
    '(its follow-up template chosen); per path a new customer Maria Silva made through the real API, ' +
    `who wrote through the simulator (window open; ${CLOSING_WINDOW_S} s before it ends by Meta's ` +
    'timestamp when the path sees it close) or never did (window closed), and writes again during the ' +
    "path (the real realtime event); Meta's refusal (131048) from the simulator's send-faults; the " +
    "window's load, the templates and the reply held until their step and answered by the real " +
    'server, except the 500s on the load and on the templates, served with page.route',
  expectation: replyBoxExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    runs.set(page, await runFor(page, context));
  },

  async act(page, path, index) {
    const run = runs.get(page)!;
    if (index === 0) await run.arrange(path);
    await run.driver.act(path, index);
  },
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
