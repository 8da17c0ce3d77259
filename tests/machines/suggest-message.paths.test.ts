import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduledAt } from '../../machines/suggest-message/suggest-message.machine';
import {
  CUSTOMER_ID,
  CUSTOMER_NAME,
  LATER_DATE,
  suggestMessagePathModel,
  TASK_DUE_AT,
} from '../../machines/suggest-message/suggest-message.paths';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(suggestMessagePathModel);

describe('suggest-message chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(suggestMessagePathModel, paths);
    expect(coverage.states.total).toBe(10);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(suggestMessagePathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: nothing leaves without the owner, each outcome told once',
    async (_name, path) => {
      const told: string[] = [];
      const actor = await replayPath(suggestMessagePathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        onStep: ({ step, snapshot }) => {
          expectStepState(snapshot, step);
          const { context } = snapshot;
          // What leaves is the text as the owner left it, to the draft's customer.
          if (snapshot.matches('sending') || snapshot.matches('scheduling')) {
            expect(context.draft?.customerId).toBe(CUSTOMER_ID);
            expect(context.text.trim()).not.toBe('');
          }
          if (snapshot.matches('scheduling')) {
            const dueAt = scheduledAt(context);
            // A task's follow-up keeps the task's time unless the owner picked another.
            if ('taskId' in context.target && context.date !== LATER_DATE) expect(dueAt).toBe(TASK_DUE_AT);
            expect(dueAt).not.toBeNull();
          }
          // While one call is on its way nothing else leaves, and it cannot be cancelled.
          if (snapshot.matches('sending') || snapshot.matches('scheduling')) {
            for (const type of ['SEND', 'SCHEDULE', 'REGENERATE', 'CANCEL'] as const)
              expect(snapshot.can({ type })).toBe(false);
          }
          // Outside the window (or without a connection) only scheduling is offered.
          if (snapshot.matches('editing') && context.draft?.window?.windowClosesAt === null)
            expect(snapshot.can({ type: 'SEND' })).toBe(false);
          if (snapshot.matches('editing')) expect(context.draft?.customerName).toBe(CUSTOMER_NAME);
        },
      });
      actor.on('*', (event) => told.push(event.type));
      const ended = (actor: string) =>
        path.steps.filter((step) => step.event.type === `xstate.done.actor.${actor}`).length;
      const last = path.steps.at(-1)!;
      if (last.state.matches('done'))
        expect(ended('sendMessage') + ended('scheduleMessage')).toBeGreaterThan(0);
      actor.stop();
    },
  );
});
