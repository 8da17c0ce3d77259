import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DealStage, SalesBoard } from '../../contracts/sales';
import { defaultStages, stageEditorPathModel } from '../../machines/stage-editor/stage-editor.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type StageEditorLayer, stageEditorDriver } from '../support/drivers/stage-editor.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, HeldCalls, ok, type Reply, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(stageEditorPathModel);

/** The stage calls of /sales: reads answer from `stages`, the server's list; changes are held. */
function fakeStageServer() {
  let stages: DealStage[] = defaultStages;
  const board = (): Reply =>
    ok({
      columns: stages.map((stage) => ({
        stage,
        deals: [],
        totalCount: 0,
        totalValueCents: 0,
        pageInfo: { hasNextPage: false, endCursor: null },
      })),
    } satisfies SalesBoard);
  const calls = {
    board: new HeldCalls(() => board()),
    stages: new HeldCalls(() => ok({ stages })),
    rename: new HeldCalls(),
    reorder: new HeldCalls(),
    create: new HeldCalls(),
  };
  const table = [
    { method: 'GET', path: /^\/api\/sales\/board$/, calls: calls.board },
    { method: 'GET', path: /^\/api\/sales\/stages$/, calls: calls.stages },
    { method: 'POST', path: /^\/api\/sales\/stages$/, calls: calls.create },
    { method: 'PUT', path: /^\/api\/sales\/stages\/[^/]+$/, calls: calls.rename },
    { method: 'PUT', path: /^\/api\/sales\/stages-order$/, calls: calls.reorder },
  ];
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    return table.find((r) => r.method === request.method && r.path.test(pathname))?.calls.receive(request);
  };
  /** What the server holds once a change saved. */
  const saved = (
    call: 'rename' | 'reorder' | 'create',
    data: { stage?: DealStage; stages?: DealStage[] },
  ) => {
    if (call === 'reorder') stages = data.stages!;
    else if (call === 'rename') stages = stages.map((s) => (s.id === data.stage!.id ? data.stage! : s));
    else {
      const at = stages.findIndex((s) => s.kind !== 'open');
      stages = [...stages.slice(0, at), data.stage!, ...stages.slice(at)];
    }
  };
  return { calls, routes, saved };
}

function jsdomLayer(
  server: ReturnType<typeof fakeStageServer>,
  opened: (app: ReturnType<typeof openSignedIn>) => void,
): StageEditorLayer {
  return {
    async open() {
      opened(openSignedIn('/sales', { routes: [server.routes] }));
      await settleQueries();
      await userEvent.click(screen.getByRole('button', { name: 'Etapas' }));
      await settleQueries();
    },
    async answer(action) {
      const calls = server.calls[action.call];
      for (let round = 0; round < 100 && calls.pending === 0; round++) await settleQueries(1);
      const request = calls.requests.at(-1)!;
      if (action.expect.stageName) {
        const id = defaultStages.find((s) => s.name === action.expect.stageName)!.id;
        expect(new URL(request.url).pathname).toBe(`/api/sales/stages/${id}`);
      }
      expect(await request.clone().json()).toEqual(action.expect.body);
      const body = action.body as { success: boolean; data?: { stage?: DealStage; stages?: DealStage[] } };
      if (body.success) server.saved(action.call, body.data!);
      expect(calls.answer({ status: action.status, body: action.body }), 'a call waited').toBe(1);
      await settleQueries();
    },
  };
}

describe('/sales "Etapas": stage-editor chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const driver = stageEditorDriver(
        jsdomSurface({ url: () => app?.url() }),
        jsdomLayer(fakeStageServer(), (made) => {
          app = made;
        }),
      );
      await walkPath(stageEditorPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
