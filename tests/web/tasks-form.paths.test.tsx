import { describe, expect, it, vi } from 'vitest';
import { FORM_NOW, joao, maria, taskFormPathModel } from '../../machines/task-form/task-form.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type TaskFormLayer, taskFormDriver } from '../support/drivers/task-form.driver';
import { expectKeysFollowSubmissions, sentAlongPath } from '../support/submission-keys';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { customer, customersPage } from './support/customer-fixtures';
import { ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer } from './support/tasks-api';

const paths = generatePaths(taskFormPathModel);

describe('the task form: chart paths, as the owner sees them', () => {
  withPagesPreloaded();

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      // Only the date is fixed ("Nova tarefa" proposes the next full hour); timers stay real.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(FORM_NOW);
      let app: ReturnType<typeof openSignedIn> | undefined;
      const tasks = fakeTaskRoutes({
        customers: ok(
          customersPage([
            customer({ ...maria, phone: maria.phone }),
            customer({ ...joao, phone: joao.phone }),
          ]),
        ),
      });
      // The fake API: the edit pages' task and follow-up, each save held until its step answers it.
      const layer: TaskFormLayer = {
        async open(action) {
          if (action.loads) {
            tasks.detail.always(ok({ task: action.loads.task, showNubankWidget: true }));
            if (action.loads.followUp) tasks.followUp.always(followUpAnswer(action.loads.followUp));
          }
          app = openSignedIn(action.url, { routes: [tasks.routes] });
          await settleQueries();
        },
        address: (planned) => planned,
        async answerSave(action) {
          const endpoint = action.method === 'POST' ? tasks.create : tasks.update;
          const call = endpoint.requests.at(-1)!;
          expect([call.method, new URL(call.url).pathname]).toEqual([action.method, action.url]);
          expect(await call.clone().json()).toEqual(action.body);
          expect(endpoint.answer({ status: action.status, body: action.reply }), 'a save waited').toBe(1);
          await settleQueries();
        },
      };
      const driver = taskFormDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(taskFormPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // "Salvar" again after a refusal or a lost answer sent the same Idempotency-Key; changed values, a new one.
      const sent = await sentAlongPath(tasks.create.requests, path.steps, 'saveTask');
      for (const { key } of sent) expect(key).not.toBe('');
      expectKeysFollowSubmissions(sent);
      for (const request of tasks.update.requests) expect(request.headers.get('idempotency-key')).toBeNull();
      app?.unmount();
    },
    // A path is a whole visit (sign-in check, page, several calls): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
