import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  askAdvisorContract,
  clearAdvisorConversationContract,
  getAdvisorConversationContract,
} from '../../contracts/advisor';
import { advisorChatPathModel } from '../../machines/advisor-chat/advisor-chat.paths';
import { generatePaths, walkPath } from '../support/chart-paths';
import { type AdvisorChatLayer, advisorChatDriver } from '../support/drivers/advisor-chat.driver';
import { jsdomSurface } from '../support/ui/jsdom-surface';
import { HeldEventStreams } from './support/event-stream';
import { type FakeRoutes, HeldCalls, ok, settleQueries } from './support/fake-api';
import { withPagesPreloaded } from './support/preload-pages';
import { openSignedIn } from './support/signed-in';

const paths = generatePaths(advisorChatPathModel);

async function until(check: () => boolean) {
  for (let round = 0; round < 100 && !check(); round++) await settleQueries(1);
}

/** The advisor's endpoints, held: the conversation read and cleared, and each question's stream. */
function advisorApi() {
  const conversation = new HeldCalls();
  const clear = new HeldCalls();
  const questions = new HeldEventStreams();
  const routes: FakeRoutes = (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === getAdvisorConversationContract.url && request.method === 'GET')
      return conversation.receive(request);
    if (pathname === clearAdvisorConversationContract.url && request.method === 'DELETE')
      return clear.receive(request);
    if (pathname === askAdvisorContract.url && request.method === 'POST') return questions.receive(request);
    return undefined;
  };
  return { conversation, clear, questions, routes };
}

describe('/home/advisor: chart paths, as Ana sees them', () => {
  withPagesPreloaded();
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(paths.map((path) => [`${path.number} (${path.scenario.name})`, path] as const))(
    'path %s',
    async (_name, path) => {
      const api = advisorApi();
      const asked: string[] = [];
      let app: ReturnType<typeof openSignedIn> | undefined;
      const stream = async (run: () => void) => {
        await act(async () => run());
        await settleQueries();
      };
      const layer: AdvisorChatLayer = {
        async open(url) {
          app = openSignedIn(url, { routes: [api.routes] });
          await settleQueries();
        },
        async answerConversation(action) {
          await until(() => api.conversation.pending > 0);
          const reply =
            action.status === 200 ? ok({ messages: action.messages }) : { status: 500, body: action.body };
          expect(api.conversation.answer(reply), 'a conversation read waited').toBe(1);
          await settleQueries();
        },
        async streamStarted(action) {
          await until(() => api.questions.pending > 0);
          await stream(() => api.questions.open({ type: 'started', question: action.question }));
        },
        streamDelta: (action) => stream(() => api.questions.send({ type: 'delta', text: action.text })),
        streamEnd: (action) =>
          stream(() => {
            api.questions.send({ type: action.event, answer: action.answer });
            api.questions.end();
          }),
        async refuseQuestion(action) {
          await until(() => api.questions.pending > 0);
          await stream(() => api.questions.refuse({ status: action.status, body: action.body }));
        },
        async dropStream() {
          await until(() => api.questions.pending > 0 || api.questions.streaming);
          await stream(() => api.questions.drop());
        },
        async answerClear(action) {
          await until(() => api.clear.pending > 0);
          const reply =
            action.status === 200 ? ok({ cleared: action.cleared }) : { status: 500, body: action.body };
          expect(api.clear.answer(reply), 'a clearing waited').toBe(1);
          await settleQueries();
        },
        async asked() {
          // Each request's body, read once.
          for (const request of api.questions.requests.slice(asked.length))
            asked.push(((await request.clone().json()) as { question: string }).question);
          return [...asked];
        },
      };
      const driver = advisorChatDriver(jsdomSurface({ url: () => app?.url() }), layer);
      await walkPath(advisorChatPathModel, path, {
        act: (index) => driver.act(path, index),
        check: (index) => driver.check(path, index),
      });
      // Every question went out as the contract says: streamed, with the session's token.
      for (const request of api.questions.requests) {
        expect(request.headers.get('accept')).toBe('text/event-stream');
        expect(request.headers.get('authorization')).toMatch(/^Bearer /);
      }
      // "Parar" aborts the stream it stops, and nothing else is left hanging.
      const stops = path.steps.filter((step) => step.event.type === 'STOP').length;
      expect(api.questions.aborted).toBe(stops);
      app?.unmount();
    },
    30_000,
  );
});
