import { describe, expect, it } from 'vitest';
import type { BusinessService } from '../../contracts/services';
import { entityFormPathModel } from '../../machines/entity-form/entity-form.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type EntityFormLayer, entityFormDriver } from '../support/drivers/entity-form.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { companyInfo, fakeCompanyInfoRoutes } from './support/company-info-api';
import { type FakeRoutes, failed, HeldCalls, ok, type Reply, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(entityFormPathModel);

type App = ReturnType<typeof openSignedIn>;

/** The plan's answer as the fake server replies it: the record saved under the name sent, or the envelope. */
function replyOf(action: Parameters<EntityFormLayer['answer']>[0], saved: unknown): Reply {
  if (action.status === 200) return ok(saved, action.call.method === 'POST' ? 201 : 200);
  const body = action.body as { error: string; code: string; issues?: unknown[] };
  return failed(action.status, body.error, body.code, body.issues);
}

/** Answers the one save waiting with `reply`, after checking it went where the plan says with its name. */
async function answerSave(calls: HeldCalls, action: Parameters<EntityFormLayer['answer']>[0], reply: Reply) {
  for (let round = 0; round < 100 && calls.pending === 0; round++) await settleQueries(1);
  const request = calls.requests.at(-1)!;
  expect(`${request.method} ${new URL(request.url).pathname}`).toBe(
    `${action.call.method} ${action.call.path}`,
  );
  expect(((await request.clone().json()) as { name: string }).name).toBe(action.name);
  expect(calls.answer(reply), 'a save waited').toBe(1);
  await settleQueries();
}

/** "Novo serviço" on an empty catalogue; each create held until a step answers it. */
function serviceLayer(opened: (app: App) => void): EntityFormLayer {
  const list = new HeldCalls(ok({ businessServices: [] }));
  const create = new HeldCalls();
  const routes: FakeRoutes = (request) => {
    if (new URL(request.url).pathname !== '/api/settings/services') return undefined;
    return request.method === 'POST' ? create.receive(request) : list.receive(request);
  };
  return {
    async open(action) {
      opened(openSignedIn(action.url, { routes: [routes] }));
      await settleQueries();
    },
    answer: (action) =>
      answerSave(
        create,
        action,
        replyOf(action, {
          businessService: {
            id: 'sv-new',
            name: action.name,
            description: null,
            priceCents: 2_500,
            durationMinutes: null,
            active: true,
            createdAt: '2030-01-15T12:00:00.000Z',
            updatedAt: '2030-01-15T12:00:00.000Z',
          } satisfies BusinessService,
        }),
      ),
  };
}

/** "Sobre a empresa" of Doces da Ana; each save held until a step answers it. */
function companyLayer(opened: (app: App) => void): EntityFormLayer {
  const company = fakeCompanyInfoRoutes({ load: ok({ company: companyInfo() }) });
  return {
    async open(action) {
      opened(openSignedIn(action.url, { routes: [company.routes] }));
      await settleQueries();
    },
    answer: (action) =>
      answerSave(company.save, action, replyOf(action, { company: companyInfo({ name: action.name }) })),
  };
}

describe('forms that save one record: chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: App | undefined;
      const opened = (made: App) => {
        app = made;
      };
      const layer = path.scenario.name === 'leaves' ? serviceLayer(opened) : companyLayer(opened);
      const driver = entityFormDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(entityFormPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
