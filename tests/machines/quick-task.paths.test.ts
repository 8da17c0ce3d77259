import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CreateQuickTaskInput,
  emptyDraft,
  missingFields,
  taskInputOf,
} from '../../machines/quick-task/quick-task.machine';
import {
  createdTask,
  NOW,
  QUICK_TASK_FORM_ID,
  type QuickTaskSnapshot,
  quickTaskPathModel,
  TODAY,
  TOMORROW,
} from '../../machines/quick-task/quick-task.paths';
import { defaultTime, dueAtIso, dueDay, isDate, isTime } from '../../machines/quick-task/quick-task-due';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';
import { expectKeysFollowSubmissions, type SentCreate } from '../support/submission-keys';

const paths = generatePaths(quickTaskPathModel);

describe('quick-add task chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(quickTaskPathModel, paths);
    expect(coverage.states.total).toBe(6);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(quickTaskPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const opened = vi.fn();
      const created = vi.fn();
      const announced = vi.fn();
      const sent: CreateQuickTaskInput[] = [];
      const keys: SentCreate[] = [];
      let succeeded = false;
      const actor = await replayPath(quickTaskPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: { actions: { opened, created } },
        onStep: ({ index, step, snapshot, actor }) => {
          if (index === 0) actor.on('taskCreated', announced);
          expectStepState(snapshot, step);
          if (step.event.type === 'xstate.done.actor.createTask') succeeded = true;
          const child = (snapshot as QuickTaskSnapshot).children.createTask;
          if (!child) return;
          const input = child.getSnapshot().input as CreateQuickTaskInput;
          sent.push(input);
          keys.push({ body: input.body, key: input.idempotencyKey, afterSuccess: succeeded });
          succeeded = false;
        },
      });
      const opens = path.steps.filter((step) => step.event.type === 'OPEN').length;
      const saves = path.steps.filter((step) => step.event.type === 'xstate.done.actor.createTask').length;
      // The pixel event once per opening; "task created" once per task the server created.
      expect(opened).toHaveBeenCalledTimes(opens);
      expect(created).toHaveBeenCalledTimes(saves);
      if (saves > 0) expect(created.mock.calls[0]![1]).toEqual(createdTask());
      // The app's toast hears of each created task through what the chart emits.
      expect(announced.mock.calls.map(([event]) => event)).toEqual(
        created.mock.calls.map(([, task]) => ({ type: 'taskCreated', task })),
      );
      // Only complete drafts are ever sent: a title, a day and a time.
      for (const { body } of sent) {
        expect(body).toMatchObject({ title: 'Ligar para a Maria', recurrence: 'none' });
        expect(Number.isNaN(Date.parse(body.dueAt))).toBe(false);
      }
      // "Salvar" again after a failure repeats the key; another draft, or the next task, gets a new one.
      expectKeysFollowSubmissions(keys);
      for (const { key } of keys) expect(key).toMatch(new RegExp(`^${QUICK_TASK_FORM_ID}-\\d+-[0-9a-z]+$`));
      actor.stop();
    },
  );
});

describe('when a quick-add task is due', () => {
  it('suggests the next full hour, and the day’s last minute late at night', () => {
    expect(defaultTime(NOW)).toBe('14:00');
    expect(defaultTime(new Date(2030, 0, 15, 23, 5).getTime())).toBe('23:59');
    expect(defaultTime(new Date(2030, 0, 15, 0, 0).getTime())).toBe('01:00');
  });

  it('reads Hoje, Amanhã (also across a month) and a chosen date', () => {
    expect(dueDay('today', '', NOW)).toBe(TODAY);
    expect(dueDay('tomorrow', '', NOW)).toBe(TOMORROW);
    expect(dueDay('tomorrow', '', new Date(2030, 0, 31, 10, 0).getTime())).toBe('2030-02-01');
    expect(dueDay('pick', '2030-02-03', NOW)).toBe('2030-02-03');
    expect(dueDay('pick', '', NOW)).toBeNull();
    expect(dueDay('pick', '2030-02-30', NOW)).toBeNull();
  });

  it('sends the local day and time as an instant', () => {
    expect(dueAtIso('2030-01-20', '09:30')).toBe(new Date(2030, 0, 20, 9, 30).toISOString());
  });

  it.each([
    ['09:30', true],
    ['23:59', true],
    ['24:00', false],
    ['9:30', false],
    ['', false],
  ])('time %s is %s', (value, valid) => {
    expect(isTime(value)).toBe(valid);
  });

  it('checks dates for real days', () => {
    expect(isDate('2032-02-29')).toBe(true);
    expect(isDate('2030-02-29')).toBe(false);
    expect(isDate('20/01/2030')).toBe(false);
  });

  it('names every missing field, and builds the body of a complete draft', () => {
    const draft = emptyDraft(NOW);
    expect(missingFields({ ...draft, day: 'pick', time: '' }, NOW)).toEqual(['title', 'date', 'time']);
    const complete = { ...draft, title: '  Enviar orçamento ', day: 'tomorrow' as const };
    expect(missingFields(complete, NOW)).toEqual([]);
    expect(taskInputOf(complete, NOW)).toEqual({
      title: 'Enviar orçamento',
      dueAt: new Date(2030, 0, 16, 14, 0).toISOString(),
      customerId: null,
      recurrence: 'none',
    });
  });
});
