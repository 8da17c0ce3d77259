import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  ADVISOR_OFFLINE_NOTICE_TEXT,
  type AdvisorMessage,
  AI_BUDGET_EXHAUSTED_TEXT,
  AI_UNAVAILABLE_TEXT,
} from '../../contracts/advisor';
import { appPaths } from '../app-paths';
import {
  type AdvisorChatEvent,
  type AdvisorChatInput,
  type AdvisorChatMessage,
  advisorChatMachine,
} from './advisor-chat.machine';
import { ADVISOR_EXAMPLE_QUESTIONS, ADVISOR_LOAD_FAILED_TEXT, advisorChatTexts } from './advisor-chat.texts';

/**
 * The advisor chat's path model (/home/advisor), and per step what to do in the running app and
 * what the owner must see (`planAdvisorChatStep`), as data for drivers.
 */

export type AdvisorChatSnapshot = SnapshotFrom<typeof advisorChatMachine>;

export interface AdvisorChatScenario {
  name: 'history' | 'search';
  summary: string;
  input: AdvisorChatInput;
}

const AT = '2030-01-15T12:00:00.000Z';
const now = () => AT;

/** What Ana types. */
export const TYPED_QUESTION = 'Como respondo um cliente que achou caro?';
/** What home's "Pergunte ao consultor" put in the address. */
export const SEARCH_QUESTION = 'Quais tarefas estão atrasadas?';

/** The conversation GET answers: an earlier question and its online answer, with the customer it used. */
export const earlierConversation: AdvisorMessage[] = [
  {
    id: 'm-1',
    role: 'user',
    text: 'Quem é minha melhor cliente?',
    sources: [],
    mode: null,
    status: 'complete',
    createdAt: '2030-01-14T15:00:00.000Z',
  },
  {
    id: 'm-2',
    role: 'assistant',
    text: 'A Maria Souza: três compras este mês.',
    sources: [{ kind: 'customer', id: 'c-maria', label: 'Maria Souza', href: '/customers/c-maria' }],
    mode: 'online',
    status: 'complete',
    createdAt: '2030-01-14T15:00:02.000Z',
  },
];

/** The answer as it streams, in two pieces. */
export const ANSWER_CHUNKS = ['Você tem 2 tarefas atrasadas: ', 'ligar para a Maria e enviar o orçamento.'];

const sourcesOfAnswer: AdvisorMessage['sources'] = [
  { kind: 'task', id: 't-ligar', label: 'Ligar para a Maria', href: '/home/t-ligar' },
  { kind: 'customer', id: 'c-maria', label: 'Maria Souza', href: '/customers/c-maria' },
];

/** The server's kept question, as `started` carries it. */
export function keptQuestion(snapshot: AdvisorChatSnapshot): AdvisorMessage {
  return {
    id: `m-${snapshot.context.messages.length + 1}`,
    role: 'user',
    text: snapshot.context.question?.text ?? '',
    sources: [],
    mode: null,
    status: 'complete',
    createdAt: AT,
  };
}

/** `done`'s answer: the offline mode's, with the records it used. */
export function keptAnswer(snapshot: AdvisorChatSnapshot): AdvisorMessage {
  return {
    id: `m-${snapshot.context.messages.length + 2}`,
    role: 'assistant',
    text: ANSWER_CHUNKS.join(''),
    sources: sourcesOfAnswer,
    mode: 'offline',
    status: 'complete',
    createdAt: AT,
  };
}

/** `failed`'s answer: the LLM gave up mid-way; the kept message says so. */
export function keptFailedAnswer(snapshot: AdvisorChatSnapshot): AdvisorMessage {
  return {
    id: `m-${snapshot.context.messages.length + 2}`,
    role: 'assistant',
    text: AI_UNAVAILABLE_TEXT,
    sources: [],
    mode: 'online',
    status: 'failed',
    createdAt: AT,
  };
}

export const advisorChatScenarios: AdvisorChatScenario[] = [
  {
    name: 'history',
    summary: 'Ana opens the advisor; she asked it something yesterday',
    input: { search: '', now },
  },
  {
    name: 'search',
    summary: `Ana asks "${SEARCH_QUESTION}" from home: the advisor opens with it in the address`,
    input: { search: SEARCH_QUESTION, now },
  },
];

/** Questions asked per path stay few: at most one exchange after yesterday's, two after clearing. */
const MAX_MESSAGES = 4;

function signature(message: AdvisorChatMessage): string {
  return `${message.role}:${message.local ?? message.status}:${message.text}`;
}

