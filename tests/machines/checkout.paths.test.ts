import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_URL,
  type CheckoutSnapshot,
  checkoutPathModel,
} from '../../machines/checkout/checkout.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(checkoutPathModel);

describe('checkout chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(checkoutPathModel, paths);
    expect(coverage.states.total).toBe(7);
  });

  it('shows the plans under every reason the paywall can have, during the free trial, and a failed checkout', () => {
    const seen = new Set(
      paths.flatMap((path) => path.steps.map((step) => checkoutPathModel.coverageKey(step.state))),
    );
    for (const reason of ['trial_ended', 'past_due', 'canceled', 'none', 'trial'])
      expect(seen).toContain(`choosing · ${reason}`);
    expect([...seen].some((key) => key.startsWith('choosing') && key.endsWith('error'))).toBe(true);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(checkoutPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const opened: string[] = [];
      let found = 0;
      const asked: unknown[] = [];
      const actor = await replayPath(checkoutPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: {
          actions: {
            openCheckout: (_: unknown, params: { url: string }) => {
              opened.push(params.url);
            },
          },
        },
        onStep: ({ index, step, snapshot, actor: replayed }) => {
          if (index === 0) replayed.on('subscriptionFound', () => found++);
          const expected = step.state as CheckoutSnapshot;
          expectStepState(snapshot, step);
          // The checkout is asked for the plan on screen when "Assinar" was clicked.
          const child = (snapshot as CheckoutSnapshot).children.startCheckout;
          if (child) {
            expect(child.getSnapshot().input).toEqual({ planId: expected.context.selectedPlan });
            asked.push(child.getSnapshot().input);
          }
        },
      });
      const end = actor.getSnapshot() as CheckoutSnapshot;
      // The browser leaves for the checkout once, and only when the server gave its address.
      expect(opened).toEqual(end.value === 'redirecting' ? [CHECKOUT_URL] : []);
      expect(found).toBe(end.value === 'subscribed' ? 1 : 0);
      expect(asked).toHaveLength(path.steps.filter((step) => step.event.type === 'SUBSCRIBE').length);
      actor.stop();
    },
  );
});
