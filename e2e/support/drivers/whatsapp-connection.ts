import type { Page } from 'playwright-core';
import { checkSessionContract } from '../../../contracts/session';
import {
  connectWhatsappContract,
  disconnectWhatsappContract,
  sendDisconnectFeedbackContract,
} from '../../../contracts/whatsapp-connection';
import { getWhatsappStatusContract, type WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import type {
  WhatsappConnectionInput,
  WhatsappConnectionSnapshot,
} from '../../../machines/whatsapp/whatsapp-connection.machine';
import {
  connectedStatus,
  labels,
  planWhatsappConnectionStep,
  type WhatsappConnectionUserAction,
} from '../../../machines/whatsapp/whatsapp-connection.paths';
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
import { apiOf } from '../owner-api';
import { connectionBudgets, RealWhatsappConnections } from '../whatsapp-connections';
import { HeldCalls, type HeldReply } from './held-calls';
import { perPage } from './per-page';

type WhatsappConnectionPath = ChartPath<WhatsappConnectionSnapshot, WhatsappConnectionInput>;

/** The popup's fields and buttons (server/integrations/whatsapp/simulator/signup-page.ts). */
const popup = {
  businessName: 'Nome da empresa',
  phone: 'Número do WhatsApp (com DDI e DDD)',
  existing: 'Ou um número simulado já criado',
  fault: 'Ao registrar o número',
  finish: 'Concluir',
  finishOnlyWaba: 'Concluir só a conta (sem número)',
  cancel: 'Cancelar',
} as const;

/** The simulator's register faults, by the problem code the server then reports. */
const registerFaultFor: Record<string, string> = {
  '133005': 'pin_mismatch',
  '133016': 'too_many_attempts',
  '133010': 'pending_review',
};

/** Waits (real time, up to 5 s) until `done` says yes; throws `why` otherwise. */
async function until(done: () => boolean | Promise<boolean>, why: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(why);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Where a replay is: `act` tells the server adapter, which looks at the steps ahead. */
interface Position {
  path: WhatsappConnectionPath;
  index: number;
}

interface BrowserConnection extends WhatsappConnectionServer {
  /** Before each step: on the first, the company is put in the status the load will answer. */
  at(position: Position): Promise<void>;
}

const servers = perPage<BrowserConnection>('the WhatsApp connection');

/**
 * The real session check, its coexistence flag set as the path's scenario has it: the flag is the
 * company's, turned on by Meta's side of the business (there is no call to set it).
 */
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

/** Step `index`'s first action of kind `kind`, if the path has such a step. */
function actionAt<K extends WhatsappConnectionUserAction['do']>(
  position: Position,
  index: number,
  kind: K,
): Extract<WhatsappConnectionUserAction, { do: K }> | undefined {
  if (index >= position.path.steps.length) return undefined;
  return planWhatsappConnectionStep(position.path, index).actions.find(
    (action): action is Extract<WhatsappConnectionUserAction, { do: K }> => action.do === kind,
  );
}

/**
 * Another company of the run with a number connected for real: the number the popup picks when
 * the path's server refuses it as connected elsewhere (409 WHATSAPP_NUMBER_IN_USE).
 */
function rivalNumber(page: Page, context: ReplayContext): Promise<string> {
  return context.once('whatsapp-connection:rival-number', async () => {
    const browser = page.context().browser()!;
    const rival = await browser.newContext({ baseURL: context.baseURL });
    try {
      const rivalPage = await rival.newPage();
      await chartAccount(rivalPage, context, 'whatsapp-rival');
      const connections = new RealWhatsappConnections(
        rivalPage,
        context.baseURL,
        apiOf(rivalPage, context.baseURL),
      );
      await connections.disconnect();
      const { phoneNumberId } = await connections.connect(
        { displayName: 'Outra Empresa', phoneNumber: '5521999990000' },
        'cloud_api',
      );
      return phoneNumberId;
    } finally {
      await rival.close();
    }
  });
}

/**
 * Held until its step, then let through to the real server; a reply the real server cannot give on
 * demand (`reachable` false) is served instead.
 */
function realOrHeld(reachable: boolean, status: number, body: unknown): HeldReply {
  return reachable ? 'real-server' : { status, body };
}

/**
 * The run's accounts, taken in turn by its paths: each path connects and disconnects a few times,
 * and two companies keep a run under the server's 10 a minute per company without waiting.
 */
const ACCOUNTS = ['whatsapp-connection', 'whatsapp-connection-2'] as const;

async function browserConnection(
  page: Page,
  context: ReplayContext,
  account: string,
): Promise<BrowserConnection> {
  const { baseURL } = context;
  // A company's rate budgets last as long as the run.
  const budgets = await context.once(`${account}:budgets`, async () => connectionBudgets());
  const connections = new RealWhatsappConnections(page, baseURL, apiOf(page, baseURL), budgets);
  /** Held until its step, then let through once the company has a turn (`budget`). */
  const released = async (budget: keyof typeof budgets, reply: HeldReply): Promise<HeldReply> => {
    if (reply === 'real-server') await budgets[budget].take();
    return reply;
  };
  const status = await HeldCalls.on(page, 'GET', getWhatsappStatusContract.url);
  const connect = await HeldCalls.on(page, 'POST', connectWhatsappContract.url);
  const disconnect = await HeldCalls.on(page, 'DELETE', disconnectWhatsappContract.url);
  const feedback = await HeldCalls.on(page, 'POST', sendDisconnectFeedbackContract.url);
  let position: Position | null = null;
  /** Whether the company's status on the server is the one the path's load answers. */
  let arranged = false;
  let popupOpening: Promise<Page> | null = null;
  let opened: Page | null = null;
  const popupPage = async () => {
    opened ??= await popupOpening!;
    await opened.waitForLoadState();
    return opened;
  };

  /** The connect answer the step after `index` gives (what the popup must lead the server to). */
  const nextConnectAnswer = (index: number) => actionAt(position!, index + 1, 'answer-connect');

  return {
    async at(now) {
      position = now;
      if (now.index !== 0) return;
      // The popup lists the numbers there are when it opens: the rival's must be made before.
      const inUse = now.path.steps.some(
        (_, index) =>
          (actionAt(now, index, 'answer-connect')?.body as { code?: string } | undefined)?.code ===
          'WHATSAPP_NUMBER_IN_USE',
      );
      if (inUse) await rivalNumber(page, context);
      const load = actionAt(now, 1, 'answer-status');
      if (load) arranged = await connections.arrange(load.status);
      else {
        arranged = false;
        await connections.disconnect();
      }
    },
    async open(url, coexistenceEnabled) {
      await sessionWithCoexistence(page, coexistenceEnabled);
      await page.goto(new URL(url, baseURL).toString());
    },
    async answerStatus(answer) {
      const reply = realOrHeld(arranged, 200, { success: true, data: answer });
      await status.answer(reply);
      await status.always(reply);
    },
    async failStatus() {
      // A 500 the real server gives only when broken.
      await status.answerWithRetries(QUERY_RETRIES, {
        status: 500,
        body: { success: false, error: 'Erro interno do servidor.', code: 'INTERNAL_ERROR' },
      });
    },
    async statusElsewhere(answer) {
      // Another tab (or Meta) changed it for real; the socket's event or this refetch reads it.
      if (!(await connections.arrange(answer))) throw new Error(`cannot make the status ${answer.status}`);
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    },
    async expectPopup(_mode, blocked) {
      opened = null;
      if (blocked) {
        popupOpening = null;
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
      popupOpening = page.waitForEvent('popup');
    },
    async finishPopup(result) {
      const signup = await popupPage();
      const answer = nextConnectAnswer(position!.index);
      const answered = (answer?.body as { data?: WhatsappConnectionState } | undefined)?.data;
      const refusal = (answer?.body as { code?: string } | undefined)?.code;
      if (refusal === 'WHATSAPP_NUMBER_IN_USE') {
        await signup.getByLabel(popup.existing).selectOption(await rivalNumber(page, context));
      } else {
        await signup
          .getByLabel(popup.businessName)
          .fill(answered?.displayName ?? connectedStatus.displayName!);
        await signup.getByLabel(popup.phone).fill(answered?.phoneNumber ?? connectedStatus.phoneNumber!);
      }
      const fault =
        answered?.status === 'not_ready' ? registerFaultFor[answered.problem?.code ?? ''] : undefined;
      if (fault) await signup.getByLabel(popup.fault).selectOption(fault);
      const closed = signup.waitForEvent('close');
      const sent = connect.requests.length;
      await signup
        .getByRole('button', {
          name: result.finish === 'FINISH_ONLY_WABA' ? popup.finishOnlyWaba : popup.finish,
          exact: true,
        })
        .click();
      // Its last page posts Meta's messages to the app, then closes. The app's watch for a closed
      // popup runs on the page's paused clock: the step ends once the messages are in (the app
      // sent the code), so no later tick of that clock can take the closed popup for a cancel.
      await closed;
      await until(() => connect.requests.length > sent, 'the app did not send the popup’s code');
    },
    async cancelPopup() {
      const signup = await popupPage();
      const closed = signup.waitForEvent('close');
      await signup.getByRole('button', { name: popup.cancel, exact: true }).click();
      await closed;
      // As above: the cancel message is in once the page offers the popup again.
      const start = page.getByRole('button', { name: labels.start, exact: true });
      await until(() => start.isEnabled().catch(() => false), 'the app did not take the popup’s cancel');
    },
    async answerConnect(expected, code, body) {
      const answered = (body as { data?: WhatsappConnectionState }).data;
      const reachable =
        code === 200
          ? answered?.status === 'connected' || answered?.status === 'not_ready'
          : (body as { code?: string }).code === 'WHATSAPP_NUMBER_IN_USE';
      await connect.answerChecked(
        (request) => {
          // The code and ids are the popup's own; what the path fixes is the mode and how it ended.
          const sent = request.postDataJSON() as Record<string, unknown>;
          const finishes =
            expected.mode === 'coexistence' ? ['FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING'] : [expected.finish];
          const problems = [
            sent.mode === expected.mode ? null : `mode ${String(sent.mode)}, not ${expected.mode}`,
            finishes.includes(sent.finish as never) ? null : `finish ${String(sent.finish)}`,
            typeof sent.code === 'string' && sent.code !== '' ? null : 'no code',
            typeof sent.wabaId === 'string' ? null : 'no wabaId',
          ].filter(Boolean);
          return problems.length ? `POST ${connectWhatsappContract.url} sent ${problems.join(', ')}` : null;
        },
        await released('connect', realOrHeld(reachable, code, body)),
      );
    },
    async answerDisconnect(code, body) {
      // Meta out of reach while revoking (503) is not something the simulator does on demand.
      await disconnect.answer(await released('disconnect', realOrHeld(code === 200, code, body)));
    },
    async answerFeedback(expected, code, body) {
      await feedback.answerExpecting(
        expected,
        await released('feedback', realOrHeld(code === 200, code, body)),
      );
    },
    async goBack(to) {
      await page.evaluate(() => window.history.back());
      await page.waitForURL((url) => url.pathname === to, { timeout: 5000 }).catch(() => {});
      if (new URL(page.url()).pathname !== to) throw new Error(`Back went to ${page.url()}, not ${to}`);
    },
  };
}

/**
 * "Conexão WhatsApp" and its pages in the running app, for a fresh account, against the real
 * server and the local Cloud API: the company is put in the path's first status for real before
 * the page opens, the popup is the simulator's signup page, filled in and finished or cancelled
 * as the step says, and the server connects, disconnects and takes the feedback. The calls are held
 * with page.route only so each step sees the screen while its call is on its way, then let through.
 */
export const whatsappConnectionDriver: BrowserDriver<WhatsappConnectionPath> = {
  page: '/settings/whatsapp-business-connection',
  setup:
    'two fresh onboarded accounts (chartAccount), taken in turn by the run’s paths (each company may ' +
    'connect and disconnect 10 times a minute: a call waits for its turn); before each path its connection is ' +
    'put in the path’s first status for real (disconnected with DELETE; connected through the local ' +
    'Cloud API’s signup page and POST /api/whatsapp-connections; offboarded by the simulator’s ' +
    'ACCOUNT_OFFBOARDED webhook); the popup is the real /dev/whatsapp/signup, finished (a register fault ' +
    'for a number not ready; for a number in use, another account’s connected number) or cancelled; ' +
    'GET status, POST/DELETE /api/whatsapp-connections and POST disconnect-feedback held with page.route ' +
    'until their step, then answered by the real server — except what it cannot give on demand, served ' +
    'with page.route: the status 500, a connect left "connecting" or ended in error (an expired code), ' +
    'the disconnect’s 503 (Meta out of reach) and the feedback’s 500; the session check with the ' +
    'scenario’s coexistence flag put in by page.route; a blocked popup is window.open answering null',

  expectation: (path, index) => whatsappConnectionExpectation(path, index),

  async open(page, _url, context: ReplayContext) {
    const turns = await context.once('whatsapp-connection:turns', async () => ({ taken: 0 }));
    const account = ACCOUNTS[turns.taken++ % ACCOUNTS.length]!;
    await chartAccount(page, context, account);
    servers.set(page, await browserConnection(page, context, account));
  },

  async act(page, path, index) {
    const server = servers.of(page);
    await server.at({ path, index });
    return actWhatsappConnectionStep(browserSurface(page), server, path, index);
  },
  check: (page, path, index) => checkWhatsappConnectionStep(browserSurface(page), path, index),
};