const stateValueOf = (snapshot: AdvisorChatSnapshot) => JSON.stringify(snapshot.value);

export const advisorChatPathModel = {
  chart: 'advisor-chat',
  title:
    '/home/advisor: the conversation, a question asked and its answer streamed, stopped, refused or cleared',
  machine: advisorChatMachine,
  scenarios: advisorChatScenarios,

  events(snapshot: AdvisorChatSnapshot): AdvisorChatEvent[] {
    const { context } = snapshot;
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    if (snapshot.matches('confirmingClear')) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
    if (snapshot.matches({ asking: 'waiting' }))
      return [
        { type: 'STARTED', question: keptQuestion(snapshot) },
        { type: 'REFUSED', message: AI_BUDGET_EXHAUSTED_TEXT },
        { type: 'DROPPED' },
        { type: 'STOP' },
      ];
    if (snapshot.matches({ asking: 'writing' })) {
      const events: AdvisorChatEvent[] = [
        { type: 'DONE', answer: keptAnswer(snapshot) },
        { type: 'FAILED', answer: keptFailedAnswer(snapshot) },
        { type: 'DROPPED' },
        { type: 'STOP' },
      ];
      const next = ANSWER_CHUNKS.findIndex((_, i) => ANSWER_CHUNKS.slice(0, i).join('') === context.answer);
      if (next >= 0) events.unshift({ type: 'DELTA', text: ANSWER_CHUNKS[next]! });
      return events;
    }
    if (!snapshot.matches('ready')) return [];
    const events: AdvisorChatEvent[] = [];
    const room = context.messages.length < MAX_MESSAGES;
    if (room && context.draft === '') events.push({ type: 'CHANGE_DRAFT', text: TYPED_QUESTION });
    if (room && context.draft !== '') events.push({ type: 'ASK' });
    if (context.messages.length === 0)
      events.push({ type: 'ASK_EXAMPLE', question: ADVISOR_EXAMPLE_QUESTIONS[0] });
    if (context.messages.length > 0) events.push({ type: 'CLEAR' });
    return events;
  },

  actors: [
    {
      id: 'loadConversation',
      src: 'loadConversation',
      outputs: [earlierConversation],
      errors: [new Error('Falha interna. Tente de novo em instantes.')],
    },
    {
      id: 'clearConversation',
      src: 'clearConversation',
      outputs: [{ cleared: 2 }],
      errors: [new Error('Falha interna. Tente de novo em instantes.')],
    },
  ],

  serializeState(snapshot: AdvisorChatSnapshot): string {
    const { context } = snapshot;
    return [
      stateValueOf(snapshot),
      `messages ${context.messages.map(signature).join(',')}`,
      `question ${context.question ? signature(context.question) : '-'}`,
      `answer ${context.answer.length}`,
      `draft ${context.draft.length}`,
      `failure ${context.failure ?? '-'}`,
      `search ${context.search.length}`,
    ].join(' · ');
  },

  coverageKey(snapshot: AdvisorChatSnapshot): string {
    const { context } = snapshot;
    return [
      stateValueOf(snapshot),
      context.messages.length === 0 ? 'empty' : 'conversation',
      context.failure ? 'failure' : 'no failure',
      context.draft === '' ? 'no draft' : 'draft',
    ].join(' · ');
  },

  describeState(snapshot: AdvisorChatSnapshot): string {
    const { context } = snapshot;
    if (snapshot.matches('loading')) return `"${advisorChatTexts.loading}"`;
    if (snapshot.matches('loadFailed')) return `the error screen "${ADVISOR_LOAD_FAILED_TEXT}"`;
    const parts = [context.messages.length === 0 ? 'the examples' : `${context.messages.length} messages`];
    if (snapshot.matches({ asking: 'waiting' }))
      parts.push(`"${context.question?.text}" sent, "Escrevendo..."`);
    if (snapshot.matches({ asking: 'writing' }))
      parts.push(`the answer being written (${context.answer.length} characters)`);
    if (snapshot.matches('confirmingClear')) parts.push('the question "Apagar toda a conversa…?"');
    if (snapshot.matches('clearing')) parts.push('"Apagando..."');
    if (context.failure) parts.push(`"${context.failure}"`);
    if (context.draft) parts.push(`the field holds "${context.draft}"`);
    return parts.join(', ');
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'xstate.done.actor.loadConversation':
        return 'The server answers the conversation: yesterday’s question and answer';
      case 'xstate.error.actor.loadConversation':
        return 'The conversation fails to load (500)';
      case 'RETRY':
        return 'Ana presses "Tentar novamente"';
      case 'CHANGE_DRAFT':
        return `Ana types "${event.text}"`;
      case 'ASK':
        return 'Ana presses Enter';
      case 'ASK_EXAMPLE':
        return `Ana clicks the example "${event.question}"`;
      case 'STARTED':
        return 'The server keeps the question and starts streaming the answer';
      case 'DELTA':
        return `A piece of the answer arrives: "${event.text}"`;
      case 'DONE':
        return 'The answer is done (offline mode, two records linked)';
      case 'FAILED':
        return 'The answer fails mid-way: the kept message says the AI could not answer';
      case 'REFUSED':
        return 'The server refuses the question before any stream: the monthly AI budget is used up (429)';
      case 'DROPPED':
        return 'The connection drops';
      case 'STOP':
        return `Ana presses "${advisorChatTexts.stop}"`;
      case 'CLEAR':
        return `Ana presses "${advisorChatTexts.clear}"`;
      case 'CONFIRM':
        return `Ana presses "${advisorChatTexts.clearConfirm}"`;
      case 'CANCEL':
        return `Ana presses "${advisorChatTexts.clearCancel}"`;
      case 'xstate.done.actor.clearConversation':
        return 'The server forgets the conversation';
      case 'xstate.error.actor.clearConversation':
        return 'Clearing fails (500)';
      default:
        return event.type;
    }
  },
};

