import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOW, quickTaskPathModel } from '../../machines/quick-task/quick-task.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type QuickTaskLayer, quickTaskDriver } from '../support/drivers/quick-task.driver';
import { expectKeysFollowSubmissions, sentAlongPath } from '../support/submission-keys';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { settleQueries } from './support/fake-api';
import { openHome, withHomePagesPreloaded } from './support/home-api';

const paths = generatePaths(quickTaskPathModel);

describe('the quick-add task sheet: chart paths, as the owner sees them on /home', () => {
  withHomePagesPreloaded();
  beforeAll(async () => {
    // The sheet's chunk, as the "+" fetches it on the first pointer or focus.
    await import('../../src/features/home/quick-task/QuickTaskHost');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      let app: Awaited<ReturnType<typeof openHome>> | undefined;
      // The fake API: the picker offers Maria Souza (the plan's id), each create waits for its step.
      const layer: QuickTaskLayer = {
        async open() {
          // The sheet reads "Hoje", "Amanhã" and the suggested time from the clock.
          vi.useFakeTimers({ toFake: ['Date'], now: NOW });
          app = await openHome({ create: undefined });
        },
        async answerCreate({ body, status, reply }) {
          const call = app!.home.create.requests.at(-1)!;
          expect(await call.clone().json()).toEqual(body);
          expect(app!.home.create.answer({ status, body: reply }), 'a save waited').toBe(1);
          await settleQueries();
        },
      };
      const driver = quickTaskDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(quickTaskPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // "Salvar" again after a failure sent the same Idempotency-Key; another draft, or the next task, a new one.
      const sent = await sentAlongPath(app?.home.create.requests ?? [], path.steps, 'createTask');
      for (const { key } of sent) expect(key).not.toBe('');
      expectKeysFollowSubmissions(sent);
      app?.unmount();
    },
    // A path is a whole visit (several openings, saves and refusals): more than a unit test's 5 s on a busy machine.
    20_000,
  );
});
