import type { Page } from 'playwright-core';
import type { FollowUpMessage, FollowUpStatus } from '../../../contracts/tasks';
import { setFollowUpTemplateContract } from '../../../contracts/whatsapp-templates';
import { FOLLOW_UP_TEXT } from '../../../machines/follow-up-status/follow-up-status.paths';
import { REPLY_TEMPLATE } from '../../../machines/reply-box/reply-box.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type FollowUpStatusLayer,
  followUpStatusDriver,
  followUpStatusExpectation,
} from '../../../tests/support/drivers/follow-up-status.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { RealWhatsappConnections } from '../whatsapp-connections';
import { HeldCalls } from './held-calls';

const TASK_TITLE = 'Cobrar orçamento';
const HOUR_MS = 60 * 60 * 1000;
/** FOLLOW_UP_EXPIRY_HOURS of the e2e server (the default). */
const CUT_OFF_MS = 24 * HOUR_MS;
/**
 * A follow-up made due this long before the cut-off: the worker takes it (waiting for a connection)
 * well before, and the path then waits this long for the cut-off to pass, in real time.
 */
const BEFORE_CUT_OFF_MS = 8_000;
/** How long the worker, a webhook or Meta's pair rate (6 s) may take to move the follow-up. */
const SERVER_TIMEOUT_MS = 15_000;
const FOLLOW_UP_URL = /\/api\/followup\/[^/]+$/;

/** A number no other customer of the run (or of an earlier run on the same server) has. */
const freshPhone = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const iso = (ms: number) => new Date(ms).toISOString();

/** The company's WhatsApp number as it stands in the run (a path may connect another one). */
interface Connection {
  phoneNumberId: string | null;
}

/** Maria and her task as made on the real server for one path. */
interface Arranged {
  customerId: string;
  /** Her number as WhatsApp has it (55 + DDD + number). */
  waId: string;
  taskId: string;
  followUpId: string;
  /** When the cut-off passes, once the path made her follow-up due just before it. */
  cutOffAt: number | null;
}

/** The simulator's control API, as a tester drives it. */
async function simulator(page: Page, baseURL: string, path: string, body: unknown): Promise<unknown> {
  const response = await page.request.post(new URL(`/dev/whatsapp/api/${path}`, baseURL).toString(), {
    data: body,
  });
  if (!response.ok()) throw new Error(`the local Cloud API's ${path} answered ${response.status()}`);
  return ((await response.json()) as { data: unknown }).data;
}

/**
 * The company connected (a coexistence number: the owner also answers from the phone) through the
 * simulator's signup and the real connect route, its follow-up template chosen; once per run, and
 * again after a path disconnected it.
 */
async function ensureConnected(page: Page, context: ReplayContext, api: ApiCall): Promise<string> {
  const connection = await context.once<Connection>('follow-up-status:connection', async () => ({
    phoneNumberId: null,
  }));
  const connections = new RealWhatsappConnections(page, context.baseURL, api);
  if (connection.phoneNumberId && (await connections.status()).status === 'connected')
    return connection.phoneNumberId;
  await connections.disconnect();
  const { phoneNumberId } = await connections.connect(
    { displayName: 'Doces da Ana', phoneNumber: `55${freshPhone()}` },
    'coexistence',
  );
  await api('PUT', setFollowUpTemplateContract.url, {
    template: { name: REPLY_TEMPLATE.name, language: REPLY_TEMPLATE.language },
  });
  connection.phoneNumberId = phoneNumberId;
  return phoneNumberId;
}

interface Run {
  driver: ReturnType<typeof followUpStatusDriver>;
  path: ChartPath | null;
  index: number;
}

const runs = new WeakMap<Page, Run>();

