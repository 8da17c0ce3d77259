import type { Page } from 'playwright-core';
import { AI_SUGGESTION_ALREADY_DECIDED_TEXT, type AiSuggestion } from '../../../contracts/ai-suggestions';
import type { SessionCheck } from '../../../contracts/session';
import { SUGGESTION_REASON, SUGGESTION_TITLE } from '../../../machines/ai-suggestion/ai-suggestion.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type AiSuggestionLayer,
  aiSuggestionDriver,
  aiSuggestionExpectation,
} from '../../../tests/support/drivers/ai-suggestion.driver';
import { completeSignup, connectBody } from '../../../tests/support/whatsapp-signup';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { apiOf } from '../owner-api';
import { pollUntil } from '../poll';
import { HeldCalls } from './held-calls';

/** The customer who writes, and what she writes: the offline watcher proposes the path's task. */
const CUSTOMER_NAME = 'Mariana Souza';
const CUSTOMER_TEXT = 'Oi! Pode me mandar o orçamento amanhã às 10h?';

/** The watcher waits for the customer to stop writing (4 s), then its job runs. */
const SUGGESTION_TIMEOUT_MS = 20_000;

interface Run {
  driver: ReturnType<typeof aiSuggestionDriver>;
}

const runs = new WeakMap<Page, Run>();

interface Held {
  accept: HeldCalls;
  dismiss: HeldCalls;
}

/**
 * The run's company, ready once: its WhatsApp connected through the local Cloud API's signup page
 * and the conversation watcher turned on through /dev/ai-watcher.
 */
function watchedCompany(page: Page, context: ReplayContext): Promise<string> {
  const api = apiOf(page, context.baseURL);
  return context.once('ai-suggestion:company', async () => {
    const signup = await completeSignup(context.baseURL, {
      phone: `55119${String(Date.now()).slice(-8)}`,
      businessName: 'Sugestões Replay',
    });
    await api('POST', '/api/whatsapp-connections', connectBody(signup));
    const phoneNumberId = signup.data.phone_number_id;
    if (!phoneNumberId) throw new Error('the local Cloud API handed no phone number id');
    const session = await api<SessionCheck>('GET', '/api/session/check');
    if (!session.company) throw new Error('the account has no company');
    const flag = await page.request.post(new URL('/dev/ai-watcher', context.baseURL).toString(), {
      form: { companyId: session.company.id, enabled: '1' },
    });
    if (!flag.ok()) throw new Error(`/dev/ai-watcher answered ${flag.status()}`);
    return phoneNumberId;
  });
}

function layerFor(page: Page, context: ReplayContext, held: Held): AiSuggestionLayer {
  const api = apiOf(page, context.baseURL);
  const pending = async () =>
    (await api<{ suggestions: AiSuggestion[] }>('GET', '/api/ai-suggestions')).suggestions;
  return {
    async open() {
      const phoneNumberId = await watchedCompany(page, context);
      // An earlier path's suggestion its 409 left pending goes first: the card is this path's alone.
      for (const left of await pending()) await api('POST', `/api/ai-suggestions/${left.id}/dismiss`);
      // Mariana writes from a number of her own for each path; the real watcher makes the suggestion.
      const message = await page.request.post(
        new URL('/dev/whatsapp/api/customer-message', context.baseURL).toString(),
        {
          data: {
            phoneNumberId,
            from: `55219${String(Date.now()).slice(-8)}`,
            name: CUSTOMER_NAME,
            text: CUSTOMER_TEXT,
          },
        },
      );
      if (!message.ok()) throw new Error(`the local Cloud API answered ${message.status()}`);
      const [made] = await pollUntil(
        'the watcher’s suggestion',
        pending,
        (list) => list.length > 0,
        SUGGESTION_TIMEOUT_MS,
      );
      if (made?.reason !== SUGGESTION_REASON || made.task?.description !== SUGGESTION_TITLE)
        throw new Error(`the watcher proposed ${JSON.stringify(made)}`);
      await page.goto(new URL('/home', context.baseURL).toString());
      await page.locator('li.ai-suggestion').waitFor();
    },
    async answer(action) {
      // The real server decides; the 409 of a suggestion decided elsewhere is served.
      await held[action.call].answer(
        action.status === 200
          ? 'real-server'
          : {
              status: 409,
              body: { success: false, error: AI_SUGGESTION_ALREADY_DECIDED_TEXT, code: 'CONFLICT' },
            },
      );
    },
  };
}

/**
 * The watcher's suggestion card on /home in Chromium against the real server: a fresh onboarded
 * account, one per run, its WhatsApp connected on the local Cloud API and the watcher flag on; per
 * path Mariana Souza writes from a new number through the simulator's inbound webhook and the real
 * (offline) watcher proposes "Responder orçamento — Mariana Souza". Accept and dismiss held with
 * page.route until their step: let through to the real server, or their 409 served.
 */
export const aiSuggestionBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/home',
  setup:
    'a fresh account made through the real sign-up and onboarded, one per run, its WhatsApp connected on the local ' +
    'Cloud API and the watcher turned on at /dev/ai-watcher; per path an inbound message from Mariana Souza through ' +
    'the simulator’s webhook, analysed by the real offline watcher (pending suggestions of earlier paths dismissed ' +
    'through the API first); POST /api/ai-suggestions/{id}/accept and /dismiss held with page.route until their step, ' +
    'then let through to the real server or their 409 served',
  expectation: aiSuggestionExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'ai-suggestion');
    const held: Held = {
      accept: await HeldCalls.on(page, 'POST', /\/api\/ai-suggestions\/[^/]+\/accept$/),
      dismiss: await HeldCalls.on(page, 'POST', /\/api\/ai-suggestions\/[^/]+\/dismiss$/),
    };
    runs.set(page, { driver: aiSuggestionDriver(browserSurface(page), layerFor(page, context, held)) });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
