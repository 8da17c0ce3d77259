import type { Page } from 'playwright-core';
import {
  type FollowUpTemplate,
  getFollowUpTemplateContract,
  listWhatsappTemplatesContract,
  setFollowUpTemplateContract,
} from '../../../contracts/whatsapp-templates';
import { LOADED, OTHER_TEMPLATE } from '../../../machines/follow-up-template/follow-up-template.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  CARD_HEADING,
  type FollowUpTemplateLayer,
  followUpTemplateDriver,
  followUpTemplateExpectation,
} from '../../../tests/support/drivers/follow-up-template.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { RealWhatsappConnections } from '../whatsapp-connections';
import { HeldCalls } from './held-calls';

const PAGE = '/settings/whatsapp-business-connection';

/** A number no other company of the run (or of an earlier run on the same server) has. */
const freshPhone = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Meta's status for the other template: approved, or paused (the server then refuses it). */
async function setOtherTemplate(page: Page, baseURL: string, phoneNumberId: string, status: string) {
  const response = await page.request.post(new URL('/dev/whatsapp/api/templates', baseURL).toString(), {
    data: {
      phoneNumberId,
      templates: [
        {
          name: OTHER_TEMPLATE.name,
          language: OTHER_TEMPLATE.language,
          status,
          category: OTHER_TEMPLATE.category,
          body: OTHER_TEMPLATE.body,
        },
      ],
    },
  });
  if (!response.ok()) throw new Error(`the local Cloud API's templates answered ${response.status()}`);
}

/** The company's number: connected once per run through the simulator's signup and the real route. */
function connectedNumber(page: Page, context: ReplayContext, api: ApiCall): Promise<string> {
  return context.once('follow-up-template:connection', async () => {
    const connections = new RealWhatsappConnections(page, context.baseURL, api);
    const { phoneNumberId } = await connections.connect(
      { displayName: 'Doces da Ana', phoneNumber: freshPhone() },
      'cloud_api',
    );
    return phoneNumberId;
  });
}

interface Run {
  driver: ReturnType<typeof followUpTemplateDriver>;
  arrange(): Promise<void>;
}

const runs = new WeakMap<Page, Run>();

async function runFor(page: Page, context: ReplayContext): Promise<Run> {
  let phoneNumberId = '';
  let api: ApiCall | null = null;
  // Held until the path's step, then let through to the real server: the owner sees "Carregando
  // modelos..." and "Salvando..." first. Only the templates' 503 (Meta out of reach) is served.
  const templates = await HeldCalls.on(page, 'GET', listWhatsappTemplatesContract.url);
  const current = await HeldCalls.on(page, 'GET', getFollowUpTemplateContract.url);
  const saves = await HeldCalls.on(page, ['PUT', 'DELETE'], getFollowUpTemplateContract.url);
  const layer: FollowUpTemplateLayer = {
    async open() {
      await page.goto(new URL(PAGE, context.baseURL).toString());
      await page.getByRole('heading', { name: CARD_HEADING, exact: true }).waitFor();
    },
    async answerLoad(action) {
      await templates.answer(
        'status' in action
          ? {
              status: action.status,
              body: { success: false, error: action.error, code: 'SERVICE_UNAVAILABLE' },
            }
          : 'real-server',
      );
      await current.answer('real-server');
    },
    async answerSave(action) {
      // What Meta holds when the choice reaches the server: the other template paused for a refusal.
      if (action.template?.name === OTHER_TEMPLATE.name)
        await setOtherTemplate(
          page,
          context.baseURL,
          phoneNumberId,
          action.status === 422 ? 'PAUSED' : 'APPROVED',
        );
      await saves.answerChecked((request) => {
        const method = action.template ? 'PUT' : 'DELETE';
        if (request.method() !== method) return `the app sent ${request.method()}, not ${method}`;
        const sent = JSON.stringify(request.postDataJSON());
        const want = JSON.stringify({ template: action.template });
        return action.template && sent !== want ? `the app sent ${sent}, not ${want}` : null;
      }, 'real-server');
    },
    async savedTemplate() {
      const { followUpTemplate } = await api!<{ followUpTemplate: FollowUpTemplate | null }>(
        'GET',
        getFollowUpTemplateContract.url,
      );
      return followUpTemplate;
    },
  };
  return {
    driver: followUpTemplateDriver(browserSurface(page), layer),
    /**
     * Puts the company where every path starts, for real: connected, its account with the other
     * template approved, and the seeded one chosen (the load's answer in the path).
     */
    async arrange() {
      await chartAccount(page, context, 'follow-up-template');
      api = apiOf(page, context.baseURL);
      phoneNumberId = await connectedNumber(page, context, api);
      await setOtherTemplate(page, context.baseURL, phoneNumberId, 'APPROVED');
      await api('PUT', setFollowUpTemplateContract.url, { template: LOADED.chosen });
    },
  };
}

/**
 * "Modelo para follow-ups" on the connected connection's page in Chromium, against the real server
 * and the local Cloud API (see `arrange`); the load and each save held until their step and then
 * answered by the real server, the refusal being Meta's own (the template paused on the simulator).
 */
export const followUpTemplateBrowserDriver: BrowserDriver<ChartPath> = {
  page: PAGE,
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded, its WhatsApp connected ' +
    "once per run through the local Cloud API's signup and the real connect route; per path the other " +
    `template (${OTHER_TEMPLATE.name}) approved on the simulator and lembrete_retorno chosen with PUT; ` +
    'the load and the saves held until their step and answered by the real server, a refusal being ' +
    "the template paused on the simulator's templates call; only the templates' 503 (Meta out of reach) " +
    'served with page.route',
  expectation: followUpTemplateExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    runs.set(page, await runFor(page, context));
  },

  async act(page, path, index) {
    const run = runs.get(page)!;
    if (index === 0) await run.arrange();
    await run.driver.act(path, index);
  },
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