function runFor(page: Page, context: ReplayContext, held: Held): Run {
  const { baseURL } = context;
  const api = apiOf(page, baseURL);
  let arranged: Arranged | null = null;
  let phoneNumberId = '';
  const maria = () => {
    if (!arranged) throw new Error('the path has not arranged Maria yet');
    return arranged;
  };
  const sim = (path: string, body: unknown) => simulator(page, baseURL, path, body);
  const read = async () =>
    (await api<{ followUpMessage: FollowUpMessage }>('GET', `/api/followup/${maria().followUpId}`))
      .followUpMessage;
  /** Waits until the real server holds the follow-up in `status`. */
  const serverSays = (status: FollowUpStatus) =>
    pollUntil(
      `the follow-up ${status} on the server`,
      read,
      (followUp) => followUp.status === status,
      SERVER_TIMEOUT_MS,
    );
  /** The owner, in another tab, moves the task (and so its follow-up) to `dueAt`. */
  const moveTask = (dueAt: string) =>
    api('PUT', `/api/tasks/${maria().taskId}`, {
      title: TASK_TITLE,
      dueAt,
      customerId: maria().customerId,
      followUpMessage: FOLLOW_UP_TEXT,
    });
  /** The owner writes to Maria from the app (a template: she never wrote): the pair rate starts. */
  const ownerReplies = () =>
    api('POST', `/api/customers/${maria().customerId}/messages`, {
      template: { name: REPLY_TEMPLATE.name, language: REPLY_TEMPLATE.language },
      parameters: ['Seu orçamento está pronto.'],
    });
  /** The owner answers Maria by hand from the phone: a coexistence echo, once the server took it. */
  const ownerAnswersFromPhone = async () => {
    await sim('echo', { phoneNumberId, to: maria().waId, text: 'Oi Maria, te respondo já!' });
    await pollUntil(
      "the echo pausing Maria's follow-ups",
      () => api<{ followUpsPausedAt: string | null }>('GET', `/api/customers/${maria().customerId}/whatsapp`),
      (whatsapp) => whatsapp.followUpsPausedAt !== null,
      SERVER_TIMEOUT_MS,
    );
  };
  const holdSends = (hold: boolean) => sim('hold-sends', { phoneNumberId, hold });
  const nextStatus = (): FollowUpStatus | null => {
    const { path, index } = run;
    const next = path?.steps[index + 1]?.event as { type: string; followUp?: FollowUpMessage } | undefined;
    return next?.type === 'CHANGED' ? next.followUp!.status : null;
  };

  /** Puts Maria's follow-up where the path starts, for real (see the driver's `setup`). */
  async function arrange(status: FollowUpStatus): Promise<void> {
    phoneNumberId = await ensureConnected(page, context, api);
    const phone = freshPhone();
    const { customer } = await api<{ customer: { id: string } }>('POST', '/api/customers', {
      name: 'Maria Silva',
      phone,
    });
    const waId = `55${phone}`;
    const now = Date.now();
    const dueAt = {
      scheduled: now + 48 * HOUR_MS,
      expired: now - CUT_OFF_MS - HOUR_MS,
      failed: now - 60_000,
      paused: now - 60_000,
    }[status as 'scheduled' | 'expired' | 'failed' | 'paused'];
    if (dueAt === undefined) throw new Error(`no path starts ${status}`);
    arranged = { customerId: customer.id, waId, taskId: '', followUpId: '', cutOffAt: null };
    if (status === 'expired') {
      // She wrote today: the window is open, so what goes out later is free text.
      await sim('customer-message', {
        phoneNumberId,
        from: waId,
        name: 'Maria Silva',
        text: 'Oi! E o orçamento?',
      });
      await pollUntil(
        "Maria's message through the webhook",
        () => api<{ windowClosesAt: string | null }>('GET', `/api/customers/${customer.id}/whatsapp`),
        (whatsapp) => whatsapp.windowClosesAt !== null,
        SERVER_TIMEOUT_MS,
      );
    }
    // Meta no longer has the template: its send is refused (132001).
    if (status === 'failed')
      await sim('send-faults', { phoneNumberId, faults: [{ code: 132001, to: waId, times: 1 }] });
    if (status === 'paused') await ownerAnswersFromPhone();
    const { task } = await api<{ task: { id: string; referenceEntityId: string | null } }>(
      'POST',
      '/api/tasks',
      { title: TASK_TITLE, dueAt: iso(dueAt), customerId: customer.id, followUpMessage: FOLLOW_UP_TEXT },
    );
    arranged.taskId = task.id;
    arranged.followUpId = task.referenceEntityId!;
    await serverSays(status);
  }

  const layer: FollowUpStatusLayer = {
    async open({ followUp }) {
      await arrange(followUp.status);
      await page.goto(new URL(`/tasks/${maria().taskId}`, baseURL).toString());
      await page.getByRole('heading', { name: 'Mensagem de follow-up', exact: true }).waitFor();
    },

    async serverMoves({ followUp }) {
      const current = await read();
      switch (followUp.status) {
        case 'cancelled':
          // The owner completes the task in another tab and brings it to now: the worker, taking
          // its follow-up, finds the task done.
          await api('POST', `/api/tasks/${maria().taskId}/complete`);
          await moveTask(iso(Date.now() - 60_000));
          break;
        case 'sending':
          // Meta is slow to answer: the send the worker starts stays on its way.
          await holdSends(true);
          if (current.status === 'scheduled' && Date.parse(current.scheduledFor) > Date.now())
            await moveTask(iso(Date.now() - 60_000));
          await serverSays('sending');
          break;
        case 'failed':
          await sim('send-faults', { phoneNumberId, faults: [{ code: 132001, to: maria().waId, times: 1 }] });
          await holdSends(false);
          break;
        case 'sent':
          // Maria's phone is off: Meta says sent, and nothing more yet.
          await sim('offline', { phone: maria().waId, offline: true });
          await holdSends(false);
          break;
        case 'delivered': {
          await sim('offline', { phone: maria().waId, offline: false });
          const query = new URLSearchParams({ phoneNumberId, customer: maria().waId });
          const response = await page.request.get(
            new URL(`/dev/whatsapp/api/conversation?${query}`, baseURL).toString(),
          );
          const { data } = (await response.json()) as {
            data: { messages: Array<{ wamid: string; direction: string }> };
          };
          const sent = data.messages.filter((m) => m.direction === 'to_customer').at(-1);
          if (!sent) throw new Error('nothing went to Maria on the local Cloud API');
          await sim('statuses', { phoneNumberId, wamid: sent.wamid, sequence: ['delivered'] });
          break;
        }
        case 'read':
          await sim('read', { phoneNumberId, customer: maria().waId });
          break;
        case 'scheduled':
          // The owner reschedules the task in another tab, to the day after tomorrow.
          await moveTask(iso(Date.now() + 48 * HOUR_MS));
          break;
        case 'paused':
          // Done while "Enviar agora" was answered (see `answer`): the worker's next claim pauses it.
          break;
        case 'waiting_connection': {
          // Maria's follow-ups resumed in another tab, the company's WhatsApp disconnected, and the
          // task brought to just before the cut-off: the worker finds no connection.
          await api('POST', `/api/customers/${maria().customerId}/follow-ups/resume`);
          await new RealWhatsappConnections(page, baseURL, api).disconnect();
          const dueAt = Date.now() - CUT_OFF_MS + BEFORE_CUT_OFF_MS;
          maria().cutOffAt = dueAt + CUT_OFF_MS;
          await moveTask(iso(dueAt));
          break;
        }
        case 'expired': {
          // The cut-off passes, then the company connects again: what waited that long expires.
          const left = (maria().cutOffAt ?? 0) - Date.now();
          if (left > -1000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
          phoneNumberId = await ensureConnected(page, context, api);
          break;
        }
      }
      await serverSays(followUp.status);
      await held.reads.always('real-server');
    },

    async answer(action) {
      const calls = action.command === 'send_now' ? held.sendNow : held.resume;
      if ('error' in action) {
        if (action.status === 500) {
          // The server cannot fail on demand: its 500 is served.
          await calls.answer({
            status: 500,
            body: { success: false, error: action.error, code: 'INTERNAL_ERROR' },
          });
          return;
        }
        // The owner sent it from another tab first: the page's own call is refused for real. The
        // page's readings wait (a slow network) so it still shows what it showed.
        await held.reads.always(undefined);
        await api('POST', `/api/followup/${maria().followUpId}/send-now`);
        await calls.answer('real-server');
        return;
      }
      const next = nextStatus();
      if (next === 'sending') {
        // Meta will be slow; the page's readings wait until the next step.
        await holdSends(true);
        await held.reads.always(undefined);
      }
      // The owner has just written to Maria from the app: Meta's pair rate holds the follow-up's
      // send back for 6 s, in which the owner also answers her from the phone (paused next).
      if (next === 'paused' || action.command === 'resume') await ownerReplies();
      await calls.answer('real-server');
      if (next === 'paused') {
        // Meta dates the echo in whole seconds: in the next one, it is surely after "Enviar agora".
        await new Promise((resolve) => setTimeout(resolve, 1050 - (Date.now() % 1000)));
        await ownerAnswersFromPhone();
      }
    },

    async times() {
      const { scheduledFor, sentAt } = await read();
      return { scheduledFor, sentAt };
    },
  };
  const run: Run = { driver: followUpStatusDriver(browserSurface(page), layer), path: null, index: 0 };
  return run;
}

interface Held {
  sendNow: HeldCalls;
  resume: HeldCalls;
  /** The page's readings of the follow-up: through to the real server unless a step holds them. */
  reads: HeldCalls;
}

/**
 * One follow-up on its task's page in Chromium, against the real server, its job worker and the
 * local Cloud API: every move of the follow-up brought about by its real cause (see `setup`), the
 * page told by the real followup.changed.
 */
export const followUpStatusBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/tasks/{id}',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded, one per run, its ' +
    "WhatsApp connected (coexistence) through the local Cloud API's signup and the real connect " +
    'route, the follow-up template chosen; per path a new customer Maria Silva and a task with a ' +
    'follow-up made through the real API, due in two days (scheduled), 25 h ago (expired: she wrote ' +
    'first, so it goes as text), or a minute ago with Meta refusing the template (132001, ' +
    'send-faults: failed) or after the owner answered her from the phone (echo: paused). Moves: ' +
    "Meta slow to answer (hold-sends) while sending; released for sent (her phone off: the simulator's " +
    'offline) or with 132001 queued (failed); delivered and read by the status webhooks (statuses, ' +
    'read); cancelled by completing the task and bringing it to now; scheduled again by rescheduling ' +
    'the task in another tab; waiting for a connection by resuming, disconnecting and bringing the ' +
    'task to 8 s before the cut-off (24 h), expired by connecting again once it passed; paused by ' +
    "the owner's reply from the app (Meta's pair rate holds the send 6 s) and an echo meanwhile. " +
    '"Enviar agora" and "Retomar follow-ups" held until their step, then answered by the real ' +
    "server (the 409: sent first from another tab, the page's readings of the follow-up held " +
    'meanwhile); only the 500 on resuming is served with page.route',
  expectation: followUpStatusExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'follow-up-status');
    const held: Held = {
      sendNow: await HeldCalls.on(page, 'POST', /\/api\/followup\/[^/]+\/send-now$/),
      resume: await HeldCalls.on(page, 'POST', /\/api\/customers\/[^/]+\/follow-ups\/resume$/),
      reads: await HeldCalls.on(page, 'GET', FOLLOW_UP_URL),
    };
    await held.reads.always('real-server');
    runs.set(page, runFor(page, context, held));
  },

  async act(page, path, index) {
    const run = runs.get(page)!;
    run.path = path;
    run.index = index;
    await run.driver.act(path, index);
  },
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
