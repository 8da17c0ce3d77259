import type { Page } from 'playwright-core';
import type { BusinessService } from '../../../contracts/services';
import type { EntityFormUserAction } from '../../../machines/entity-form/entity-form.paths';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type EntityFormLayer,
  entityFormDriver,
  entityFormExpectation,
} from '../../../tests/support/drivers/entity-form.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { type ApiCall, apiOf } from '../owner-api';
import { HeldCalls } from './held-calls';

type Answer = Extract<EntityFormUserAction, { do: 'answer' }>;

const SERVICES_URL = '/api/settings/services';
const COMPANY_URL = '/api/settings/company';

/**
 * Makes the real server's catalogue fit the answer the step wants from it: a 409 needs a service
 * already named `name`, a save needs none (one left by an earlier path of the run is renamed).
 */
async function prepareCatalogue(api: ApiCall, action: Answer): Promise<void> {
  if (action.call.path !== SERVICES_URL || (action.status !== 200 && action.status !== 409)) return;
  const { businessServices } = await api<{ businessServices: BusinessService[] }>('GET', SERVICES_URL);
  const taken = businessServices.find((s) => s.name.toLowerCase() === action.name.toLowerCase());
  const service = {
    name: action.name,
    description: null,
    priceCents: 2_500,
    durationMinutes: null,
    active: true,
  };
  if (action.status === 409 && !taken) await api('POST', SERVICES_URL, service);
  if (action.status === 200 && taken)
    await api('PUT', `${SERVICES_URL}/${taken.id}`, {
      ...service,
      name: `${action.name} (${businessServices.length + 1})`,
    });
}

function layerFor(page: Page, context: ReplayContext, saves: HeldCalls): EntityFormLayer {
  return {
    async open(action) {
      await page.goto(new URL(action.url, context.baseURL).toString());
      await page.locator('form button[type="submit"]').waitFor();
    },
    async answer(action) {
      await prepareCatalogue(apiOf(page, context.baseURL), action);
      await saves.answerChecked(
        (request) => {
          const sent = `${request.method()} ${new URL(request.url()).pathname}`;
          const expected = `${action.call.method} ${action.call.path}`;
          if (sent !== expected) return `the app sent ${sent}, not ${expected}`;
          const name = (request.postDataJSON() as { name?: string }).name;
          return name === action.name ? null : `the app sent the name "${name}", not "${action.name}"`;
        },
        // The real server saves, and finds a taken name (409); a 400 with field issues cannot get past
        // the form's own check (the same contract), and a 500 cannot be had on demand: both served.
        action.status === 200 || action.status === 409
          ? 'real-server'
          : { status: action.status, body: action.body },
      );
    },
  };
}

const runs = new WeakMap<Page, { driver: ReturnType<typeof entityFormDriver> }>();

/**
 * "Novo serviço" and "Sobre a empresa" in Chromium: one fresh account per run; each save held with
 * page.route until its step lets the real server save it or find the name taken, or serves the 400
 * or 500.
 */
export const entityFormBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/settings/services/new',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded with a trial, one per run; ' +
    'each save (POST /api/settings/services, PUT /api/settings/company) held with page.route until its step ' +
    'lets the real server save it or answer the real 409 for a service name taken (the service made or ' +
    'renamed through the real API beforehand, as the step needs); the 400 with field issues (the form checks ' +
    'with the same contract first, so the server never sees what it would refuse) and the 500 served with page.route',
  expectation: entityFormExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'entity-form');
    const saves = await HeldCalls.matching(page, 'a save of a service or the company', (request) => {
      const { pathname } = new URL(request.url());
      const method = request.method();
      return (
        (pathname === SERVICES_URL && method === 'POST') || (pathname === COMPANY_URL && method === 'PUT')
      );
    });
    runs.set(page, { driver: entityFormDriver(browserSurface(page), layerFor(page, context, saves)) });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
