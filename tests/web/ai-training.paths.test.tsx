import { describe, expect, it } from 'vitest';
import { previewAdvisorContract } from '../../contracts/advisor';
import {
  getAiTrainingContract,
  getAiTrainingVersionContract,
  listAiTrainingVersionsContract,
  restoreAiTrainingVersionContract,
  saveAiTrainingContract,
} from '../../contracts/ai-training';
import { listServicesContract } from '../../contracts/services';
import {
  type AiTrainingCall,
  type AiTrainingUserAction,
  aiTrainingPathModel,
  editedContent,
  NEW_DESCRIPTION,
  SAMPLE_QUESTION,
} from '../../machines/ai-training-form/ai-training-form.paths';
import { sessionCheckAnswer } from '../../machines/session/session.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type AiTrainingLayer, aiTrainingDriver } from '../support/drivers/ai-training-form.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { answerPlannedCall, heldContractRoutes } from './support/held-contract-routes';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(aiTrainingPathModel);

/** Each call of the page by method and address; the reload after a conflict is the same GET. */
const contracts: Record<Exclude<AiTrainingCall, 'reloadTraining'>, { method: string; url: string }> = {
  loadTraining: getAiTrainingContract,
  saveTraining: saveAiTrainingContract,
  listVersions: listAiTrainingVersionsContract,
  loadVersion: getAiTrainingVersionContract,
  restoreVersion: restoreAiTrainingVersionContract,
  preview: previewAdvisorContract,
};

/** The data each call answers, around the chart's output. */
const dataOf: Record<AiTrainingCall, (output: unknown) => unknown> = {
  loadTraining: (current) => ({ current }),
  reloadTraining: (current) => ({ current }),
  saveTraining: (version) => version,
  listVersions: (versions) => ({ versions }),
  loadVersion: (version) => version,
  restoreVersion: (version) => version,
  preview: (answer) => answer,
};

function fakeTrainingRoutes() {
  const { calls, routes: pageRoutes } = heldContractRoutes(contracts);
  const services = new HeldCalls(ok({ businessServices: [] }));
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (request.method === 'GET' && pathname === listServicesContract.url) return services.receive(request);
    return pageRoutes(request);
  };
  return { calls, routes };
}

function layerFor(
  server: ReturnType<typeof fakeTrainingRoutes>,
  canEdit: boolean,
  opened: (app: ReturnType<typeof openSignedIn>) => void,
) {
  return {
    async open(action: Extract<AiTrainingUserAction, { do: 'open' }>) {
      opened(
        openSignedIn(action.url, {
          routes: [server.routes],
          session: sessionCheckAnswer({ role: canEdit ? 'owner' : 'staff' }),
        }),
      );
      await settleQueries();
    },
    async answer(action: Extract<AiTrainingUserAction, { do: 'answer' }>) {
      await answerPlannedCall(
        server.calls[action.call === 'reloadTraining' ? 'loadTraining' : action.call],
        action,
        dataOf[action.call],
      );
    },
  } satisfies AiTrainingLayer;
}

describe('"Treinamento da IA": chart paths, as the owner and a staff member see them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [String(path.number), path] as const))(
    'path %s',
    async (_name, path) => {
      let app: ReturnType<typeof openSignedIn> | undefined;
      const server = fakeTrainingRoutes();
      const canEdit = path.scenario.input.canEdit;
      const driver = aiTrainingDriver(
        jsdomSurface({ url: () => app?.url() }),
        layerFor(server, canEdit, (made) => {
          app = made;
        }),
      );
      await walkPath(aiTrainingPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // What went to the server: saves on version 2 with the whole form, previews with the unsaved form.
      for (const request of server.calls.saveTraining.requests)
        expect(await request.clone().json()).toEqual({ baseVersion: 2, content: editedContent });
      for (const request of server.calls.preview.requests) {
        const body = await request.clone().json();
        expect(body.question).toBe(SAMPLE_QUESTION);
        if (canEdit) expect(body.training.businessDescription).toBe(NEW_DESCRIPTION);
      }
      app?.unmount();
    },
    30_000,
  );
});
