import { describe, expect, it } from 'vitest';
import { getWhatsappStatusContract } from '../../contracts/whatsapp-status';
import {
  type FollowUpTemplate,
  getFollowUpTemplateContract,
  listWhatsappTemplatesContract,
} from '../../contracts/whatsapp-templates';
import {
  followUpTemplatePathModel,
  LISTED_TEMPLATES,
  templateLabel,
} from '../../machines/follow-up-template/follow-up-template.paths';
import { connectedStatus } from '../../machines/whatsapp/whatsapp-connection.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  type FollowUpTemplateLayer,
  followUpTemplateDriver,
} from '../support/drivers/follow-up-template.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, failed, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(followUpTemplatePathModel);

/** The connected company's page: the status standing, the templates, the choice and its saves held. */
function jsdomChoice() {
  let app: ReturnType<typeof openSignedIn> | undefined;
  const status = new HeldCalls(ok(connectedStatus));
  const templates = new HeldCalls();
  const current = new HeldCalls();
  const put = new HeldCalls();
  const remove = new HeldCalls();
  let held: FollowUpTemplate | null = null;
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === getWhatsappStatusContract.url)
      return status.receive(request);
    if (request.method === 'GET' && pathname === listWhatsappTemplatesContract.url)
      return templates.receive(request);
    if (pathname !== getFollowUpTemplateContract.url) return undefined;
    if (request.method === 'GET') return current.receive(request);
    if (request.method === 'PUT') return put.receive(request);
    if (request.method === 'DELETE') return remove.receive(request);
    return undefined;
  };
  const waitFor = async (calls: HeldCalls, what: string) => {
    for (let round = 0; round < 100 && calls.pending === 0; round++) await settleQueries(1);
    expect(calls.pending, `${what} waited`).toBeGreaterThan(0);
  };
  const layer: FollowUpTemplateLayer = {
    async open() {
      app = openSignedIn('/settings/whatsapp-business-connection', { routes: [routes] });
      await settleQueries();
    },
    async answerLoad(action) {
      await waitFor(templates, 'the templates');
      await waitFor(current, 'the chosen template');
      if ('status' in action) {
        templates.answer(failed(action.status, action.error, 'SERVICE_UNAVAILABLE'));
        current.answer(ok({ followUpTemplate: held }));
      } else {
        held = action.choice.chosen;
        templates.answer(ok({ templates: action.choice.templates }));
        current.answer(ok({ followUpTemplate: held }));
      }
      await settleQueries();
    },
    async answerSave(action) {
      if (action.template === null) {
        await waitFor(remove, 'the DELETE');
        held = null;
        remove.answer(ok({ followUpTemplate: null }));
      } else if (action.status === 200) {
        await waitFor(put, 'the PUT');
        const template = LISTED_TEMPLATES.find((t) => templateLabel(t) === templateLabel(action.template!))!;
        held = action.template;
        put.answer(ok({ followUpTemplate: template }));
      } else {
        await waitFor(put, 'the PUT');
        const issues = [{ path: 'template.name', message: action.error }];
        put.answer(failed(action.status, action.error, 'WHATSAPP_TEMPLATE_UNUSABLE', issues));
      }
      await settleQueries();
    },
    savedTemplate: async () => held,
  };
  return {
    ui: jsdomSurface({ url: () => app?.url() }),
    layer,
    templates,
    put,
    remove,
    unmount: () => app?.unmount(),
  };
}

describe('"Modelo para follow-ups": follow-up-template chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const { ui, layer, templates, put, remove, unmount } = jsdomChoice();
      const driver = followUpTemplateDriver(ui, layer);
      await walkPath(followUpTemplatePathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // Each load (the first, and one per "Tentar novamente") asked for the templates afresh.
      const loads = path.steps.filter((step) => step.state.matches('loading'));
      expect(templates.requests).toHaveLength(loads.length);
      // Each save sent what was picked: a PUT with the template, a DELETE for none.
      const saves = path.steps.filter((step) => step.state.matches('saving'));
      const bodies = await Promise.all(put.requests.map((request) => request.clone().json()));
      expect(bodies).toEqual(
        saves.flatMap((step) => {
          const template = step.state.context.saving;
          return template ? [{ template }] : [];
        }),
      );
      expect(remove.requests).toHaveLength(saves.filter((step) => step.state.context.saving === null).length);
      // Picking the template already chosen saves nothing.
      const last = path.steps.at(-1)!.state;
      if (last.matches('choosing') && last.context.chosen) {
        await ui.click({ label: templateLabel(last.context.chosen), exact: false });
        await ui.settle();
        expect(put.requests.length + remove.requests.length).toBe(saves.length);
      }
      unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
