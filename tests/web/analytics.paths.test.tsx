import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { analyticsPathModel } from '../../machines/analytics/analytics.paths';
import { type AnalyticsActor, startAnalytics } from '../../src/lib/analytics/analytics-client';
import { toAnalyticsClient } from '../../src/lib/analytics/analytics-link';
import { generatePaths, walkPath } from '../support/chart-paths';
import {
  type AnalyticsClientReading,
  type AnalyticsLayer,
  analyticsDriver,
} from '../support/drivers/analytics.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { analyticsHosts, analyticsSettingsFor, clearAnalyticsGlobals } from './support/analytics-hosts';
import { FAKE_CLOCK } from './support/fake-api';

const paths = generatePaths(analyticsPathModel);

function readClient(actor: AnalyticsActor | undefined): AnalyticsClientReading {
  if (!actor) return { state: 'created', up: [], down: [] };
  const snapshot = actor.getSnapshot();
  const client = (snapshot.value as { client: string | { pending: string } }).client;
  return {
    state: (typeof client === 'string' ? client : client.pending) as AnalyticsClientReading['state'],
    up: [...snapshot.context.up].sort(),
    down: [...snapshot.context.down].sort(),
  };
}

describe("the analytics client: chart paths on the app's wiring, each provider's host stood in", () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    // Spec §8: a provider that fails is only logged.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    clearAnalyticsGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const settings = analyticsSettingsFor(path.scenario.input.providers);
      const hosts = analyticsHosts(settings);
      let actor: AnalyticsActor | undefined;
      const ui = jsdomSurface({ url: () => undefined });
      const layer: AnalyticsLayer = {
        async send(event) {
          act(() => toAnalyticsClient(event));
        },
        async start() {
          // First paint (src/main.tsx): the one client starts, with these hosts.
          act(() => {
            const client = startAnalytics(settings, { scripts: hosts.scripts, sdks: hosts.sdks });
            actor = client.actor;
            stop = client.stop;
          });
        },
        async download(provider, outcome) {
          act(() => hosts.download(provider, outcome));
        },
        async productAnalyticsLoaded() {
          act(() => hosts.productAnalyticsLoaded());
        },
        async monitoringRunning() {
          hosts.monitoringRunning();
        },
        client: async () => readClient(actor),
        received: async () => hosts.received(),
        asked: async () => hosts.asked(),
      };
      const driver = analyticsDriver(ui, layer, path);
      await walkPath(analyticsPathModel, path, {
        act: (index) => driver.act(index),
        check: (index) => driver.check(index),
      });
    },
    // A path is up to 10 s of the app's clock, moved frame by frame.
    30_000,
  );
});
