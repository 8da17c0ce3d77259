import type { Page } from 'playwright-core';
import {
  askAdvisorContract,
  clearAdvisorConversationContract,
  getAdvisorConversationContract,
} from '../../../contracts/advisor';
import type { ChartPath } from '../../../tests/support/chart-paths';
import {
  type AdvisorChatLayer,
  advisorChatDriver,
  advisorChatExpectation,
} from '../../../tests/support/drivers/advisor-chat.driver';
import { chartAccount } from '../accounts';
import type { BrowserDriver, ReplayContext } from '../browser-driver';
import { browserSurface } from '../browser-surface';
import { HeldEventStreams } from '../held-event-streams';
import { HeldCalls } from './held-calls';

interface Run {
  driver: ReturnType<typeof advisorChatDriver>;
}

const runs = new WeakMap<Page, Run>();

function layerFor(
  page: Page,
  context: ReplayContext,
  calls: { conversation: HeldCalls; clear: HeldCalls; questions: HeldCalls },
  streams: HeldEventStreams,
): AdvisorChatLayer {
  return {
    async open(url) {
      await page.goto(new URL(url, context.baseURL).toString());
    },
    async answerConversation(action) {
      await calls.conversation.answer(
        action.status === 200
          ? { status: 200, body: { success: true, data: { messages: action.messages } } }
          : { status: 500, body: action.body },
      );
    },
    async streamStarted(action) {
      await streams.open(await calls.questions.next(), { type: 'started', question: action.question });
    },
    async streamDelta(action) {
      streams.send({ type: 'delta', text: action.text });
    },
    async streamEnd(action) {
      streams.send({ type: action.event, answer: action.answer });
      streams.end();
    },
    async refuseQuestion(action) {
      await calls.questions.answer({ status: action.status, body: action.body });
    },
    async dropStream() {
      if (streams.streaming) streams.drop();
      else await calls.questions.answer('network-error');
    },
    async answerClear(action) {
      await calls.clear.answer(
        action.status === 200
          ? { status: 200, body: { success: true, data: { cleared: action.cleared } } }
          : { status: 500, body: action.body },
      );
    },
    async asked() {
      return calls.questions.requests.map(
        (request) => (request.postDataJSON() as { question: string }).question,
      );
    },
  };
}

/**
 * The advisor chat in Chromium: a fresh onboarded account, one per run. The conversation's GET and
 * DELETE held with page.route and answered with the path's data; each question's POST held, then
 * refused in the envelope, dropped, or continued to a local server that streams the path's events
 * one step at a time.
 */
export const advisorChatBrowserDriver: BrowserDriver<ChartPath> = {
  page: '/home/advisor',
  setup:
    'a fresh account made through the real sign-up (dev outbox) and onboarded, one per run; ' +
    'GET and DELETE /api/advisor/conversation held with page.route and answered with the path’s data (contracts/advisor.ts); ' +
    'POST /api/advisor/conversation/messages held with page.route: its 429 served, its dropped connection aborted, its answer continued to a ' +
    'local server that writes the server-sent events one step at a time (or cuts the connection mid-stream)',
  expectation: advisorChatExpectation,

  async open(page, _url, context) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await chartAccount(page, context, 'advisor-chat');
    const streams = await context.once('advisor-chat-streams', () => HeldEventStreams.start());
    streams.reset();
    const calls = {
      conversation: await HeldCalls.on(page, 'GET', getAdvisorConversationContract.url),
      clear: await HeldCalls.on(page, 'DELETE', clearAdvisorConversationContract.url),
      questions: await HeldCalls.on(page, 'POST', askAdvisorContract.url),
    };
    runs.set(page, {
      driver: advisorChatDriver(browserSurface(page), layerFor(page, context, calls, streams)),
    });
  },

  act: (page, path, index) => runs.get(page)!.driver.act(path, index),
  check: (page, path, index) => runs.get(page)!.driver.check(path, index),
};
