import { type ActorRefFrom, assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { type AdvisorMessage, AI_UNAVAILABLE_TEXT, advisorQuestionSchema } from '../../contracts/advisor';
import { appPaths } from '../app-paths';
import { failureMessage } from '../failure-message';
import { type NavigateEvent, navigateEvent } from '../navigate-event';

export interface AdvisorChatInput {
  /** The address's `search`: asked once the conversation has loaded ('' asks nothing). */
  search: string;
  /** The clock for messages written here (default: now). */
  now?: () => string;
}

/**
 * A message on screen: the server's, or one only this page has. `local` says which: the question
 * sent but not yet kept (`pending`), an answer stopped by the person (`stopped`, the text written
 * so far), an answer whose connection dropped (`unavailable`, AI_UNAVAILABLE_TEXT).
 */
export type AdvisorChatMessage = AdvisorMessage & { local?: 'pending' | 'stopped' | 'unavailable' };

export interface AdvisorChatContext {
  now: () => string;
  messages: AdvisorChatMessage[];
  /** What the question field holds. */
  draft: string;
  /** The address's question, until it is asked. */
  search: string;
  /** The question being answered: shown at once, replaced by the kept one when the stream starts. */
  question: AdvisorChatMessage | null;
  /** The answer as written so far. */
  answer: string;
  /** Why the last question or the clearing was refused (the server's words), shown by the field. */
  failure: string | null;
  /** Why the conversation could not be read, for the error screen. */
  loadError: string | null;
}

/** What the stream of an answer reports (the `ask` actor), and what the person does. */
export type AdvisorChatEvent =
  | { type: 'RETRY' }
  | { type: 'CHANGE_DRAFT'; text: string }
  /** Send the field's question. */
  | { type: 'ASK' }
  /** One of the empty chat's examples. */
  | { type: 'ASK_EXAMPLE'; question: string }
  | { type: 'STOP' }
  | { type: 'CLEAR' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The server kept the question: the stream has started. */
  | { type: 'STARTED'; question: AdvisorMessage }
  | { type: 'DELTA'; text: string }
  | { type: 'DONE'; answer: AdvisorMessage }
  /** The answer failed mid-way; `answer` is the kept failed message (its text in pt-BR). */
  | { type: 'FAILED'; answer: AdvisorMessage }
  /** Refused before any stream (400, 402, 403, 429): the server's words. Nothing was kept. */
  | { type: 'REFUSED'; message: string }
  /** The connection dropped (before or during the stream). */
  | { type: 'DROPPED' };

export interface AskInput {
  question: string;
}

export type AdvisorChatEmitted = NavigateEvent;

const notProvided = (what: string) => async (): Promise<never> => {
  throw new Error(`No way to ${what} was provided`);
};

const questionValid = (text: string) => advisorQuestionSchema.safeParse(text).success;

/** The local user message shown the moment a question is sent. */
function pendingQuestion(context: AdvisorChatContext, text: string): Partial<AdvisorChatContext> {
  return {
    question: {
      id: `local-${context.messages.length + 1}`,
      role: 'user',
      text: text.trim(),
      sources: [],
      mode: null,
      status: 'complete',
      createdAt: context.now(),
      local: 'pending',
    },
    answer: '',
    failure: null,
  };
}

/** An answer only this page has (stopped or dropped), after the question it answers. */
function localAnswer(
  context: AdvisorChatContext,
  local: 'stopped' | 'unavailable',
): Pick<AdvisorChatContext, 'messages' | 'question' | 'answer'> {
  const answer: AdvisorChatMessage = {
    id: `local-${context.messages.length + 2}`,
    role: 'assistant',
    text: local === 'stopped' ? context.answer : AI_UNAVAILABLE_TEXT,
    sources: [],
    mode: null,
    status: local === 'stopped' ? 'complete' : 'failed',
    createdAt: context.now(),
    local,
  };
  return {
    messages: [...context.messages, ...(context.question ? [context.question] : []), answer],
    question: null,
    answer: '',
  };
}

/**
 * The advisor chat (/home/advisor, issue 18). `loading` the person's conversation → `ready`, or
 * `loadFailed` (the page's error screen, RETRY). With the address's `search`, that question is
 * asked once loaded and the address loses it (replaced), so a reload does not ask again. `ready`:
 * the field (Enter sends), the empty chat's examples, "Limpar conversa" (`confirmingClear` →
 * `clearing`). `asking` (one question at a time) runs the `ask` actor, which streams the answer and
 * reports it: the question shows at once; `STARTED` puts the kept one in its place (`writing`),
 * `DELTA`s add to the answer, `DONE` / `FAILED` put the kept answer in the conversation. Refused
 * before the stream: the question goes back to the field with the server's words. A dropped
 * connection: AI_UNAVAILABLE_TEXT as the answer and the question back in the field, to ask again.
 * STOP ends the stream (leaving `asking` stops the actor, which aborts the call) and keeps what
 * was written.
 */
export const advisorChatMachine = setup({
  types: {
    input: {} as AdvisorChatInput,
    context: {} as AdvisorChatContext,
    events: {} as AdvisorChatEvent,
    emitted: {} as AdvisorChatEmitted,
  },
  actors: {
    loadConversation: fromPromise<AdvisorMessage[]>(notProvided('load the conversation')),
    clearConversation: fromPromise<unknown>(notProvided('clear the conversation')),
    // The app's streams the answer and sends the stream's events back; this one never answers.
    ask: fromCallback<AdvisorChatEvent, AskInput>(() => {}),
  },
  actions: {
    askDraft: assign(({ context }) => ({ ...pendingQuestion(context, context.draft), draft: '' })),
    askExample: assign(({ context, event }) =>
      event.type === 'ASK_EXAMPLE' ? pendingQuestion(context, event.question) : {},
    ),
    askSearch: assign(({ context }) => ({ ...pendingQuestion(context, context.search), search: '' })),
    /** The address loses its question, so a reload does not ask it again. */
    forgetSearch: emit(navigateEvent(appPaths.homeAdvisor, true)),
    /** The question back in the field (unless something new was typed meanwhile). */
    restoreDraft: assign(({ context }) => ({
      draft: context.draft.trim() === '' && context.question ? context.question.text : context.draft,
    })),
  },
  guards: {
    draftValid: ({ context }) => questionValid(context.draft),
    exampleValid: ({ event }) => event.type === 'ASK_EXAMPLE' && questionValid(event.question),
    searchPending: ({ context }) => questionValid(context.search),
    hasMessages: ({ context }) => context.messages.length > 0,
  },
}).createMachine({
  id: 'advisorChat',
  context: ({ input }) => ({
    now: input.now ?? (() => new Date().toISOString()),
    messages: [],
    draft: '',
    search: input.search,
    question: null,
    answer: '',
    failure: null,
    loadError: null,
  }),
  // Typing goes on while an answer is written; only sending waits.
  on: { CHANGE_DRAFT: { actions: assign({ draft: ({ event }) => event.text }) } },
  initial: 'loading',
  states: {
    loading: {
      description: 'The conversation is read: a skeleton.',
      invoke: {
        id: 'loadConversation',
        src: 'loadConversation',
        onDone: [
          {
            guard: 'searchPending',
            target: 'asking',
            actions: [
              assign({ messages: ({ event }) => event.output, loadError: null }),
              'askSearch',
              'forgetSearch',
            ],
          },
          { target: 'ready', actions: assign({ messages: ({ event }) => event.output, loadError: null }) },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ loadError: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    loadFailed: {
      description: 'The page\'s error screen with "Tentar novamente".',
      on: { RETRY: 'loading' },
    },
    ready: {
      description: 'The conversation (or the examples when empty), the field and "Limpar conversa".',
      on: {
        ASK: { guard: 'draftValid', target: 'asking', actions: 'askDraft' },
        ASK_EXAMPLE: { guard: 'exampleValid', target: 'asking', actions: 'askExample' },
        CLEAR: { guard: 'hasMessages', target: 'confirmingClear', actions: assign({ failure: null }) },
      },
    },
    asking: {
      description: 'The question shows at once; the answer streams in; "Parar" ends it.',
      invoke: {
        id: 'ask',
        src: 'ask',
        input: ({ context }) => ({ question: context.question!.text }),
      },
      initial: 'waiting',
      on: {
        DONE: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            messages: [...context.messages, ...(context.question ? [context.question] : []), event.answer],
            question: null,
            answer: '',
          })),
        },
        FAILED: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            messages: [...context.messages, ...(context.question ? [context.question] : []), event.answer],
            question: null,
            answer: '',
          })),
        },
        DROPPED: {
          target: 'ready',
          actions: ['restoreDraft', assign(({ context }) => localAnswer(context, 'unavailable'))],
        },
        STOP: { target: 'ready', actions: assign(({ context }) => localAnswer(context, 'stopped')) },
      },
      states: {
        waiting: {
          description: 'The question is sent; "Escrevendo..." until the server keeps it.',
          on: {
            STARTED: {
              target: 'writing',
              actions: assign({ question: ({ event }) => event.question }),
            },
            REFUSED: {
              target: '#advisorChat.ready',
              actions: [
                'restoreDraft',
                assign({ question: null, answer: '', failure: ({ event }) => event.message }),
              ],
            },
          },
        },
        writing: {
          description: 'The answer grows as it is written.',
          on: { DELTA: { actions: assign({ answer: ({ context, event }) => context.answer + event.text }) } },
        },
      },
    },
    confirmingClear: {
      description: 'The question "Apagar toda a conversa…?" with "Apagar conversa" and "Cancelar".',
      on: { CONFIRM: 'clearing', CANCEL: 'ready' },
    },
    clearing: {
      description: 'The conversation is being forgotten: "Apagando...".',
      invoke: {
        id: 'clearConversation',
        src: 'clearConversation',
        onDone: { target: 'ready', actions: assign({ messages: [] }) },
        onError: {
          target: 'ready',
          actions: assign({ failure: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
  },
});

export type AdvisorChatActor = ActorRefFrom<typeof advisorChatMachine>;
