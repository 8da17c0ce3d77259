import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { type AdvisorMessage, AI_UNAVAILABLE_TEXT } from '../../contracts/advisor';
import {
  type AdvisorChatEvent,
  type AskInput,
  advisorChatMachine,
} from '../../machines/advisor-chat/advisor-chat.machine';
import {
  advisorChatPathModel,
  earlierConversation,
  SEARCH_QUESTION,
} from '../../machines/advisor-chat/advisor-chat.paths';
import type { NavigateEvent } from '../../machines/navigate-event';
import { expectFullCoverage, expectNumberedStories, expectStepState } from '../support/chart-path-checks';
import { generatePaths, replayPath } from '../support/chart-paths';

const paths = generatePaths(advisorChatPathModel);

describe('advisor-chat chart paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state and every transition of the chart, in both scenarios', () => {
    expectFullCoverage(advisorChatPathModel, paths);
    expect(new Set(paths.map((path) => path.scenario.name))).toEqual(new Set(['history', 'search']));
  });

  it('numbers paths 1..n, each one a readable story', () => {
    expectNumberedStories(advisorChatPathModel, paths, /undefined|null|\[object Object\]/);
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s replays on the real machine: each question asked once, the address forgotten once',
    async (_name, path) => {
      const asked: string[] = [];
      const navigations: NavigateEvent[] = [];
      const actor = await replayPath(advisorChatPathModel, path, {
        advance: (ms) => vi.advanceTimersByTimeAsync(ms),
        provide: {
          actors: {
            ask: fromCallback<AdvisorChatEvent, AskInput>(({ input }) => {
              asked.push(input.question);
            }),
          },
        },
        onStep: ({ step, snapshot, actor: running }) => {
          expectStepState(snapshot, step);
          // One question at a time: nothing more is sent while an answer is written.
          if (snapshot.matches('asking')) expect(snapshot.can({ type: 'ASK' })).toBe(false);
          if (step.event.type === 'xstate.init') running.on('navigate', (event) => navigations.push(event));
        },
      });
      const questions = path.steps
        .filter(
          (step, i) =>
            i > 0 && step.state.matches({ asking: 'waiting' }) && !path.steps[i - 1]!.state.matches('asking'),
        )
        .map((step) => step.state.context.question!.text);
      expect(asked).toEqual(questions);
      const searchAsked = path.scenario.input.search !== '' && questions[0] === SEARCH_QUESTION;
      expect(navigations).toEqual(
        searchAsked ? [{ type: 'navigate', to: '/home/advisor', replace: true }] : [],
      );
      actor.stop();
    },
  );
});

/** The chart with a conversation that loads at once and an `ask` the test drives. */
function chatWith(search = '') {
  const asks: Array<{ question: string; stopped: boolean; send: (event: AdvisorChatEvent) => void }> = [];
  const actor = createActor(
    advisorChatMachine.provide({
      actors: {
        loadConversation: fromPromise<AdvisorMessage[]>(async () => earlierConversation),
        ask: fromCallback<AdvisorChatEvent, AskInput>(({ input, sendBack }) => {
          const ask = { question: input.question, stopped: false, send: sendBack };
          asks.push(ask);
          return () => {
            ask.stopped = true;
          };
        }),
      },
    }),
    { input: { search } },
  ).start();
  return { actor, asks };
}

const kept = (id: string, role: 'user' | 'assistant', text: string): AdvisorMessage => ({
  id,
  role,
  text,
  sources: [],
  mode: role === 'user' ? null : 'online',
  status: 'complete',
  createdAt: '2030-01-15T12:00:00.000Z',
});

describe('advisor-chat chart', () => {
  it('stops the stream when "Parar" is pressed, keeping what was written', async () => {
    const { actor, asks } = chatWith();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHANGE_DRAFT', text: '  Quais negócios estão parados?  ' });
    actor.send({ type: 'ASK' });
    expect(asks.map((a) => a.question)).toEqual(['Quais negócios estão parados?']);
    asks[0]!.send({ type: 'STARTED', question: kept('m-3', 'user', 'Quais negócios estão parados?') });
    asks[0]!.send({ type: 'DELTA', text: 'Dois negócios' });
    actor.send({ type: 'STOP' });
    expect(asks[0]!.stopped).toBe(true);
    const { context } = actor.getSnapshot();
    expect(context.messages.slice(2).map((m) => [m.id, m.text, m.local])).toEqual([
      ['m-3', 'Quais negócios estão parados?', undefined],
      ['local-4', 'Dois negócios', 'stopped'],
    ]);
  });

  it('asks nothing for a blank field or a blank address', async () => {
    const { actor, asks } = chatWith('   ');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHANGE_DRAFT', text: '   ' });
    actor.send({ type: 'ASK' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(asks).toEqual([]);
  });

  it('puts a dropped question back in the field, unless something new was typed meanwhile', async () => {
    const { actor, asks } = chatWith(SEARCH_QUESTION);
    await waitFor(actor, (s) => s.matches('asking'));
    asks[0]!.send({ type: 'DROPPED' });
    expect(actor.getSnapshot().context.draft).toBe(SEARCH_QUESTION);
    expect(actor.getSnapshot().context.messages.at(-1)?.text).toBe(AI_UNAVAILABLE_TEXT);
    actor.send({ type: 'ASK' });
    actor.send({ type: 'CHANGE_DRAFT', text: 'Outra pergunta' });
    asks[1]!.send({ type: 'DROPPED' });
    expect(actor.getSnapshot().context.draft).toBe('Outra pergunta');
  });
});
