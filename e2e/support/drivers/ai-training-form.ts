import type { Page } from 'playwright-core';
import { previewAdvisorContract } from '../../../contracts/advisor';
import {
  getAiTrainingContract,
  getAiTrainingVersionContract,
  listAiTrainingVersionsContract,
  restoreAiTrainingVersionContract,
  saveAiTrainingContract,
} from '../../../contracts/ai-training';
import type { AiTrainingCall } from '../../../machines/ai-training-form/ai-training-form.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type AiTrainingLayer,
  aiTrainingDriver,
  aiTrainingExpectation,
} from '../../../tests/support/drivers/ai-training-form.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldCalls } from './held-calls';
import { perPage } from './per-page';

/** An address pattern of the whole URL for a contract's url (`:id` segments as one segment). */
const addressOf = (url: string) => new RegExp(`^[^?#]*?${url.replace(/:[A-Za-z]+/g, '[^/?#]+')}(?:[?#].*)?$`);

/** The reload after a conflict is the same GET as the first read. */
const calls: Record<Exclude<AiTrainingCall, 'reloadTraining'>, { method: string; url: string }> = {
  loadTraining: getAiTrainingContract,
  saveTraining: saveAiTrainingContract,
  listVersions: listAiTrainingVersionsContract,
  loadVersion: getAiTrainingVersionContract,
  restoreVersion: restoreAiTrainingVersionContract,
  preview: previewAdvisorContract,
};

/** The data each call answers, around the chart's output (the contracts' envelopes). */
const dataOf: Record<AiTrainingCall, (output: unknown) => unknown> = {
  loadTraining: (current) => ({ current }),
  reloadTraining: (current) => ({ current }),
  saveTraining: (version) => version,
  listVersions: (versions) => ({ versions }),
  loadVersion: (version) => version,
  restoreVersion: (version) => version,
  preview: (answer) => answer,
};

interface Run {
  driver: ReturnType<typeof aiTrainingDriver>;
  /** The role the session check says: the path's scenario (the owner, or a staff member). */
  role: 'owner' | 'staff';
}

const runs = perPage<Run>('ai-training run');

async function runFor(page: Page, context: ReplayContext): Promise<Run> {
  await chartAccount(page, context, 'ai-training');
  const held = Object.fromEntries(
    await Promise.all(
      Object.entries(calls).map(async ([call, { method, url }]) => [
        call,
        await HeldCalls.on(page, method, url.includes(':') ? addressOf(url) : url),
      ]),
    ),
  ) as Record<keyof typeof calls, HeldCalls>;
  const run: Run = { role: 'owner', driver: undefined as never };
  // The staff scenario: the real session check, its role read as Atendente (the page's read-only view).
  await page.route('**/api/session/check', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body?.data && run.role === 'staff') body.data.role = 'staff';
    await route.fulfill({ response, json: body });
  });
  const layer: AiTrainingLayer = {
    async open(action) {
      await page.goto(new URL(action.url, context.baseURL).toString());
    },
    async answer(action) {
      const call = held[action.call === 'reloadTraining' ? 'loadTraining' : action.call];
      await call.answer(
        action.status < 300
          ? { status: action.status, body: { success: true, data: dataOf[action.call](action.body) } }
          : { status: action.status, body: action.body },
      );
    },
  };
  run.driver = aiTrainingDriver(browserSurface(page), layer);
  return run;
}

/**
 * "Treinamento da IA" in Chromium: the built app and the real server's session for a fresh onboarded
 * account; the page's calls held with page.route and answered with the path's versions (the preview's
 * route is the advisor's, answered from its contract's shape).
 */
export const aiTrainingBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/settings/ai-training',
  setup:
    'a fresh onboarded account (real sign-up, one per run); the staff paths read its real session ' +
    'check with the role set to Atendente by page.route; GET/PUT /api/settings/ai-training, its ' +
    'versions, restore and POST /api/advisor/preview held with page.route and answered with the ' +
    "path's versions and answers (409, 400, 500 included)",
  expectation: aiTrainingExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    runs.set(page, await runFor(page, context));
  },

  async act(page, path, index) {
    const run = runs.of(page);
    if (index === 0) run.role = (path.scenario.input as { canEdit: boolean }).canEdit ? 'owner' : 'staff';
    await run.driver.act(path, index);
  },
  check: (page, path, index) => runs.of(page).driver.check(path, index),
};
