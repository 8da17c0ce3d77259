import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RemoteConfigText } from '../../contracts/remote-config';
import { MAX_CUSTOM_SIGNALS, mergeCustomSignals } from '../../machines/remote-config/custom-signals';
import {
  FETCH_TIMEOUT_MS,
  type FetchConfigInput,
  MINIMUM_FETCH_INTERVAL_MS,
  RemoteConfigThrottled,
  remoteConfigMachine,
} from '../../machines/remote-config/remote-config.machine';
import {
  CONFIGURED_CHARGE_URL,
  configuredText,
  pathDefaults,
  type RemoteConfigSnapshot,
  remoteConfigPathModel,
  unusableText,
} from '../../machines/remote-config/remote-config.paths';
import { readRemoteConfig } from '../../machines/remote-config/remote-config-values';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(remoteConfigPathModel);

/** The chart with a source the test answers: each fetch waits for `answer`. */
function withSource() {
  const calls: Array<{ signals: object; settle: (text: RemoteConfigText | Error) => void }> = [];
  const actor = createActor(
    remoteConfigMachine.provide({
      actors: {
        fetchConfig: fromPromise<RemoteConfigText, FetchConfigInput>(
          ({ input }) =>
            new Promise((resolve, reject) => {
              calls.push({
                signals: input.signals,
                settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)),
              });
            }),
        ),
      },
    }),
    { input: { defaults: pathDefaults } },
  ).start();
  return { actor, calls };
}

describe('remote-config chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(remoteConfigPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(9);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(remoteConfigPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const actor = await replayPath(remoteConfigPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          const expected = step.state as RemoteConfigSnapshot;
          expect((snapshot as RemoteConfigSnapshot).context.values).toEqual(expected.context.values);
          expect((snapshot as RemoteConfigSnapshot).context.status).toBe(expected.context.status);
        },
      });
      actor.stop();
    },
  );
});

describe('remote-config: what the app observes', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts with the defaults and no-fetch-yet; a fetch brings the configured values, merged over the defaults', async () => {
    const { actor, calls } = withSource();
    expect(actor.getSnapshot().context).toMatchObject({ status: 'no-fetch-yet', values: pathDefaults });
    actor.send({ type: 'FETCH' });
    calls[0]!.settle(configuredText);
    await vi.advanceTimersByTimeAsync(0);
    const { status, values } = actor.getSnapshot().context;
    expect(status).toBe('success');
    expect(values.charge).toEqual({
      chargeCreationUrl: CONFIGURED_CHARGE_URL,
      whyChargeUrl: pathDefaults.charge.whyChargeUrl,
    });
    expect(values.invitePageConfig).toEqual({
      badge: 'Ganhe em dobro',
      title: 'Convide e ganhe',
      current_week_enabled: false,
    });
  });

  it('a failed fetch keeps the defaults (status failure, logged), and the next FETCH tries again', async () => {
    const { actor, calls } = withSource();
    actor.send({ type: 'FETCH' });
    calls[0]!.settle(new Error('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ status: 'failure', values: pathDefaults });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('Failed to fetch'));
    actor.send({ type: 'FETCH' });
    expect(calls).toHaveLength(2);
  });

  it('unparsable JSON or a bad link: those parameters keep their defaults, the rest is used', () => {
    const { values, refused } = readRemoteConfig(
      { ...unusableText, why_charge_with_nu_uri: 'https://wa.me/5511900000009' },
      pathDefaults,
    );
    expect(refused).toEqual(['mgm_page_config', 'charge_with_nu_uri_web']);
    expect(values).toEqual({
      ...pathDefaults,
      charge: { ...pathDefaults.charge, whyChargeUrl: 'https://wa.me/5511900000009' },
    });
  });

  it('a fetch unanswered for 60 s fails with the defaults kept', async () => {
    const { actor, calls } = withSource();
    actor.send({ type: 'FETCH' });
    await vi.advanceTimersByTimeAsync(FETCH_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('fetching');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context).toMatchObject({ status: 'failure', values: pathDefaults });
    // The late answer is ignored.
    calls[0]!.settle(configuredText);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.values).toEqual(pathDefaults);
  });

  it('within an hour of a success, FETCH asks nothing; after it, it fetches again', async () => {
    const { actor, calls } = withSource();
    actor.send({ type: 'FETCH' });
    calls[0]!.settle(configuredText);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(MINIMUM_FETCH_INTERVAL_MS - 1);
    actor.send({ type: 'FETCH' });
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    actor.send({ type: 'FETCH' });
    expect(calls).toHaveLength(2);
    // While it runs, the status is still the last fetch's.
    expect(actor.getSnapshot().context.status).toBe('success');
  });

  it('throttled: status throttle, values kept, no fetch for an hour', async () => {
    const { actor, calls } = withSource();
    actor.send({ type: 'FETCH' });
    calls[0]!.settle(new RemoteConfigThrottled('429'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ status: 'throttle', values: pathDefaults });
    actor.send({ type: 'FETCH' });
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MINIMUM_FETCH_INTERVAL_MS);
    actor.send({ type: 'FETCH' });
    expect(calls).toHaveLength(2);
  });

  it('custom signals go with the fetch; the 101st is refused, plainly, and nothing of that call is set', async () => {
    const { actor, calls } = withSource();
    const hundred = Object.fromEntries(Array.from({ length: MAX_CUSTOM_SIGNALS }, (_, i) => [`s${i}`, i]));
    actor.send({ type: 'SET_CUSTOM_SIGNALS', signals: hundred });
    expect(actor.getSnapshot().context.signalsRefused).toBeNull();
    actor.send({ type: 'SET_CUSTOM_SIGNALS', signals: { plano: 'anual' } });
    const refused = actor.getSnapshot().context.signalsRefused;
    expect(refused).toBe(
      'Remote config: at most 100 custom signals; 101 asked for, so none of "plano" was set.',
    );
    expect(console.error).toHaveBeenCalledWith(refused);
    // Replacing or removing one stays within the limit.
    actor.send({ type: 'SET_CUSTOM_SIGNALS', signals: { s0: 'novo', s1: null } });
    expect(actor.getSnapshot().context.signalsRefused).toBeNull();
    actor.send({ type: 'FETCH' });
    expect(Object.keys(calls[0]!.signals)).toHaveLength(MAX_CUSTOM_SIGNALS - 1);
    expect(calls[0]!.signals).toMatchObject({ s0: 'novo' });
    expect(mergeCustomSignals({}, hundred).ok).toBe(true);
  });
});
