import type { AnyEventObject } from 'xstate';
import type { ConversationMessage } from '../../contracts/conversation';
import type { ApprovedTemplate } from '../../contracts/whatsapp-templates';
import {
  type ReplyBoxEvent,
  type ReplyBoxSetting,
  type ReplyBoxSnapshot,
  replyBoxMachine,
} from './reply-box.machine';

/**
 * The reply-box chart's path model (the reply under the customer's conversation), and per step what
 * to do in the running app and what the owner must see (`planReplyBoxStep`), as data for drivers.
 */

export const REPLY_TEXT = 'Pode vir buscar amanhã às 10h.';
export const TEMPLATE_PARAMETER = 'Maria';
/** The customer's window, open until this instant (the view shows its time of day). */
export const WINDOW_CLOSES_AT = '2030-01-15T13:30:00.000Z';
/** Where the window moves when the customer writes again. */
export const LATER_WINDOW_CLOSES_AT = '2030-01-15T13:45:00.000Z';
export const LOAD_FAILED_TEXT = 'Falha interna. Tente de novo em instantes.';
/** The server's words for Meta's spam limit (131048), the refusal the browser replay has Meta make. */
export const SEND_FAILED_TEXT =
  'O WhatsApp limitou os envios deste número por denúncias de spam. Espere algumas horas antes de enviar de novo.';
/** An approved template every account of the local Cloud API has (its seeded `lembrete_retorno`). */
export const REPLY_TEMPLATE: ApprovedTemplate = {
  name: 'lembrete_retorno',
  language: 'pt_BR',
  category: 'UTILITY',
  body: 'Olá! Temos um recado para você: {{1}} Se quiser, é só responder esta mensagem.',
  parameterCount: 1,
  followUpReady: true,
};

/** The reply as the server answers a 201 with it (the message the conversation gains). */
export const REPLY_MESSAGE: ConversationMessage = {
  id: 'm-reply',
  wamid: 'wamid.reply',
  direction: 'outbound',
  origin: 'app',
  type: 'text',
  body: REPLY_TEXT,
  media: null,
  location: null,
  replyTo: null,
  reactions: [],
  status: 'sent',
  error: null,
  sentAt: '2030-01-15T12:00:00.000Z',
  sentBy: null,
};

export const replyBoxTexts = {
  loading: 'Carregando...',
  unavailable: 'Conecte o WhatsApp da empresa para responder por aqui.',
  connect: 'Conectar WhatsApp',
  windowOpen: (time: string) => `Janela de 24 horas aberta até ${time}`,
  windowClosed:
    'A janela de 24 horas está fechada: fora dela o WhatsApp só aceita um modelo de mensagem aprovado.',
  send: 'Enviar',
  sending: 'Enviando...',
  retry: 'Tentar novamente',
  edit: 'Editar mensagem',
  message: 'Mensagem',
  template: 'Modelo',
  noTemplate: 'Escolha um modelo',
  parameter: (n: number) => `Parâmetro ${n}`,
} as const;

const settings = {
  unavailable: { canSend: false, windowClosesAt: null, templates: [] },
  windowOpen: { canSend: true, windowClosesAt: WINDOW_CLOSES_AT, templates: [] },
  windowClosed: { canSend: true, windowClosesAt: null, templates: [REPLY_TEMPLATE] },
} satisfies Record<string, ReplyBoxSetting>;

const sentMessage = { id: 'm-reply' };

