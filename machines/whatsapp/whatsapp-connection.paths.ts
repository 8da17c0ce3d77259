import type { AnyEventObject } from 'xstate';
import type { DisconnectReason } from '../../contracts/whatsapp-connection';
import {
  disconnectedWhatsapp,
  type WhatsappConnectionMode,
  type WhatsappConnectionState,
} from '../../contracts/whatsapp-status';
import { adviceFor, reasonFor } from './connection-advice';
import { EmbeddedSignupError, type EmbeddedSignupResult } from './embedded-signup.types';
import {
  type ConnectInput,
  type WhatsappConnectionEvent,
  type WhatsappConnectionInput,
  type WhatsappConnectionSnapshot,
  whatsappConnectionMachine,
} from './whatsapp-connection.machine';
import { disconnectReasonLabels, modeLabels } from './whatsapp-connection-labels';
import { type ConnectionPage, connectionPages } from './whatsapp-connection-pages';

/**
 * The WhatsApp connection chart's path model, and per step what to do in the running app and what
 * the owner must see (`planWhatsappConnectionStep`), for the drivers.
 */

export interface WhatsappConnectionScenario {
  name: string;
  summary: string;
  input: WhatsappConnectionInput;
}

export const whatsappConnectionScenarios: WhatsappConnectionScenario[] = [
  {
    name: 'cloud-api',
    summary: 'The owner (coexistence off) opens "Conexão WhatsApp"',
    input: { request: 'index', coexistenceEnabled: false },
  },
  {
    name: 'coexistence',
    summary: 'The owner, with coexistence on, opens "Conexão WhatsApp"',
    input: { request: 'index', coexistenceEnabled: true },
  },
];

export const CONNECTED_SINCE = '2026-11-20T13:00:00.000Z';

export const connectedStatus: WhatsappConnectionState = {
  status: 'connected',
  mode: 'cloud_api',
  phoneNumber: '5511987654321',
  displayName: 'Doces da Ana',
  connectedAt: CONNECTED_SINCE,
  problem: null,
  historyProgress: null,
};
export const settingUpStatus: WhatsappConnectionState = {
  ...disconnectedWhatsapp,
  status: 'connecting',
  mode: 'cloud_api',
};
export const offboardedStatus: WhatsappConnectionState = {
  ...connectedStatus,
  status: 'offboarded',
  problem: { code: 'ACCOUNT_OFFBOARDED', detail: 'O número saiu da plataforma do WhatsApp Business.' },
};
// The problems and refusals below are the server's own (server/modules/whatsapp-connections), so a
// replay against the real server and the local Cloud API shows the same words.

/** Registering the number refused with 133010 (the simulator's "pending review" fault). */
export const notReadyStatus: WhatsappConnectionState = {
  ...connectedStatus,
  status: 'not_ready',
  connectedAt: null,
  problem: {
    code: '133010',
    detail:
      'O número ainda está em análise pela Meta e não pode ser usado. Aguarde a aprovação no Gerenciador do WhatsApp e conecte de novo.',
  },
};
/** The popup's code had expired (it lives 30 s) by the time it was exchanged. */
export const errorStatus: WhatsappConnectionState = {
  ...disconnectedWhatsapp,
  status: 'error',
  mode: 'cloud_api',
  problem: {
    code: 'CODE_EXPIRED',
    detail:
      'A autorização da Meta expirou (ela vale só 30 segundos) ou já foi usada. Clique em conectar e conclua o cadastro de novo.',
  },
};

/** What the popup hands back (the simulator's ids). */
export const signupFinished: EmbeddedSignupResult = {
  code: 'code-from-popup',
  finish: 'FINISH',
  wabaId: '102290129340398',
  phoneNumberId: '106540352242922',
  businessId: '1020304050',
};
export const popupCancelled = new EmbeddedSignupError(
  'cancelled',
  'A janela do Facebook foi fechada.',
  'PHONE_NUMBER_SETUP',
);
export const popupBlocked = new EmbeddedSignupError('blocked', 'O navegador bloqueou a janela do Facebook.');