const internalError = {
  success: false as const,
  error: 'Falha interna. Tente de novo em instantes.',
  code: 'INTERNAL_ERROR',
};

/** What the drivers do in the running app, as data. */
export type AdvisorChatUserAction =
  | { do: 'open'; url: string }
  /** Answer GET /api/advisor/conversation. */
  | { do: 'answer-conversation'; status: 200; messages: AdvisorMessage[] }
  | { do: 'answer-conversation'; status: 500; body: typeof internalError }
  | { do: 'type-question'; text: string }
  | { do: 'press'; key: 'Enter' }
  | { do: 'click'; button: string }
  /** The held POST …/messages answered with an event stream whose first event is `started`. */
  | { do: 'stream-started'; question: AdvisorMessage }
  | { do: 'stream-delta'; text: string }
  /** The stream's last event; the stream then ends. */
  | { do: 'stream-end'; event: 'done' | 'failed'; answer: AdvisorMessage }
  /** The held POST answered in the envelope, before any stream. */
  | { do: 'refuse-question'; status: 429; body: { success: false; error: string; code: string } }
  /** The held POST, or its stream, loses its connection. */
  | { do: 'drop-stream' }
  | { do: 'answer-clear'; status: 200; cleared: number }
  | { do: 'answer-clear'; status: 500; body: typeof internalError };

export interface AdvisorChatScreenSource {
  label: string;
  href: string;
}

export interface AdvisorChatScreenMessage {
  from: 'user' | 'advisor';
  text: string;
  /** ADVISOR_OFFLINE_NOTICE_TEXT above it (offline answers). */
  notice: string | null;
  sources: AdvisorChatScreenSource[];
  /** Shown as an error (a failed answer). */
  failed: boolean;
  /** The line under it ("Resposta interrompida.", "Escrevendo..."), if any. */
  note: string | null;
}

export type AdvisorChatScreen =
  | { shows: 'loading' }
  | { shows: 'error'; text: string }
  | {
      shows: 'chat';
      messages: AdvisorChatScreenMessage[];
      /** The empty chat's examples (none once there is a conversation). */
      examples: string[];
      draft: string;
      sendEnabled: boolean;
      stopShown: boolean;
      failure: string | null;
      clear: 'offered' | 'confirming' | 'clearing' | 'none';
    };

export interface AdvisorChatStepPlan {
  actions: AdvisorChatUserAction[];
  screen: AdvisorChatScreen;
  /** The questions POSTed so far, in order. */
  asked: string[];
  /** The address the page shows. */
  address: string;
}

interface PlannablePath {
  scenario: { name: string; input: AdvisorChatInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: AdvisorChatSnapshot }>;
}

function openUrl(input: AdvisorChatInput): string {
  return input.search
    ? `${appPaths.homeAdvisor}?search=${encodeURIComponent(input.search)}`
    : appPaths.homeAdvisor;
}

