import type { Page, Route } from 'playwright-core';
import { defaultStages, type StageCall } from '../../../machines/stage-editor/stage-editor.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type StageEditorLayer,
  stageEditorDriver,
  stageEditorExpectation,
} from '../../../tests/support/drivers/stage-editor.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

type Stage = { id: string; name: string };

/** The account's real stage ids, by the default names a new company starts with. */
async function stageIds(api: ApiCall): Promise<Map<string, string>> {
  const { stages } = await api<{ stages: Stage[] }>('GET', '/api/sales/stages');
  const ids = new Map(stages.map((s) => [s.name, s.id]));
  for (const stage of defaultStages)
    if (!ids.has(stage.name)) throw new Error(`the new company has no stage "${stage.name}"`);
  return ids;
}

/** The default stages back as a new company has them (a path before may have renamed, moved or added one). */
async function resetStages(api: ApiCall, ids: Map<string, string>): Promise<void> {
  const { stages } = await api<{ stages: Stage[] }>('GET', '/api/sales/stages');
  const own = new Set(ids.values());
  for (const stage of stages)
    if (!own.has(stage.id)) await api('DELETE', `/api/sales/stages/${encodeURIComponent(stage.id)}`);
  for (const stage of defaultStages) {
    const id = ids.get(stage.name)!;
    if (stages.find((s) => s.id === id)?.name !== stage.name)
      await api('PUT', `/api/sales/stages/${encodeURIComponent(id)}`, { name: stage.name });
  }
  await api('PUT', '/api/sales/stages-order', { stageIds: defaultStages.map((s) => ids.get(s.name)!) });
}

interface Run {
  context: ReplayContext;
  ids: Map<string, string>;
  held: Record<StageCall, HeldCalls>;
  driver: ReturnType<typeof stageEditorDriver>;
}

const runs = new WeakMap<Page, Run>();

/** The call a request is, among those the panel makes to change stages. */
function callOf(method: string, pathname: string): StageCall | null {
  if (method === 'PUT' && pathname === '/api/sales/stages-order') return 'reorder';
  if (method === 'PUT' && /^\/api\/sales\/stages\/[^/]+$/.test(pathname)) return 'rename';
  if (method === 'POST' && pathname === '/api/sales/stages') return 'create';
  return null;
}

function layerFor(page: Page, run: () => Run): StageEditorLayer {
  const realId = (modelId: string) =>
    run().ids.get(defaultStages.find((s) => s.id === modelId)?.name ?? '') ?? modelId;
  return {
    async open() {
      const { context, ids } = run();
      await resetStages(apiOf(page, context.baseURL), ids);
      await page.goto(new URL('/sales', context.baseURL).toString());
      await page.getByRole('button', { name: 'Etapas', exact: true }).click();
      await page.locator('.stages-panel .stage-row').first().waitFor();
    },
    answer: (action) => {
      const { ids, held } = run();
      const expected = action.expect.body as { stageIds?: string[] };
      const body = expected.stageIds ? { stageIds: expected.stageIds.map(realId) } : expected;
      const path =
        action.call === 'rename'
          ? `/api/sales/stages/${ids.get(action.expect.stageName!)}`
          : action.call === 'reorder'
            ? '/api/sales/stages-order'
            : '/api/sales/stages';
      return held[action.call].answerChecked(
        (request) => {
          const sent = `${new URL(request.url()).pathname} ${request.postData()}`;
          const wanted = `${path} ${JSON.stringify(body)}`;
          return sent === wanted ? null : `the app sent ${sent}, not ${wanted}`;
        },
        // A free name is saved and a taken one refused by the real server; the reorder's 500 is served here.
        action.real ? 'real-server' : { status: action.status, body: action.body },
      );
    },
  };
}

/**
 * "Etapas do funil" on /sales in Chromium: a fresh account's default stages, put back through the
 * real API before each path; renames, moves and new stages held with page.route until their step
 * lets the real server answer (a taken name is its 409), the failed move a 500 served with page.route.
 */
export const stageEditorBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/sales',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    'its default stages put back through the real API before each path; each rename, move and new stage ' +
    'held with page.route until its step lets the real server answer (a taken name is its own 409), ' +
    'the failed move a 500 served with page.route',
  expectation: stageEditorExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'stage-editor');
    const ids = await context.once('stage-editor:ids', () => stageIds(apiOf(page, context.baseURL)));
    const held: Record<StageCall, HeldCalls> = {
      rename: new HeldCalls('the rename of a stage'),
      reorder: new HeldCalls('the new order of the stages'),
      create: new HeldCalls('the new stage'),
    };
    await page.route(/\/api\/sales\/stages/, (route: Route) => {
      const request = route.request();
      const call = callOf(request.method(), new URL(request.url()).pathname);
      return call ? held[call].receive(route) : route.continue();
    });
    const run: Run = { context, ids, held, driver: undefined as never };
    run.driver = stageEditorDriver(
      browserSurface(page),
      layerFor(page, () => run),
    );
    runs.set(page, run);
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
