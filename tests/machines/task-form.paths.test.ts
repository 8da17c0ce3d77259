import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ASSIGNEE_NOT_MEMBER_TEXT } from '../../contracts/activity';
import type { Task } from '../../contracts/tasks';
import {
  type SaveTaskInput,
  type TaskFormInput,
  taskFormMachine,
} from '../../machines/task-form/task-form.machine';
import {
  DUE,
  joao,
  MESSAGE,
  maria,
  savedTask,
  TASK_FORM_ID,
  type TaskFormSnapshot,
  taskFormPathModel,
} from '../../machines/task-form/task-form.paths';
import { dueAtOf, newTaskValues, nextFullHour, taskInputOf } from '../../machines/task-form/task-form.values';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';
import { expectKeysFollowSubmissions } from '../support/submission-keys';

const paths = generatePaths(taskFormPathModel);

function start(input: Partial<TaskFormInput['values']> = {}) {
  const actor = createActor(taskFormMachine, {
    input: {
      taskId: null,
      values: { ...newTaskValues(DUE), title: 'Ligar', ...input },
      formId: TASK_FORM_ID,
      backTo: '/tasks',
    },
  });
  actor.start();
  return actor;
}

describe('task form chart paths', () => {
  it('covers every state and every transition of the chart', () => {
    const coverage = expectFullCoverage(taskFormPathModel, paths);
    expect(coverage.states.total).toBe(5);
  });

  it('reaches a saved task, a refusal and every reason a submit is stopped, for a new task and an edit', () => {
    const ends = new Set(
      paths.flatMap((path) => path.steps.map((step) => taskFormPathModel.coverageKey(step.state))),
    );
    for (const kind of ['new', 'edit']) {
      expect(ends).toContain(`${kind} · saved`);
      expect(ends).toContain(`${kind} · failed · server issue on customer · save refused (400)`);
      expect(ends).toContain(`${kind} · failed · save refused (500)`);
    }
    const all = [...ends].join('\n');
    expect(all).toMatch(/title missing/);
    expect(all).toMatch(/date missing/);
    expect(all).toMatch(/message missing/);
    expect(all).toMatch(/follow-up needs a customer with WhatsApp/);
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(taskFormPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine',
    async (_name, path) => {
      const asked: SaveTaskInput[] = [];
      const emitted: Array<{ type: string }> = [];
      const actor = await replayPath(taskFormPathModel, path, {
        advance: () => undefined,
        onStep: ({ index, step, snapshot, actor: running }) => {
          if (index === 0) running.on('*', (event: { type: string }) => emitted.push(event));
          expectStepState(snapshot, step);
          const child = (snapshot as TaskFormSnapshot).children.saveTask;
          if (child) asked.push(child.getSnapshot().input as SaveTaskInput);
        },
      });
      // "Salvar" again after a refusal or a lost answer repeats the key; changed values get a new one.
      expectKeysFollowSubmissions(
        asked.map((input) => ({ body: input.body, key: input.idempotencyKey, afterSuccess: false })),
      );
      // A save always sends a body the contract accepts: a title, a due time, and a follow-up only
      // with a message, for a customer with WhatsApp.
      for (const input of asked) {
        expect(input.taskId).toBe(path.scenario.input.taskId);
        expect(input.body.title).not.toBe('');
        expect(input.body.dueAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        if (input.body.followUpMessage !== null) {
          expect(input.body.followUpMessage).toBe(MESSAGE);
          expect(input.body.customerId).toBe(maria.id);
        }
      }
      const end = actor.getSnapshot() as TaskFormSnapshot;
      if (end.status === 'done') expect(end.output).toEqual(savedTask);
      // Once saved, and only then, the chart says so and where the app goes: back to the list, in place of the form.
      expect(emitted).toEqual(
        end.status === 'done'
          ? [
              { type: 'taskSaved', task: savedTask },
              { type: 'navigate', to: path.scenario.input.backTo, replace: true },
            ]
          : [],
      );
      actor.stop();
    },
  );
});

describe('task form rules', () => {
  it('the switch does not turn on without a customer with WhatsApp', () => {
    const actor = start();
    actor.send({ type: 'SET_FOLLOW_UP', on: true });
    expect(actor.getSnapshot().context.values.followUp).toBe(false);
    actor.send({ type: 'PICK_CUSTOMER', customer: joao });
    actor.send({ type: 'SET_FOLLOW_UP', on: true });
    expect(actor.getSnapshot().context.values.followUp).toBe(false);
    actor.send({ type: 'PICK_CUSTOMER', customer: maria });
    actor.send({ type: 'SET_FOLLOW_UP', on: true });
    expect(actor.getSnapshot().context.values.followUp).toBe(true);
  });

  it('picking a customer without WhatsApp turns the follow-up off and keeps the text for later', () => {
    const actor = start({ customer: maria, followUp: true, message: MESSAGE });
    actor.send({ type: 'PICK_CUSTOMER', customer: null });
    expect(actor.getSnapshot().context.values).toMatchObject({ followUp: false, message: MESSAGE });
    actor.send({ type: 'PICK_CUSTOMER', customer: maria });
    actor.send({ type: 'SET_FOLLOW_UP', on: true });
    expect(taskInputOf(actor.getSnapshot().context.values).followUpMessage).toBe(MESSAGE);
  });

  it('a message written only in spaces is no message', () => {
    const actor = start({ customer: maria, followUp: true, message: '   ' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problems).toEqual({ followUp: 'empty' });
  });

  it('writing the message does not answer a missing WhatsApp number', () => {
    const actor = start({ customer: joao, followUp: true, message: '' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'EDIT', values: { message: MESSAGE } });
    expect(actor.getSnapshot().context.problems).toEqual({ followUp: 'needsCustomer' });
  });

  it('the body: trimmed text, no description as null, the follow-up only while the switch is on', () => {
    const values = {
      ...newTaskValues(DUE),
      title: '  Ligar  ',
      description: '  ',
      customer: maria,
      followUp: false,
      message: MESSAGE,
      recurrence: 'monthly' as const,
    };
    expect(taskInputOf(values)).toEqual({
      title: 'Ligar',
      description: null,
      dueAt: new Date(2030, 0, 15, 11, 0).toISOString(),
      customerId: maria.id,
      recurrence: 'monthly',
      followUpMessage: null,
    });
  });

  it('"Responsável": left out of the body until picked, null for "Sem responsável"; a refusal sits beside it until another pick', async () => {
    const refusal = Object.assign(new Error('Confira os campos destacados.'), {
      status: 400,
      issues: [{ path: 'assigneeUserId', message: ASSIGNEE_NOT_MEMBER_TEXT }],
    });
    const sent: SaveTaskInput[] = [];
    const actor = createActor(
      taskFormMachine.provide({
        actors: {
          saveTask: fromPromise<Task, SaveTaskInput>(async ({ input }) => {
            sent.push(input);
            throw refusal;
          }),
        },
      }),
      {
        input: {
          taskId: null,
          values: { ...newTaskValues(DUE), title: 'Ligar' },
          formId: TASK_FORM_ID,
          backTo: '/tasks',
        },
      },
    ).start();
    expect(taskInputOf(actor.getSnapshot().context.values)).not.toHaveProperty('assigneeUserId');
    actor.send({ type: 'EDIT', values: { assigneeUserId: null } });
    expect(taskInputOf(actor.getSnapshot().context.values).assigneeUserId).toBeNull();

    actor.send({ type: 'EDIT', values: { assigneeUserId: 'u-carla' } });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(sent[0]?.body.assigneeUserId).toBe('u-carla');
    expect(actor.getSnapshot().context.serverIssues).toEqual({ assignee: ASSIGNEE_NOT_MEMBER_TEXT });
    actor.send({ type: 'EDIT', values: { assigneeUserId: 'u-ana' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.serverIssues).toEqual({});
  });

  it.each([
    [new Date(2030, 0, 15, 9, 20), new Date(2030, 0, 15, 10, 0)],
    [new Date(2030, 0, 15, 9, 0), new Date(2030, 0, 15, 10, 0)],
    [new Date(2030, 0, 15, 23, 30), new Date(2030, 0, 16, 0, 0)],
  ])('"Nova tarefa" at %s proposes %s', (now, due) => {
    expect(nextFullHour(now)).toEqual(due);
  });

  it.each([
    ['', '10:00'],
    ['2030-01-15', ''],
    ['15/01/2030', '10:00'],
    ['2030-02-31x', '10:00'],
  ])('no due time from %j and %j', (date, time) => {
    expect(dueAtOf(date, time)).toBeNull();
  });
});
