import { describe, expect, it } from 'vitest';
import type { AnalyticsCommand, AnalyticsProvider } from '../../contracts/analytics';
import type { AnalyticsDelivery } from '../../machines/analytics/analytics.machine';
import {
  type AnalyticsSnapshot,
  ana,
  analyticsPathModel,
  bruno,
} from '../../machines/analytics/analytics.paths';
import { expectFullCoverage, expectNumberedStories } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(analyticsPathModel);

/** The context as the paths tell it: `history` (what a late provider will get) is checked by deliveries. */
const sortedSettled = ({ history: _history, ...context }: AnalyticsSnapshot['context']) => ({
  ...context,
  up: [...context.up].sort(),
  down: [...context.down].sort(),
});

const stories = () => paths.map((p) => `${p.scenario.name}: ${p.steps.map((s) => s.event.type).join(' ')}`);

describe('analytics chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(analyticsPathModel, paths);
    expect(coverage.states.total).toBeGreaterThanOrEqual(30);
  });

  it('has every scenario: all ready, some failing, none configured, too slow, all failing, sign-out', () => {
    const names = new Set(paths.map((p) => p.scenario.name));
    expect([...names]).toEqual([
      'all ready',
      'some failing',
      'none configured',
      'slower than its time-out',
      'all failing',
      'sign-out and a second user',
    ]);
    expect(stories().join('\n')).toMatch(
      /slower than its time-out: .*xstate\.after\.productAnalyticsTimeout/,
    );
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(analyticsPathModel, paths, /undefined|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: nothing delivered before ready, the queue in order, identify once per user',
    async (_name, path) => {
      const deliveries: Array<{ command: AnalyticsCommand; providers: readonly AnalyticsProvider[] }> = [];
      let next = 1;
      let running: { send: (e: unknown) => void } | undefined;
      let readyAt: number | undefined;
      const actor = await replayPath(analyticsPathModel, path, {
        // The providers' timers run side by side (the 10 s waits start together): the replay fires
        // each step's timer as the event it is rather than moving one clock past the others'.
        advance: () => running?.send(path.steps[next]!.event),
        onStep: ({ index, step, snapshot, actor }) => {
          next = index + 1;
          if (index === 0) {
            running = actor;
            actor.on('deliver', (d: AnalyticsDelivery) =>
              deliveries.push({ command: d.command, providers: d.providers }),
            );
          }
          expect(snapshot.value).toEqual(step.state.value);
          // Which of two simultaneous time-outs is listed first is no difference the chart makes.
          expect(sortedSettled(snapshot.context)).toEqual(sortedSettled(step.state.context));
          const s = snapshot as AnalyticsSnapshot;
          if (readyAt === undefined && s.matches({ client: 'ready' })) readyAt = deliveries.length;
          // Nothing reaches a provider before the client is ready.
          if (!s.matches({ client: 'ready' }))
            expect(deliveries).toEqual(readyAt === undefined ? [] : deliveries);
        },
      });
      const end = actor.getSnapshot() as AnalyticsSnapshot;
      const sentToAll = deliveries.filter((d) => d.providers.length > 0 && d.command.kind !== 'identify');
      if (readyAt === undefined) {
        // Unavailable (or never ready): nothing was ever delivered, and nothing is kept.
        expect(deliveries).toEqual([]);
        if (end.matches({ client: 'unavailable' })) expect(end.context.queue).toEqual([]);
      } else {
        // The first deliveries are the queue, in the order asked: the first page view without a
        // referrer, then Ana identified once however often the session confirmed her.
        const first = deliveries.map((d) => d.command);
        expect(first[0]).toEqual({ kind: 'page', view: { url: '/home', referrer: null } });
        expect(first[1]).toEqual({ kind: 'identify', identity: ana });
        // Each delivery goes only to providers ready at that moment.
        for (const d of sentToAll) for (const p of d.providers) expect(end.context.up).toContain(p);
        // One identify per user id between sign-outs.
        let current: string | null = null;
        for (const command of first) {
          if (
            command.kind === 'identify' &&
            deliveries.find((d) => d.command === command)!.providers.length > 1
          ) {
            expect(command.identity.id).not.toBe(current);
            current = command.identity.id;
          }
          if (command.kind === 'reset') current = null;
        }
        // A provider ready late missed nothing: every provider up got the same commands, in order.
        const receivedBy = (p: AnalyticsProvider) =>
          deliveries.filter((d) => d.providers.includes(p)).map((d) => d.command);
        for (const p of end.context.up) expect(receivedBy(p)).toEqual(receivedBy(end.context.up[0]!));
        // Navigations carry the page before as referrer.
        const pages = receivedBy(end.context.up[0]!).filter((c) => c.kind === 'page');
        for (const [i, page] of pages.entries())
          if (i > 0) expect(page.view.referrer).toBe(pages[i - 1]!.view.url);
      }
      if (path.scenario.name === 'sign-out and a second user' && readyAt !== undefined)
        expect(deliveries.map((d) => d.command)).toContainEqual({ kind: 'identify', identity: bruno });
      actor.stop();
    },
  );
});
