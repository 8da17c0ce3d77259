import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { ReplyInput } from '../../contracts/whatsapp-sending';
import type { ApprovedTemplate } from '../../contracts/whatsapp-templates';
import { failureMessage } from '../failure-message';

/** What the reply box needs to know before the owner writes: can the company send, and how. */
export interface ReplyBoxSetting {
  /** The company's connection can send now. */
  canSend: boolean;
  /** ISO 8601: when the customer's 24-hour window closes; null when it is closed. */
  windowClosesAt: string | null;
  /** The approved templates (read only when the window is closed and the company can send). */
  templates: ApprovedTemplate[];
}

export type ReplyBoxEvent =
  | { type: 'TYPE'; text: string }
  | { type: 'CHOOSE_TEMPLATE'; index: number }
  | { type: 'SET_PARAMETER'; index: number; value: string }
  | { type: 'SEND' }
  | { type: 'RETRY' }
  | { type: 'EDIT' }
  /** The customer's window as the server says it now (the customer wrote; null: it is closed). */
  | { type: 'WINDOW_CHANGED'; windowClosesAt: string | null };

interface ReplyBoxContext {
  mode: 'text' | 'template';
  windowClosesAt: string | null;
  templates: ApprovedTemplate[];
  text: string;
  /** Index into `templates` of the one chosen, or null. */
  templateIndex: number | null;
  parameters: string[];
  /** Why the last load or send failed (the envelope's pt-BR text). */
  error: string | null;
}

const filled = (value: string) => value.trim().length > 0;

/** A window lasts 24 hours: no timer runs longer (nor past what setTimeout can hold). */
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** How long until the window closes, from the clock now (0: closed already). */
export function untilWindowCloses(windowClosesAt: string | null, now = Date.now()): number {
  if (windowClosesAt === null) return 0;
  return Math.min(WINDOW_MS, Math.max(0, Date.parse(windowClosesAt) - now));
}

/** The reply as POST /api/customers/{id}/messages takes it, from what the owner composed. */
export function replyOf(context: ReplyBoxContext): ReplyInput {
  if (context.mode === 'text') return { text: context.text };
  const template = context.templates[context.templateIndex ?? -1];
  if (!template) throw new Error('No template chosen');
  return {
    template: { name: template.name, language: template.language },
    parameters: context.parameters,
  };
}

/** Nothing composed: after a reply went out, and at the start. */
const emptyComposition = (): Pick<ReplyBoxContext, 'text' | 'templateIndex' | 'parameters' | 'error'> => ({
  text: '',
  templateIndex: null,
  parameters: [],
  error: null,
});

/**
 * The reply box under the customer's conversation. Loads whether the company can send and the
 * customer's 24-hour window: without a working connection it is unavailable (a link to connect);
 * inside the window the owner writes free text; outside it, chooses an approved template and fills
 * its parameters. SEND hands the reply to the dispatcher; on success the box empties (the app
 * refreshes the timeline through `sent`), on failure it says the server's words and offers to try
 * again or to edit. The window is live while the owner composes: WINDOW_CHANGED (the customer wrote)
 * opens or moves it, and when its end passes the box reads the templates and switches to them.
 */