function actionsFor(path: PlannablePath, event: AnyEventObject): AdvisorChatUserAction[] {
  switch (event.type) {
    case 'xstate.init':
      return [{ do: 'open', url: openUrl(path.scenario.input) }];
    case 'xstate.done.actor.loadConversation':
      return [{ do: 'answer-conversation', status: 200, messages: earlierConversation }];
    case 'xstate.error.actor.loadConversation':
      return [{ do: 'answer-conversation', status: 500, body: internalError }];
    case 'RETRY':
      return [{ do: 'click', button: 'Tentar novamente' }];
    case 'CHANGE_DRAFT':
      return [{ do: 'type-question', text: event.text }];
    case 'ASK':
      return [{ do: 'press', key: 'Enter' }];
    case 'ASK_EXAMPLE':
      return [{ do: 'click', button: event.question }];
    case 'STARTED':
      return [{ do: 'stream-started', question: event.question }];
    case 'DELTA':
      return [{ do: 'stream-delta', text: event.text }];
    case 'DONE':
      return [{ do: 'stream-end', event: 'done', answer: event.answer }];
    case 'FAILED':
      return [{ do: 'stream-end', event: 'failed', answer: event.answer }];
    case 'REFUSED':
      return [
        {
          do: 'refuse-question',
          status: 429,
          body: { success: false, error: event.message, code: 'RATE_LIMITED' },
        },
      ];
    case 'DROPPED':
      return [{ do: 'drop-stream' }];
    case 'STOP':
      return [{ do: 'click', button: advisorChatTexts.stop }];
    case 'CLEAR':
      return [{ do: 'click', button: advisorChatTexts.clear }];
    case 'CONFIRM':
      return [{ do: 'click', button: advisorChatTexts.clearConfirm }];
    case 'CANCEL':
      return [{ do: 'click', button: advisorChatTexts.clearCancel }];
    case 'xstate.done.actor.clearConversation':
      return [{ do: 'answer-clear', status: 200, cleared: 2 }];
    case 'xstate.error.actor.clearConversation':
      return [{ do: 'answer-clear', status: 500, body: internalError }];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

function screenMessage(message: AdvisorChatMessage): AdvisorChatScreenMessage {
  return {
    from: message.role === 'user' ? 'user' : 'advisor',
    text: message.text,
    notice: message.mode === 'offline' ? ADVISOR_OFFLINE_NOTICE_TEXT : null,
    sources: message.sources.map((s) => ({ label: s.label, href: s.href })),
    failed: message.status === 'failed',
    note: message.local === 'stopped' ? advisorChatTexts.stopped : null,
  };
}

function screenOf(state: AdvisorChatSnapshot): AdvisorChatScreen {
  if (state.matches('loadFailed')) return { shows: 'error', text: ADVISOR_LOAD_FAILED_TEXT };
  if (state.matches('loading')) return { shows: 'loading' };
  const { context } = state;
  const asking = state.matches('asking');
  const messages = context.messages.map(screenMessage);
  if (asking && context.question) {
    messages.push(screenMessage(context.question));
    messages.push({
      from: 'advisor',
      text: context.answer,
      notice: null,
      sources: [],
      failed: false,
      note: advisorChatTexts.writing,
    });
  }
  return {
    shows: 'chat',
    messages,
    examples: messages.length === 0 ? [...ADVISOR_EXAMPLE_QUESTIONS] : [],
    draft: context.draft,
    sendEnabled: state.matches('ready') && state.can({ type: 'ASK' }),
    stopShown: asking,
    failure: context.failure,
    clear: state.matches('confirmingClear')
      ? 'confirming'
      : state.matches('clearing')
        ? 'clearing'
        : state.matches('ready') && context.messages.length > 0
          ? 'offered'
          : 'none',
  };
}

/** What to do at step `index` of an advisor-chat path, and what Ana must then see. */
export function planAdvisorChatStep(path: PlannablePath, index: number): AdvisorChatStepPlan {
  const { event, state } = path.steps[index]!;
  const asked = path.steps
    .slice(0, index + 1)
    .filter(
      (step, i) =>
        i > 0 && step.state.matches({ asking: 'waiting' }) && !path.steps[i - 1]!.state.matches('asking'),
    )
    .map((step) => step.state.context.question!.text);
  const searchAsked = asked.length > 0 && path.scenario.input.search !== '';
  const stillLoading = path.scenario.input.search !== '' && !searchAsked;
  return {
    actions: actionsFor(path, index === 0 ? { type: 'xstate.init' } : event),
    screen: screenOf(state),
    asked,
    address: stillLoading ? openUrl(path.scenario.input) : appPaths.homeAdvisor,
  };
}
