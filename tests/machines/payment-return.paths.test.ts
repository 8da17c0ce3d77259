import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { paymentReturnMachine } from '../../machines/payment-return/payment-return.machine';
import {
  FIRST_CHECKOUT,
  type PaymentReturnSnapshot,
  paymentReturnPathModel,
  planPaymentReturnStep,
} from '../../machines/payment-return/payment-return.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(paymentReturnPathModel);

describe('payment return chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(paymentReturnPathModel, paths);
    expect(coverage.states.total).toBe(3);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(paymentReturnPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: each return confirmed once, then the address without it',
    async (_name, path) => {
      const emitted: string[] = [];
      const actor = await replayPath(paymentReturnPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ index, step, snapshot, actor: replayed }) => {
          if (index === 0) {
            replayed.on('paymentConfirmed', (e: { checkoutId: string }) =>
              emitted.push(`confirmed ${e.checkoutId}`),
            );
            replayed.on('navigate', (e: { to: string; replace?: boolean }) =>
              emitted.push(`navigate ${e.to}${e.replace ? ' (replace)' : ''}`),
            );
          }
          expectStepState(snapshot, step);
        },
      });
      const expected = path.steps
        .slice(1)
        .flatMap((step, i) => [
          `confirmed ${(step.state as PaymentReturnSnapshot).context.checkoutId}`,
          `navigate ${planPaymentReturnStep(path, i + 1).screen.address} (replace)`,
        ]);
      expect(emitted).toEqual(expected);
      actor.stop();
    },
  );

  it('the same return again (a reload, Back) says nothing; an address without it neither', () => {
    const emitted: string[] = [];
    const actor = createActor(paymentReturnMachine);
    actor.on('*', (e) => emitted.push(e.type));
    actor.start();
    actor.send({ type: 'ADDRESS', path: '/home', search: '' });
    expect(actor.getSnapshot().value).toBe('away');
    actor.send({ type: 'ADDRESS', path: '/home', search: `?paymentsuccess=${FIRST_CHECKOUT}` });
    actor.send({ type: 'ADDRESS', path: '/home', search: '' });
    actor.send({ type: 'ADDRESS', path: '/home', search: `?paymentsuccess=${FIRST_CHECKOUT}` });
    expect(emitted).toEqual(['paymentConfirmed', 'navigate']);
    actor.stop();
  });
});