export const replyBoxPathModel = {
  chart: 'reply-box',
  title: "The customer page's reply box: free text inside the 24-hour window, a template outside it",
  machine: replyBoxMachine,
  scenarios: [
    { name: 'customer', summary: "The owner is on Maria's customer page", input: undefined },
  ] as const,

  events(snapshot: ReplyBoxSnapshot): ReplyBoxEvent[] {
    const { context } = snapshot;
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }, { type: 'EDIT' }];
    if (snapshot.matches('text')) {
      // The customer writes again once: the window moves on.
      const moved: ReplyBoxEvent[] =
        context.windowClosesAt === WINDOW_CLOSES_AT
          ? [{ type: 'WINDOW_CHANGED', windowClosesAt: LATER_WINDOW_CLOSES_AT }]
          : [];
      return [context.text ? { type: 'SEND' } : { type: 'TYPE', text: REPLY_TEXT }, ...moved];
    }
    if (snapshot.matches('template')) {
      // The customer writes: the window opens.
      const opened: ReplyBoxEvent = { type: 'WINDOW_CHANGED', windowClosesAt: WINDOW_CLOSES_AT };
      if (context.templateIndex === null) return [{ type: 'CHOOSE_TEMPLATE', index: 0 }, opened];
      if (!context.parameters[0]) return [{ type: 'SET_PARAMETER', index: 0, value: TEMPLATE_PARAMETER }];
      return [{ type: 'SEND' }];
    }
    return [];
  },

  actors: [
    {
      id: 'loadReplyBox',
      src: 'loadReplyBox',
      outputs: [settings.unavailable, settings.windowOpen, settings.windowClosed],
      errors: [new Error(LOAD_FAILED_TEXT)],
    },
    { id: 'sendReply', src: 'sendReply', outputs: [sentMessage], errors: [new Error(SEND_FAILED_TEXT)] },
    {
      id: 'loadTemplates',
      src: 'loadTemplates',
      outputs: [[REPLY_TEMPLATE]],
      errors: [new Error(LOAD_FAILED_TEXT)],
    },
  ],

  serializeState(snapshot: ReplyBoxSnapshot): string {
    const { context } = snapshot;
    return JSON.stringify([
      snapshot.value,
      context.mode,
      context.windowClosesAt,
      context.text,
      context.templateIndex,
      context.parameters,
      context.error,
    ]);
  },

  coverageKey(snapshot: ReplyBoxSnapshot): string {
    return String(snapshot.value);
  },

  describeState(snapshot: ReplyBoxSnapshot): string {
    const { context } = snapshot;
    switch (snapshot.value) {
      case 'loading':
        return 'The box is loading';
      case 'loadFailed':
        return `The load failed: "${context.error}"`;
      case 'closing':
        return 'The window closed: the templates are loading';
      case 'unavailable':
        return 'No working WhatsApp connection: a link to connect';
      case 'text':
        return context.text
          ? `The window is open, "${context.text}" written`
          : 'The window is open, nothing written';
      case 'template':
        return context.templateIndex === null
          ? 'The window is closed, no template chosen'
          : `The window is closed, template ${REPLY_TEMPLATE.name} with parameters [${context.parameters.join(', ')}]`;
      case 'sending':
        return `"Enviando...": the ${context.mode === 'text' ? 'text' : 'template'} reply is on its way`;
      default:
        return `The send failed: "${context.error}"`;
    }
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'TYPE':
        return `The owner writes "${event.text}"`;
      case 'CHOOSE_TEMPLATE':
        return `The owner chooses the template ${REPLY_TEMPLATE.name}`;
      case 'SET_PARAMETER':
        return `The owner fills parameter ${event.index + 1} with "${event.value}"`;
      case 'SEND':
        return 'The owner clicks "Enviar"';
      case 'RETRY':
        return 'The owner clicks "Tentar novamente"';
      case 'EDIT':
        return 'The owner clicks "Editar mensagem"';
      case 'WINDOW_CHANGED':
        return 'Maria writes on WhatsApp: the window opens (or moves on)';
      case 'xstate.after.windowCloses.replyBox.text':
        return "The window's end passes with the box open";
      case 'xstate.done.actor.loadTemplates':
        return 'The server lists the templates';
      case 'xstate.error.actor.loadTemplates':
        return 'Loading the templates fails (500)';
      case 'xstate.done.actor.loadReplyBox': {
        const setting = event.output as ReplyBoxSetting;
        if (!setting.canSend) return 'The server says the company cannot send (no working connection)';
        return setting.windowClosesAt
          ? 'The server says the window is open'
          : 'The server says the window is closed and lists the templates';
      }
      case 'xstate.error.actor.loadReplyBox':
        return 'Loading the box fails (500)';
      case 'xstate.done.actor.sendReply':
        return 'The server accepts the reply (201)';
      case 'xstate.error.actor.sendReply':
        return 'The send fails (502, Meta refused it: spam limit)';
      default:
        return event.type;
    }
  },
};

/** What the drivers do in the running app, as data. */
export type ReplyBoxUserAction =
  | { do: 'open' }
  /** Answer the pending load: the customer's WhatsApp state, and the templates when it asks. */
  | { do: 'answer-load'; setting: ReplyBoxSetting }
  | { do: 'answer-load'; status: 500; error: string }
  | { do: 'type'; field: string; text: string }
  | { do: 'choose'; field: string; option: string }
  | { do: 'click'; button: string }
  /** Answer the pending POST /api/customers/{id}/messages. */
  | { do: 'answer-send'; status: 201 }
  | { do: 'answer-send'; status: 502; error: string }
  /** The customer writes on WhatsApp (the realtime event, the window read again). */
  | { do: 'customer-writes'; windowClosesAt: string }
  /** The window's end passes while the page is open. */
  | { do: 'window-passes' }
  /** Answer the pending GET /api/whatsapp-connections/templates (after the window closed). */
  | { do: 'answer-templates'; templates: ApprovedTemplate[] }
  | { do: 'answer-templates'; status: 500; error: string };

