import { fromCallback, fromPromise } from 'xstate';
import {
  type AdvisorMessage,
  type AdvisorStreamEvent,
  clearAdvisorConversationContract,
  getAdvisorConversationContract,
} from '../../../../contracts/advisor';
import {
  type AdvisorChatEvent,
  type AskInput,
  advisorChatMachine,
} from '../../../../machines/advisor-chat/advisor-chat.machine';
import { ApiError } from '../../../api/api-error';
import { api } from '../../../api/client';
import { AdvisorQuestionRefused, streamAdvisorAnswer } from './advisor-stream';

function chartEventOf(event: AdvisorStreamEvent): AdvisorChatEvent {
  switch (event.type) {
    case 'started':
      return { type: 'STARTED', question: event.question };
    case 'delta':
      return { type: 'DELTA', text: event.text };
    case 'done':
      return { type: 'DONE', answer: event.answer };
    case 'failed':
      return { type: 'FAILED', answer: event.answer };
  }
}

/**
 * The advisor chat with the app's calls: the conversation read and cleared through the API client,
 * and each question's answer streamed, its events told to the chart. Stopping the `ask` actor (the
 * chart leaves `asking`: "Parar", or the page closes) aborts the stream.
 */
export const appAdvisorChatMachine = advisorChatMachine.provide({
  actors: {
    loadConversation: fromPromise<AdvisorMessage[]>(async ({ signal }) => {
      const result = await api.get(getAdvisorConversationContract.url, {
        schema: getAdvisorConversationContract.response,
        signal,
      });
      if (!result.success) throw new ApiError(result);
      return result.data.messages;
    }),
    clearConversation: fromPromise<unknown>(async ({ signal }) => {
      const result = await api.delete(clearAdvisorConversationContract.url, {
        schema: clearAdvisorConversationContract.response,
        signal,
      });
      if (!result.success) throw new ApiError(result);
      return result.data;
    }),
    ask: fromCallback<AdvisorChatEvent, AskInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      streamAdvisorAnswer(input.question, {
        signal: controller.signal,
        onEvent: (event) => sendBack(chartEventOf(event)),
      }).catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof AdvisorQuestionRefused) sendBack({ type: 'REFUSED', message: error.message });
        else sendBack({ type: 'DROPPED' });
      });
      return () => controller.abort();
    }),
  },
});