export const replyBoxMachine = setup({
  types: {
    context: {} as ReplyBoxContext,
    events: {} as ReplyBoxEvent,
  },
  actors: {
    loadReplyBox: fromPromise<ReplyBoxSetting>(async () => {
      throw new Error('Nothing to load from');
    }),
    sendReply: fromPromise<unknown, ReplyInput>(async () => {
      throw new Error('Nowhere to send to');
    }),
    loadTemplates: fromPromise<ApprovedTemplate[]>(async () => {
      throw new Error('Nothing to load from');
    }),
  },
  delays: {
    windowCloses: ({ context }) => untilWindowCloses(context.windowClosesAt),
  },
  actions: {
    /** The reply is in the conversation: the app reads the timeline again. */
    sent: () => {},
  },
  guards: {
    cannotSend: ({ event }) => !(event as unknown as { output: ReplyBoxSetting }).output.canSend,
    windowOpen: ({ event }) =>
      (event as unknown as { output: ReplyBoxSetting }).output.windowClosesAt !== null,
    textReady: ({ context }) => filled(context.text),
    templateReady: ({ context }) => context.templateIndex !== null && context.parameters.every(filled),
    inTextMode: ({ context }) => context.mode === 'text',
    windowOpens: ({ event }) => event.type === 'WINDOW_CHANGED' && event.windowClosesAt !== null,
  },
}).createMachine({
  id: 'replyBox',
  initial: 'loading',
  context: () => ({ mode: 'text', windowClosesAt: null, templates: [], ...emptyComposition() }),
  states: {
    loading: {
      description: '"Carregando..." while the window and the templates are read.',
      invoke: {
        id: 'loadReplyBox',
        src: 'loadReplyBox',
        onDone: [
          { guard: 'cannotSend', target: 'unavailable' },
          {
            guard: 'windowOpen',
            target: 'text',
            actions: assign({ mode: 'text', windowClosesAt: ({ event }) => event.output.windowClosesAt }),
          },
          {
            target: 'template',
            actions: assign({
              mode: 'template',
              windowClosesAt: null,
              templates: ({ event }) => event.output.templates,
            }),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    loadFailed: {
      description: 'The load failed: its words and "Tentar novamente".',
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    unavailable: {
      description: 'No working WhatsApp connection: a link to connect it.',
    },
    text: {
      description: '"Janela de 24 horas aberta até HH:mm": a text field and "Enviar".',
      after: { windowCloses: { target: 'closing' } },
      on: {
        TYPE: { actions: assign({ text: ({ event }) => event.text }) },
        SEND: { guard: 'textReady', target: 'sending' },
        // The window moved (the customer wrote again): its timer starts over; what is written stays.
        WINDOW_CHANGED: {
          target: 'text',
          reenter: true,
          actions: assign({ windowClosesAt: ({ event }) => event.windowClosesAt }),
        },
      },
    },
    closing: {
      description: 'The window just closed: "Carregando..." while the templates are read.',
      invoke: {
        id: 'loadTemplates',
        src: 'loadTemplates',
        onDone: {
          target: 'template',
          actions: assign(({ event }) => ({
            mode: 'template' as const,
            windowClosesAt: null,
            templates: event.output,
            ...emptyComposition(),
          })),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    template: {
      description: 'The window is closed: choose an approved template, fill its parameters, "Enviar".',
      on: {
        CHOOSE_TEMPLATE: {
          actions: assign(({ context, event }) => ({
            templateIndex: event.index,
            parameters: Array.from({ length: context.templates[event.index]?.parameterCount ?? 0 }, () => ''),
          })),
        },
        SET_PARAMETER: {
          actions: assign({
            parameters: ({ context, event }) =>
              context.parameters.map((value, index) => (index === event.index ? event.value : value)),
          }),
        },
        SEND: { guard: 'templateReady', target: 'sending' },
        // The customer wrote: free text again.
        WINDOW_CHANGED: {
          guard: 'windowOpens',
          target: 'text',
          actions: assign(({ event }) => ({
            mode: 'text' as const,
            windowClosesAt: event.windowClosesAt,
            ...emptyComposition(),
          })),
        },
      },
    },
    sending: {
      description: '"Enviando...": the reply is on its way to the dispatcher.',
      invoke: {
        id: 'sendReply',
        src: 'sendReply',
        input: ({ context }) => replyOf(context),
        onDone: [
          { guard: 'inTextMode', target: 'text', actions: [assign(emptyComposition), 'sent'] },
          { target: 'template', actions: [assign(emptyComposition), 'sent'] },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureMessage(event.error) }),
        },
      },
    },
    failed: {
      description: 'The send failed: the server\'s words, "Tentar novamente" and "Editar mensagem".',
      on: {
        RETRY: { target: 'sending', actions: assign({ error: null }) },
        EDIT: [
          { guard: 'inTextMode', target: 'text', actions: assign({ error: null }) },
          { target: 'template', actions: assign({ error: null }) },
        ],
      },
    },
  },
});

export type ReplyBoxActor = ActorRefFrom<typeof replyBoxMachine>;
export type ReplyBoxSnapshot = SnapshotFrom<typeof replyBoxMachine>;