/** Server refusals, as the app's actors reject (ApiError's shape). */
function refusal(status: number, code: string, message: string) {
  return Object.assign(new Error(message), { status, code });
}
export const statusBroken = refusal(500, 'INTERNAL_ERROR', 'Erro interno do servidor.');
export const numberInUse = refusal(
  409,
  'WHATSAPP_NUMBER_IN_USE',
  'Este número de WhatsApp já está conectado a outra empresa no Fechaí.',
);
export const disconnectBroken = refusal(
  503,
  'SERVICE_UNAVAILABLE',
  'Não foi possível falar com a Meta para desconectar agora. Aguarde um instante e tente de novo.',
);
export const feedbackBroken = refusal(500, 'INTERNAL_ERROR', 'Erro interno do servidor.');

export const FEEDBACK_REASON: DisconnectReason = 'switching_number';
export const FEEDBACK_COMMENT = 'Vou usar outro número.';

function statusName(status: WhatsappConnectionState | null): string {
  return status ? status.status : 'unknown';
}

const loadErrors = [statusBroken];

export const whatsappConnectionPathModel = {
  chart: 'whatsapp-connection',
  title: '"Conexão WhatsApp": connect a number with Embedded Signup, disconnect it, reconnect it',
  machine: whatsappConnectionMachine,
  scenarios: whatsappConnectionScenarios,

  events(snapshot: WhatsappConnectionSnapshot): Array<WhatsappConnectionEvent | AnyEventObject> {
    const { context } = snapshot;
    const changed = (status: WhatsappConnectionState): WhatsappConnectionEvent => ({
      type: 'STATUS_CHANGED',
      status,
    });
    if (snapshot.matches('loadFailed')) return [{ type: 'RETRY' }];
    // The server answers a number it connected in the mode the owner connected it in.
    if (snapshot.matches({ connecting: 'exchanging' }))
      return [{ type: 'xstate.done.actor.connect', output: { ...connectedStatus, mode: context.mode } }];
    if (snapshot.matches({ ready: 'notConnected' })) return [{ type: 'CONNECT' }, changed(connectedStatus)];
    if (snapshot.matches({ ready: 'choosing' }))
      return [
        { type: 'CHOOSE', mode: 'cloud_api' },
        { type: 'CHOOSE', mode: 'coexistence' },
        { type: 'BACK' },
        { type: 'VISIT', page: 'index' },
      ];
    if (snapshot.matches({ ready: 'introducing' })) return [{ type: 'CONTINUE' }, { type: 'BACK' }];
    if (snapshot.matches({ ready: 'headsUp' })) return [{ type: 'START' }, { type: 'BACK' }];
    if (snapshot.matches({ ready: 'settingUp' })) return [changed(connectedStatus)];
    if (snapshot.matches({ ready: 'succeeded' })) return [{ type: 'CONTINUE' }];
    if (snapshot.matches({ ready: 'connected' }))
      return [{ type: 'DISCONNECT' }, changed(connectedStatus), changed(offboardedStatus)];
    if (snapshot.matches({ ready: 'notReady' }) || snapshot.matches({ ready: 'failed' }))
      return [{ type: 'RETRY' }];
    if (snapshot.matches({ ready: 'confirmingDisconnect' })) return [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
    if (snapshot.matches({ ready: 'feedback' }))
      return [
        context.reason === null
          ? { type: 'CHOOSE_REASON', reason: FEEDBACK_REASON }
          : { type: 'CHANGE_COMMENT', comment: FEEDBACK_COMMENT },
        { type: 'SEND' },
        { type: 'SKIP' },
      ].filter((event) => event.type !== 'CHANGE_COMMENT' || context.comment === '');
    if (snapshot.matches({ ready: 'lost' })) return [{ type: 'SHOW_HOW' }, { type: 'RECONNECT' }];
    if (snapshot.matches({ ready: 'howToReconnect' })) return [{ type: 'RECONNECT' }];
    return [];
  },

  actors: [
    {
      id: 'loadStatus',
      src: 'loadStatus',
      outputs: [disconnectedWhatsapp, connectedStatus, offboardedStatus, settingUpStatus],
      errors: loadErrors,
    },
    {
      id: 'embeddedSignup',
      src: 'embeddedSignup',
      outputs: [signupFinished],
      errors: [popupCancelled, popupBlocked],
    },
    {
      id: 'connect',
      src: 'connect',
      // Connected: in the mode asked for (events above).
      outputs: [notReadyStatus, errorStatus, settingUpStatus],
      errors: [numberInUse],
    },
    { id: 'disconnect', src: 'disconnect', outputs: [disconnectedWhatsapp], errors: [disconnectBroken] },
    { id: 'sendFeedback', src: 'sendFeedback', outputs: [{ received: true }], errors: [feedbackBroken] },
  ],

  serializeState(snapshot: WhatsappConnectionSnapshot): string {
    const { context } = snapshot;
    return [
      JSON.stringify(snapshot.value),
      statusName(context.status),
      context.mode,
      context.request,
      context.problem?.code,
      context.cancelledAt !== null ? `closed at ${context.cancelledAt}` : null,
      context.failure?.code,
      context.reason,
      context.comment ? 'comment' : null,
      context.reasonMissing ? 'no reason' : null,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  coverageKey(snapshot: WhatsappConnectionSnapshot): string {
    const { context } = snapshot;
    return [
      JSON.stringify(snapshot.value),
      context.failure ? 'failure' : null,
      context.reasonMissing ? 'no reason' : null,
    ]
      .filter(Boolean)
      .join(' · ');
  },

  describeState(snapshot: WhatsappConnectionSnapshot): string {
    const { context } = snapshot;
    if (snapshot.matches('loading')) return 'loads the status';
    if (snapshot.matches('loadFailed')) return 'says the status could not be read';
    if (snapshot.matches({ connecting: 'signingUp' })) return `waits for Meta's popup (${context.mode})`;
    if (snapshot.matches({ connecting: 'exchanging' })) return 'the server connects the number';
    if (snapshot.matches('disconnecting')) return 'disconnects the number';
    if (snapshot.matches('sendingFeedback')) return 'sends the feedback';
    const page = connectionPages[context.request].title;
    const extra = [
      context.problem && (snapshot.matches({ ready: 'failed' }) || snapshot.matches({ ready: 'notReady' }))
        ? `why: ${context.problem.code}`
        : null,
      context.cancelledAt !== null ? 'says the popup was closed' : null,
      context.failure ? `says the call failed (${context.failure.code})` : null,
      context.reasonMissing ? 'asks for a reason' : null,
    ].filter(Boolean);
    return `"${page}" (${String(JSON.stringify(snapshot.value))}, ${statusName(context.status)})${extra.length ? `, ${extra.join(', ')}` : ''}`;
  },

  describeEvent(event: AnyEventObject, before: WhatsappConnectionSnapshot): string {
    const e = event as AnyEventObject & Record<string, unknown>;
    switch (event.type) {
      case 'STATUS_CHANGED':
        return `The status is read again: ${(e.status as WhatsappConnectionState).status}`;
      case 'VISIT':
        return 'The owner goes back in the browser';
      case 'CHOOSE':
        return `The owner picks "${modeLabels[e.mode as WhatsappConnectionMode]}"`;
      case 'CHOOSE_REASON':
        return `The owner picks "${disconnectReasonLabels[e.reason as DisconnectReason]}"`;
      case 'CHANGE_COMMENT':
        return 'The owner writes a comment';
      case 'xstate.done.actor.loadStatus':
        return `The status comes: ${(e.output as WhatsappConnectionState).status}`;
      case 'xstate.error.actor.loadStatus':
        return 'The status call fails';
      case 'xstate.done.actor.embeddedSignup':
        return "The owner finishes Meta's popup";
      case 'xstate.error.actor.embeddedSignup':
        return `The popup ends without a code (${(e.error as EmbeddedSignupError).kind})`;
      case 'xstate.done.actor.connect':
        return `The server answers the connection: ${(e.output as WhatsappConnectionState).status}`;
      case 'xstate.error.actor.connect':
        return `The server refuses the connection (${(e.error as { status?: number }).status})`;
      case 'xstate.done.actor.disconnect':
        return 'The server disconnects the number';
      case 'xstate.error.actor.disconnect':
        return 'The disconnect fails';
      case 'xstate.done.actor.sendFeedback':
        return 'The server takes the feedback';
      case 'xstate.error.actor.sendFeedback':
        return 'The feedback fails';
      default:
        return `The owner clicks "${clickFor(event, before)}"`;
    }
  },
};

/* ---------------------------------------------------------------------------------------------- */
/* The plan: what each step means in the app, and what the owner must see.                        */

export const labels = {
  connect: 'Conectar WhatsApp',
  continue: 'Continuar',
  back: 'Voltar',
  start: 'Continuar com o Facebook',
  retry: 'Tentar novamente',
  seeConnection: 'Ver minha conexão',
  disconnect: 'Desconectar',
  confirmDisconnect: 'Sim, desconectar',
  keep: 'Manter conectado',
  send: 'Enviar feedback',
  skip: 'Pular',
  showHow: 'Como reconectar',
  reconnect: 'Reconectar',
  comment: 'Comentário (opcional)',
} as const;

export type WhatsappConnectionUserAction =
  /** Open `url` signed in, the session's coexistence flag as given; the status call waits. */
  | { do: 'open'; url: string; coexistenceEnabled: boolean }
  /** Answer the waiting status call(s). */
  | { do: 'answer-status'; status: WhatsappConnectionState }
  /** Every status call fails with a 500 (the cache's retries too). */
  | { do: 'fail-status' }
  /** The status on the server is now `status`, and the page reads it again. */
  | { do: 'status-elsewhere'; status: WhatsappConnectionState }
  | { do: 'click'; button: string }
  /** A choice (radio) by its label. */
  | { do: 'choose'; option: string }
  | { do: 'type'; field: string; text: string }
  /** The browser's Back, to `to`. */
  | { do: 'go-back'; to: string }
  /** Click `button`, which opens the popup; `blocked`: the browser refuses to open it. */
  | { do: 'open-popup'; button: string; mode: WhatsappConnectionMode; blocked: boolean }
  | { do: 'finish-popup'; result: EmbeddedSignupResult }
  | { do: 'cancel-popup'; currentStep: string }
  /** The browser already said no when the button was pressed. */
  | { do: 'nothing' }
  /** Answer the waiting POST, after checking its body. */
  | { do: 'answer-connect'; expected: ConnectInput; status: number; body: unknown }
  | { do: 'answer-disconnect'; status: number; body: unknown }
  | {
      do: 'answer-feedback';
      expected: { reason: DisconnectReason; comment: string | null };
      status: number;
      body: unknown;
    };

export type WhatsappConnectionScreen =
  | { shows: 'loading' }
  | { shows: 'load-failed' }
  | {
      shows: 'page';
      path: string;
      heading: string;
      /** Texts that must be on the page. */
      texts: string[];
      /** Buttons that must be there, and whether they can be pressed. */
      buttons: Array<{ name: string; disabled: boolean }>;
      alert: string | null;
    };

export interface WhatsappConnectionStepPlan {
  actions: WhatsappConnectionUserAction[];
  screen: WhatsappConnectionScreen;
}

interface PlannablePath {
  scenario: { input: WhatsappConnectionInput };
  steps: ReadonlyArray<{ event: AnyEventObject; state: WhatsappConnectionSnapshot }>;
}

function ok(data: unknown) {
  return { success: true, data };
}
function failedBody(error: { message: string; code: string }) {
  return { success: false, error: error.message, code: error.code };
}

function clickFor(event: AnyEventObject, before: WhatsappConnectionSnapshot): string {
  switch (event.type) {
    case 'START':
      return labels.start;
    case 'CONNECT':
      return labels.connect;
    case 'CONTINUE':
      return before.matches({ ready: 'succeeded' }) ? labels.seeConnection : labels.continue;
    case 'BACK':
      return labels.back;
    case 'RETRY':
      return labels.retry;
    case 'DISCONNECT':
      return labels.disconnect;
    case 'CONFIRM':
      return labels.confirmDisconnect;
    case 'CANCEL':
      return labels.keep;
    case 'SEND':
      return labels.send;
    case 'SKIP':
      return labels.skip;
    case 'SHOW_HOW':
      return labels.showHow;
    case 'RECONNECT':
      return labels.reconnect;
    default:
      throw new Error(`No button for "${event.type}"`);
  }
}

/** The popup opens on START, and on RETRY from the not-ready and error pages. */
function opensPopup(event: AnyEventObject, before: WhatsappConnectionSnapshot): boolean {
  return (
    event.type === 'START' ||
    (event.type === 'RETRY' && (before.matches({ ready: 'failed' }) || before.matches({ ready: 'notReady' })))
  );
}

function actionsFor(path: PlannablePath, index: number): WhatsappConnectionUserAction[] {
  const { event } = path.steps[index]!;
  const { input } = path.scenario;
  if (index === 0)
    return [
      { do: 'open', url: connectionPages[input.request].path, coexistenceEnabled: input.coexistenceEnabled },
    ];
  const before = path.steps[index - 1]!.state;
  const e = event as AnyEventObject & Record<string, unknown>;
  if (opensPopup(event, before)) {
    const next = path.steps[index + 1]?.event as { type: string; error?: unknown } | undefined;
    const blocked =
      next?.type === 'xstate.error.actor.embeddedSignup' &&
      (next.error as EmbeddedSignupError).kind === 'blocked';
    return [{ do: 'open-popup', button: clickFor(event, before), mode: before.context.mode, blocked }];
  }
  switch (event.type) {
    case 'xstate.done.actor.loadStatus':
      return [{ do: 'answer-status', status: e.output as WhatsappConnectionState }];
    case 'xstate.error.actor.loadStatus':
      return [{ do: 'fail-status' }];
    case 'STATUS_CHANGED':
      return [{ do: 'status-elsewhere', status: e.status as WhatsappConnectionState }];
    case 'VISIT':
      return [{ do: 'go-back', to: connectionPages[e.page as ConnectionPage].path }];
    case 'CHOOSE':
      return [{ do: 'click', button: modeLabels[e.mode as WhatsappConnectionMode] }];
    case 'CHOOSE_REASON':
      return [{ do: 'choose', option: disconnectReasonLabels[e.reason as DisconnectReason] }];
    case 'CHANGE_COMMENT':
      return [{ do: 'type', field: labels.comment, text: e.comment as string }];
    case 'xstate.done.actor.embeddedSignup':
      return [{ do: 'finish-popup', result: e.output as EmbeddedSignupResult }];
    case 'xstate.error.actor.embeddedSignup': {
      const error = e.error as EmbeddedSignupError;
      return error.kind === 'cancelled'
        ? [{ do: 'cancel-popup', currentStep: error.currentStep ?? '' }]
        : [{ do: 'nothing' }];
    }
    case 'xstate.done.actor.connect':
    case 'xstate.error.actor.connect': {
      const signup = path.steps[index - 1]!.event as unknown as { output: EmbeddedSignupResult };
      const { code, finish, wabaId, phoneNumberId, businessId } = signup.output;
      // In the order the app sends it.
      const expected = { code, mode: before.context.mode, finish, wabaId, phoneNumberId, businessId };
      if (event.type === 'xstate.done.actor.connect')
        return [{ do: 'answer-connect', expected, status: 200, body: ok(e.output) }];
      const error = e.error as Error & { status: number; code: string };
      return [{ do: 'answer-connect', expected, status: error.status, body: failedBody(error) }];
    }
    case 'xstate.done.actor.disconnect':
      return [{ do: 'answer-disconnect', status: 200, body: ok(e.output) }];
    case 'xstate.error.actor.disconnect': {
      const error = e.error as Error & { status: number; code: string };
      return [{ do: 'answer-disconnect', status: error.status, body: failedBody(error) }];
    }
    case 'xstate.done.actor.sendFeedback':
    case 'xstate.error.actor.sendFeedback': {
      const comment = before.context.comment.trim();
      const expected = { reason: before.context.reason!, comment: comment === '' ? null : comment };
      if (event.type === 'xstate.done.actor.sendFeedback')
        return [{ do: 'answer-feedback', expected, status: 200, body: ok(e.output) }];
      const error = e.error as Error & { status: number; code: string };
      return [{ do: 'answer-feedback', expected, status: error.status, body: failedBody(error) }];
    }
    default:
      return [{ do: 'click', button: clickFor(event, before) }];
  }
}

function pageScreen(
  page: ConnectionPage,
  texts: string[],
  buttons: Array<{ name: string; disabled?: boolean }>,
  alert: string | null = null,
): WhatsappConnectionScreen {
  return {
    shows: 'page',
    path: connectionPages[page].path,
    heading: connectionPages[page].title,
    texts,
    buttons: buttons.map((b) => ({ name: b.name, disabled: b.disabled ?? false })),
    alert,
  };
}

export const CANCELLED_TEXT = 'Você fechou a janela do Facebook antes de terminar.';
export const REASON_MISSING_TEXT = 'Escolha um motivo.';
export const SETTING_UP_TEXT = 'Estamos configurando o seu número.';
export const NOT_CONNECTED_TEXT = 'Seu WhatsApp não está conectado.';
export const LOST_TEXT = 'Seu número saiu do WhatsApp Business.';

function screenOf(snapshot: WhatsappConnectionSnapshot): WhatsappConnectionScreen {
  const { context } = snapshot;
  if (snapshot.matches('loading')) return { shows: 'loading' };
  if (snapshot.matches('loadFailed')) return { shows: 'load-failed' };
  if (snapshot.matches({ connecting: 'signingUp' }))
    return pageScreen(
      'headsUp',
      ['Conclua a conexão na janela do Facebook.'],
      [{ name: labels.start, disabled: true }],
    );
  if (snapshot.matches({ connecting: 'exchanging' }))
    return pageScreen('headsUp', ['Conectando seu número...'], [{ name: labels.start, disabled: true }]);
  if (snapshot.matches('disconnecting'))
    return pageScreen('disconnect', [], [{ name: 'Desconectando...', disabled: true }]);
  if (snapshot.matches('sendingFeedback'))
    return pageScreen('feedback', [], [{ name: 'Enviando...', disabled: true }]);
  const failure = context.failure?.detail ?? null;
  if (snapshot.matches({ ready: 'notConnected' }))
    return pageScreen('index', [NOT_CONNECTED_TEXT], [{ name: labels.connect }]);
  if (snapshot.matches({ ready: 'choosing' }))
    return pageScreen('select', [], [{ name: modeLabels.cloud_api }, { name: modeLabels.coexistence }]);
  if (snapshot.matches({ ready: 'introducing' }))
    return pageScreen(
      context.mode === 'coexistence' ? 'connectBusiness' : 'connectWhatsapp',
      [],
      [{ name: labels.continue }, { name: labels.back }],
    );
  if (snapshot.matches({ ready: 'headsUp' }))
    return pageScreen('headsUp', context.cancelledAt !== null ? [CANCELLED_TEXT] : [], [
      { name: labels.start },
      { name: labels.back },
    ]);
  if (snapshot.matches({ ready: 'settingUp' })) return pageScreen('index', [SETTING_UP_TEXT], []);
  if (snapshot.matches({ ready: 'succeeded' }))
    return pageScreen('success', ['Doces da Ana'], [{ name: labels.seeConnection }]);
  if (snapshot.matches({ ready: 'connected' })) {
    const status = context.status!;
    return pageScreen(
      'index',
      [
        'Conectado',
        status.displayName ?? '',
        '(11) 98765-4321',
        modeLabels[status.mode ?? 'cloud_api'],
        'Contatos ignorados',
      ],
      [{ name: labels.disconnect }],
    );
  }
  if (snapshot.matches({ ready: 'notReady' }))
    return pageScreen(
      'notReady',
      [reasonFor(context.problem, 'notReady'), adviceFor(context.problem, 'notReady')],
      [{ name: labels.retry }],
    );
  if (snapshot.matches({ ready: 'failed' }))
    return pageScreen(
      'error',
      [reasonFor(context.problem, 'error'), adviceFor(context.problem, 'error')],
      [{ name: labels.retry }],
    );
  if (snapshot.matches({ ready: 'confirmingDisconnect' }))
    return pageScreen('disconnect', [], [{ name: labels.confirmDisconnect }, { name: labels.keep }], failure);
  if (snapshot.matches({ ready: 'feedback' }))
    return pageScreen(
      'feedback',
      [],
      [{ name: labels.send }, { name: labels.skip }],
      context.reasonMissing ? REASON_MISSING_TEXT : failure,
    );
  if (snapshot.matches({ ready: 'lost' }))
    return pageScreen('index', [LOST_TEXT], [{ name: labels.showHow }, { name: labels.reconnect }]);
  return pageScreen('howToReconnect', ['Abra o WhatsApp Business no celular'], [{ name: labels.reconnect }]);
}

/** What to do at step `index` of a path, and what the owner must then see. */
export function planWhatsappConnectionStep(path: PlannablePath, index: number): WhatsappConnectionStepPlan {
  // A blocked popup fails within the click (window.open says no at once): the click's step already
  // shows the error page the next step reaches.
  const next = path.steps[index + 1];
  const blockedNext =
    next?.event.type === 'xstate.error.actor.embeddedSignup' &&
    (next.event as { error?: EmbeddedSignupError }).error?.kind === 'blocked';
  return {
    actions: actionsFor(path, index),
    screen: screenOf((blockedNext ? next : path.steps[index]!).state),
  };
}