export interface ReplyBoxScreen {
  kind: 'loading' | 'loadFailed' | 'unavailable' | 'text' | 'template';
  /** Text mode: the window's end (ISO, the view shows its time); null otherwise. */
  windowClosesAt: string | null;
  /** What the message field holds (text mode). */
  text: string;
  /** The chosen template's label, or null (template mode). */
  template: string | null;
  parameters: string[];
  /** The send button: its words and whether it can be pressed; null when there is none. The fields
   * are read-only while sending and after a failed send. */
  send: { label: string; enabled: boolean } | null;
  /** The error said (a failed load or send), or null. */
  error: string | null;
  /** A failed send offers "Tentar novamente" and "Editar mensagem". */
  failedSend: boolean;
  /** The step's reply reached the server (the timeline is read again). */
  sent: boolean;
}

export interface ReplyBoxStepPlan {
  actions: ReplyBoxUserAction[];
  screen: ReplyBoxScreen;
}

interface PlannablePath {
  steps: ReadonlyArray<{ event: AnyEventObject; state: ReplyBoxSnapshot }>;
}

export const templateLabel = (template: ApprovedTemplate) => `${template.name} (${template.language})`;

function actionsFor(event: AnyEventObject, index: number): ReplyBoxUserAction[] {
  if (index === 0) return [{ do: 'open' }];
  switch (event.type) {
    case 'xstate.done.actor.loadReplyBox':
      return [{ do: 'answer-load', setting: event.output as ReplyBoxSetting }];
    case 'xstate.error.actor.loadReplyBox':
      return [{ do: 'answer-load', status: 500, error: LOAD_FAILED_TEXT }];
    case 'TYPE':
      return [{ do: 'type', field: replyBoxTexts.message, text: event.text }];
    case 'CHOOSE_TEMPLATE':
      return [{ do: 'choose', field: replyBoxTexts.template, option: templateLabel(REPLY_TEMPLATE) }];
    case 'SET_PARAMETER':
      return [{ do: 'type', field: replyBoxTexts.parameter(event.index + 1), text: event.value }];
    case 'SEND':
      return [{ do: 'click', button: replyBoxTexts.send }];
    case 'RETRY':
      return [{ do: 'click', button: replyBoxTexts.retry }];
    case 'EDIT':
      return [{ do: 'click', button: replyBoxTexts.edit }];
    case 'xstate.done.actor.sendReply':
      return [{ do: 'answer-send', status: 201 }];
    case 'xstate.error.actor.sendReply':
      return [{ do: 'answer-send', status: 502, error: SEND_FAILED_TEXT }];
    case 'WINDOW_CHANGED':
      return [{ do: 'customer-writes', windowClosesAt: event.windowClosesAt }];
    case 'xstate.after.windowCloses.replyBox.text':
      return [{ do: 'window-passes' }];
    case 'xstate.done.actor.loadTemplates':
      return [{ do: 'answer-templates', templates: event.output }];
    case 'xstate.error.actor.loadTemplates':
      return [{ do: 'answer-templates', status: 500, error: LOAD_FAILED_TEXT }];
    default:
      throw new Error(`No way to act out "${event.type}" in the app`);
  }
}

/** What to do at step `index` of a reply-box path, and what the owner must then see. */
export function planReplyBoxStep(path: PlannablePath, index: number): ReplyBoxStepPlan {
  const { event, state } = path.steps[index]!;
  const { context } = state;
  const busy = state.matches('sending');
  const failedSend = state.matches('failed');
  const composing = state.matches('text') || state.matches('template') || busy || failedSend;
  // The templates read after the window closed show as the first load does.
  const kind: ReplyBoxScreen['kind'] = composing
    ? context.mode
    : state.matches('closing')
      ? 'loading'
      : (String(state.value) as 'loading' | 'loadFailed' | 'unavailable');
  const ready =
    context.mode === 'text'
      ? context.text.trim() !== ''
      : context.templateIndex !== null && context.parameters.every((p) => p.trim() !== '');
  const chosen = context.templateIndex === null ? null : context.templates[context.templateIndex];
  return {
    actions: actionsFor(event, index),
    screen: {
      kind,
      windowClosesAt: kind === 'text' ? context.windowClosesAt : null,
      text: kind === 'text' ? context.text : '',
      template: chosen ? templateLabel(chosen) : null,
      parameters: kind === 'template' ? context.parameters : [],
      // A failed send offers "Tentar novamente" and "Editar mensagem" in its place.
      send:
        composing && !failedSend
          ? { label: busy ? replyBoxTexts.sending : replyBoxTexts.send, enabled: !busy && ready }
          : null,
      error: context.error,
      failedSend,
      sent: event.type === 'xstate.done.actor.sendReply',
    },
  };
}
