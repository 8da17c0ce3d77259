import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  type AdvisorMessage,
  AI_UNAVAILABLE_TEXT,
  askAdvisorContract,
  clearAdvisorConversationContract,
  getAdvisorConversationContract,
  previewAdvisorContract,
  suggestMessageContract,
} from '../../../contracts/advisor';
import { companyOf } from '../../auth/api/caller';
import { route } from '../../http/route';
import type { Llm } from '../../integrations/llm/llm';
import { LlmError } from '../../integrations/llm/llm';
import { loadCurrentTraining } from '../ai-training/current-training';
import type { ModuleRoutesOptions } from '../module-routes';
import { answerQuestion } from './answer-question';
import { clearConversation, keepExchange, loadConversation } from './chat-store';
import { type EventStream, openEventStream, wantsEventStream } from './event-stream';
import { llmFailure, suggestMessage } from './suggest-message';

export interface AdvisorRoutesOptions extends ModuleRoutesOptions {
  /** The configured LLM; null: the offline advisor. */
  llm: Llm | null;
}

/** How many earlier messages an online answer sees (the conversation so far, briefly). */
const PROMPT_HISTORY_MESSAGES = 6;

/** Asks per member: each one may cost the company LLM tokens. */
export const ASKS_PER_MINUTE = 20;
const perUserLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => request.caller?.userId ?? request.ip,
  },
});

/**
 * The advisor (spec §2 /home/advisor, issue 18): the caller's chat in their current company, answers
 * grounded in the company's data (streamed as server-sent events on request), the AI training's
 * preview and "Sugerir mensagem".
 */
export const advisorRoutes: FastifyPluginAsync<AdvisorRoutesOptions> = async (app, { db, llm }) => {
  const preHandler = app.auth.requireSubscriber;

  route(app, getAdvisorConversationContract, {
    preHandler,
    handler: async ({ request }) => {
      const { companyId, userId } = companyOf(request);
      return { messages: await loadConversation(db, companyId, userId) };
    },
  });

  route(app, clearAdvisorConversationContract, {
    preHandler,
    handler: async ({ request }) => {
      const { companyId, userId } = companyOf(request);
      return { cleared: await clearConversation(db, companyId, userId) };
    },
  });

  route(app, askAdvisorContract, {
    preHandler,
    config: perUserLimit(ASKS_PER_MINUTE),
    handler: async ({ request, reply, body }) => {
      const { companyId, userId } = companyOf(request);
      const training = await loadCurrentTraining(db, companyId);
      const history = llm
        ? (await loadConversation(db, companyId, userId, PROMPT_HISTORY_MESSAGES)).filter(
            (m) => m.status === 'complete',
          )
        : [];
      const question: AdvisorMessage = {
        id: randomUUID(),
        role: 'user',
        text: body.question,
        sources: [],
        mode: null,
        status: 'complete',
        createdAt: new Date().toISOString(),
      };
      let stream: EventStream | null = null;
      if (wantsEventStream(request)) {
        stream = openEventStream(reply);
        stream.send({ type: 'started', question });
      }
      try {
        const result = await answerQuestion({
          q: db,
          llm,
          companyId,
          userId,
          question: body.question,
          training,
          history,
          purpose: 'advisor',
          ...(stream && {
            onDelta: (text: string) => stream.send({ type: 'delta', text }),
            signal: stream.signal,
          }),
        });
        const answer: AdvisorMessage = {
          id: randomUUID(),
          role: 'assistant',
          text: result.text,
          sources: result.sources,
          mode: result.mode,
          status: result.status,
          createdAt: new Date().toISOString(),
        };
        await keepExchange(db, companyId, userId, question, answer);
        stream?.send({ type: answer.status === 'failed' ? 'failed' : 'done', answer });
        stream?.end();
        return answer;
      } catch (err) {
        if (!stream) throw err;
        // The stream is open: the envelope can no longer answer, so the failure is its last event.
        request.log.error({ err }, 'advisor answer failed');
        const answer: AdvisorMessage = {
          id: randomUUID(),
          role: 'assistant',
          text: AI_UNAVAILABLE_TEXT,
          sources: [],
          mode: llm ? 'online' : 'offline',
          status: 'failed',
          createdAt: new Date().toISOString(),
        };
        stream.send({ type: 'failed', answer });
        stream.end();
        return answer;
      }
    },
  });

  route(app, previewAdvisorContract, {
    preHandler,
    config: perUserLimit(ASKS_PER_MINUTE),
    handler: async ({ request, body }) => {
      const { companyId, userId } = companyOf(request);
      const result = await answerQuestion({
        q: db,
        llm,
        companyId,
        userId,
        question: body.question,
        training: body.training,
        purpose: 'preview',
      });
      if (result.status === 'failed')
        throw llmFailure(new LlmError(result.failure ?? 'unavailable', result.text));
      return { text: result.text, mode: result.mode, sources: result.sources };
    },
  });

  route(app, suggestMessageContract, {
    preHandler,
    config: perUserLimit(ASKS_PER_MINUTE),
    handler: ({ request, body }) => suggestMessage(db, llm, companyOf(request), body),
  });
};
