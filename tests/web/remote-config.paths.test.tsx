import { act } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, it, vi } from 'vitest';
import { remoteConfigPathModel } from '../../machines/remote-config/remote-config.paths';
import { formFollowUp, formTask } from '../../machines/task-form/task-form.paths';
// The app's remote-config module, which puts its handle on window.__fechai.
import '../../src/lib/remote-config/remote-config-actor';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type RemoteConfigLayer, remoteConfigDriver } from '../support/drivers/remote-config.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { FAKE_CLOCK, failed, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';
import { fakeTaskRoutes, followUpAnswer } from './support/tasks-api';

const paths = generatePaths(remoteConfigPathModel);

function appHandle() {
  const handle = window.__fechai?.remoteConfig;
  if (!handle) throw new Error('window.__fechai.remoteConfig is missing');
  return handle;
}

describe('remote configuration: chart paths on the task detail’s charge link, the server source held', () => {
  withPagesPreloaded();
  // The source is loaded on the first fetch: in the module cache, it comes within the step.
  beforeAll(() => import('../../src/lib/remote-config/server-source'));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    // Spec §8: failures and unusable values are only logged.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const remote = new HeldCalls();
      const tasks = fakeTaskRoutes({
        detail: ok({ task: formTask(), showNubankWidget: true }),
        followUp: followUpAnswer(formFollowUp()),
      });
      const remoteRoute = (request: Request) =>
        new URL(request.url).pathname === '/api/remote-config' ? remote.receive(request) : undefined;
      // The app open on the tasks list: nothing there asks for remote configuration.
      const app = openSignedIn('/tasks', { routes: [tasks.routes, remoteRoute] });
      await settleQueries();
      const ui = {
        ...jsdomSurface({ url: () => app.url() }),
        // Up to an hour at once: the app's timers fire in order, without a render per frame.
        async advance(ms: number) {
          await act(() => vi.advanceTimersByTimeAsync(ms));
          await settleQueries();
        },
        settle: () => settleQueries(),
      };
      const detail = `/tasks/${formTask().id}`;
      const layer: RemoteConfigLayer = {
        async openCharge() {
          if (app.url() === detail) {
            act(() => app.location.navigate('/tasks'));
            await settleQueries();
          }
          act(() => app.location.navigate(detail));
          await settleQueries();
        },
        // Through the app's debug handle (window.__fechai.remoteConfig), as the browser replay does.
        async push(text) {
          // What the Firebase source's realtime subscription does with an activated update.
          act(() => appHandle().send({ type: 'UPDATED', text }));
        },
        async setSignals(signals) {
          act(() => appHandle().send({ type: 'SET_CUSTOM_SIGNALS', signals }));
        },
        async answer(reply) {
          const answered = remote.answer(
            reply === 'network'
              ? 'network-error'
              : reply === 'throttled'
                ? failed(429, 'Muitas solicitações.', 'RATE_LIMITED')
                : ok(reply),
          );
          if (answered !== 1) throw new Error(`${answered} remote-config requests were waiting, not 1`);
        },
        requests: async () => remote.requests.length,
        chart: async () => appHandle().state(),
      };
      const driver = remoteConfigDriver(ui, layer, path);
      await walkPath(remoteConfigPathModel, path, {
        act: (index) => driver.act(index),
        check: (index) => driver.check(index),
      });
      app.unmount();
    },
    30_000,
  );
});
