import {
  type ActorRefFrom,
  assign,
  emit,
  enqueueActions,
  fromPromise,
  type SnapshotFrom,
  setup,
} from 'xstate';
import type { DisconnectReason } from '../../contracts/whatsapp-connection';
import type {
  WhatsappConnectionMode,
  WhatsappConnectionProblem,
  WhatsappConnectionState,
} from '../../contracts/whatsapp-status';
import { type NavigateEvent, navigateEvent } from '../navigate-event';
import {
  type EmbeddedSignupInput,
  type EmbeddedSignupResult,
  isCancelled,
  problemOf,
} from './embedded-signup.types';
import { type ConnectionPage, connectionPages } from './whatsapp-connection-pages';

export interface WhatsappConnectionInput {
  /** The page the address asks for. */
  request: ConnectionPage;
  /** The session's featureFlags.isMetaCoexistenceEnabled: the owner may keep the Business app. */
  coexistenceEnabled: boolean;
}

export interface ConnectInput extends EmbeddedSignupResult {
  mode: WhatsappConnectionMode;
}

export interface DisconnectFeedbackInput {
  reason: DisconnectReason;
  comment: string | null;
}

/** The states the address can lead to once the status is known (see `landing`). */
const landings = [
  'notConnected',
  'choosing',
  'introducing',
  'headsUp',
  'settingUp',
  'succeeded',
  'connected',
  'notReady',
  'failed',
  'confirmingDisconnect',
  'feedback',
  'lost',
  'howToReconnect',
] as const;
type Landing = (typeof landings)[number];

export interface WhatsappConnectionContext {
  /** The page the address is on (or asks for, until the chart shows it). */
  request: ConnectionPage;
  coexistenceEnabled: boolean;
  /** The connection as last read or answered. */
  status: WhatsappConnectionState | null;
  /** The kind of connection being made. */
  mode: WhatsappConnectionMode;
  /** Why the connection is not working (the status's, the popup's, or the connect call's). */
  problem: WhatsappConnectionProblem | null;
  /** The owner closed Meta's popup, at this step (Meta's current_step), or '' when it did not say. */
  cancelledAt: string | null;
  /** Why the last load, disconnect or feedback call failed. */
  failure: WhatsappConnectionProblem | null;
  reason: DisconnectReason | null;
  comment: string;
  /** SEND without a reason chosen. */
  reasonMissing: boolean;
  /** The next page replaces the address (a redirect) instead of adding to the history. */
  replace: boolean;
  /** The status or the address changed: the page that fits is picked again. */
  rerouting: boolean;
}

export type WhatsappConnectionEvent =
  /** The status query's data changed (the socket, a refetch, this chart's own calls). */
  | { type: 'STATUS_CHANGED'; status: WhatsappConnectionState }
  /** The address changed (Back, a link). */
  | { type: 'VISIT'; page: ConnectionPage }
  /** "Conectar WhatsApp" on the overview. */
  | { type: 'CONNECT' }
  /** A choice on "Selecione sua conexão". */
  | { type: 'CHOOSE'; mode: WhatsappConnectionMode }
  /** "Continuar" (on to the heads-up; from the success page, to the overview). */
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  /** "Continuar com o Facebook": Meta's popup opens. */
  | { type: 'START' }
  | { type: 'RETRY' }
  | { type: 'DISCONNECT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CHOOSE_REASON'; reason: DisconnectReason }
  | { type: 'CHANGE_COMMENT'; comment: string }
  | { type: 'SEND' }
  | { type: 'SKIP' }
  /** "Como reconectar" on the overview. */
  | { type: 'SHOW_HOW' }
  | { type: 'RECONNECT' };

export type WhatsappConnectionEmitted = NavigateEvent | { type: 'feedbackSent' };

/**
 * Where the chart lands for the page asked and the connection's status: a page that does not fit
 * the status redirects to the one that does (a connected number has nothing to choose; a number
 * Meta let go has to be reconnected; select-your-connection is for the coexistence flag only).
 */
export function landing(
  request: ConnectionPage,
  status: WhatsappConnectionState,
  coexistenceEnabled: boolean,
): { to: Landing; mode?: WhatsappConnectionMode } {
  switch (status.status) {
    case 'connecting':
      return { to: 'settingUp' };
    case 'connected':
      if (request === 'disconnect') return { to: 'confirmingDisconnect' };
      return { to: request === 'success' ? 'succeeded' : 'connected' };
    case 'not_ready':
      return { to: 'notReady', mode: status.mode ?? 'cloud_api' };
    case 'error':
      return { to: 'failed', mode: status.mode ?? 'cloud_api' };
    case 'offboarded':
    case 'needs_reconnect':
      if (request === 'howToReconnect') return { to: 'howToReconnect' };
      return { to: 'lost' };
    case 'disconnected':
      switch (request) {
        case 'select':
          return coexistenceEnabled ? { to: 'choosing' } : { to: 'introducing', mode: 'cloud_api' };
        case 'connectWhatsapp':
          return { to: 'introducing', mode: 'cloud_api' };
        case 'connectBusiness':
          return { to: 'introducing', mode: coexistenceEnabled ? 'coexistence' : 'cloud_api' };
        case 'headsUp':
          return { to: 'headsUp' };
        case 'feedback':
          return { to: 'feedback' };
        default:
          return { to: 'notConnected' };
      }
  }
}

const introPage = (mode: WhatsappConnectionMode): ConnectionPage =>
  mode === 'coexistence' ? 'connectBusiness' : 'connectWhatsapp';

/**
 * One eventless transition per landing, taken when `when` holds: from `loading` once the status is
 * in, from `ready` when the status or the address changed.
 */
function landingsWhen(when: 'statusKnown' | 'rerouting') {
  return landings.map((to) => ({
    guard: { type: 'landsOn' as const, params: { to, when } },
    target: `#whatsappConnection.ready.${to}`,
    actions: 'takeLanding' as const,
  }));
}

/**
 * The WhatsApp Business connection (spec §2, the 12 pages of /settings/whatsapp-business-connection
 * but the blocklist; ../shared/whatsapp-cloud-api.md, Embedded Signup): the status is loaded, then
 * the chart shows the page it fits, the one the address asked for when it can. Not connected →
 * (the coexistence flag on: choosing Cloud API or the Business app) → the mode's page → heads-up →
 * connecting (Meta's popup, then the code exchanged by the server) → success | not ready | error.
 * Connected → confirming disconnect → disconnecting → feedback → not connected. A number Meta let go
 * (offboarded, or a refused token) → how to reconnect. Every state with a page emits `navigate` to
 * it on entry; the status query's changes (STATUS_CHANGED) move the chart where nothing is under way.
 */
export const whatsappConnectionMachine = setup({
  types: {
    context: {} as WhatsappConnectionContext,
    events: {} as WhatsappConnectionEvent,
    input: {} as WhatsappConnectionInput,
    emitted: {} as WhatsappConnectionEmitted,
  },
  actors: {
    loadStatus: fromPromise<WhatsappConnectionState>(async () => {
      throw new Error('No way to load the status was provided');
    }),
    /** Gets Meta's SDK (or the simulator's page address) ready, so START opens the popup at once. */
    prepareSignup: fromPromise<void, EmbeddedSignupInput>(async () => {}),
    embeddedSignup: fromPromise<EmbeddedSignupResult, EmbeddedSignupInput>(async () => {
      throw new Error('No Embedded Signup was provided');
    }),
    connect: fromPromise<WhatsappConnectionState, ConnectInput>(async () => {
      throw new Error('No way to connect was provided');
    }),
    disconnect: fromPromise<WhatsappConnectionState>(async () => {
      throw new Error('No way to disconnect was provided');
    }),
    sendFeedback: fromPromise<unknown, DisconnectFeedbackInput>(async () => {
      throw new Error('No way to send feedback was provided');
    }),
  },
  actions: {
    /** Puts the address on `page` unless it is there already (a redirect replaces it). */
    show: enqueueActions(({ context, enqueue }, params: { page: ConnectionPage }) => {
      if (context.request !== params.page)
        enqueue.emit(navigateEvent(connectionPages[params.page].path, context.replace));
      enqueue.assign({ request: params.page, replace: false });
    }),
    /** The connect call's answer: the status, and its problem for the not-ready and error pages. */
    keepAnswer: assign(({ event }) => {
      const status = (event as unknown as { output: WhatsappConnectionState }).output;
      return { status, problem: status.problem };
    }),
    /** Reconnecting makes the same kind of connection again. */
    reconnectMode: assign(({ context }) => ({
      mode: context.status?.mode ?? ('cloud_api' as const),
      cancelledAt: null,
    })),
    takeLanding: assign(({ context }) => {
      const mode = context.status
        ? landing(context.request, context.status, context.coexistenceEnabled).mode
        : undefined;
      const problem = context.status?.problem ?? null;
      return mode ? { mode, problem, rerouting: false } : { problem, rerouting: false };
    }),
  },
  guards: {
    landsOn: ({ context }, params: { to: Landing; when: 'statusKnown' | 'rerouting' }) =>
      context.status !== null &&
      (params.when === 'statusKnown' || context.rerouting) &&
      landing(context.request, context.status, context.coexistenceEnabled).to === params.to,
    elsewhere: ({ context, event }) => event.type === 'VISIT' && event.page !== context.request,
    coexistenceEnabled: ({ context }) => context.coexistenceEnabled,
    answeredConnected: ({ event }) =>
      (event as { output?: WhatsappConnectionState }).output?.status === 'connected',
    answeredNotReady: ({ event }) =>
      (event as { output?: WhatsappConnectionState }).output?.status === 'not_ready',
    answeredError: ({ event }) => (event as { output?: WhatsappConnectionState }).output?.status === 'error',
    popupCancelled: ({ event }) => isCancelled((event as { error?: unknown }).error),
    reasonChosen: ({ context }) => context.reason !== null,
  },
}).createMachine({
  id: 'whatsappConnection',
  context: ({ input }) => ({
    request: input.request,
    coexistenceEnabled: input.coexistenceEnabled,
    status: null,
    mode: 'cloud_api',
    problem: null,
    cancelledAt: null,
    failure: null,
    reason: null,
    comment: '',
    reasonMissing: false,
    replace: true,
    rerouting: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The status is read (through the cache the route prefetched).',
      always: landingsWhen('statusKnown'),
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        // No target: the landings below pick the page once the status is in.
        onDone: { actions: assign({ status: ({ event }) => event.output, failure: null, replace: true }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ failure: ({ event }) => problemOf(event.error) }),
        },
      },
    },
    loadFailed: {
      description: 'The status could not be read: why, and "Tentar novamente".',
      on: { RETRY: 'loading' },
    },
    ready: {
      description: 'A page is shown and nothing is under way: the status and the address move it.',
      // A status that changed, or another address, sends the chart to the page that fits (even the
      // same state again, whose entry puts the address back on its page).
      always: landingsWhen('rerouting'),
      on: {
        STATUS_CHANGED: {
          actions: assign(({ context, event }) => {
            const changed = event.status.status !== context.status?.status;
            // Only a page the new status leads to replaces the address; the same status keeps it.
            return { status: event.status, rerouting: changed, replace: changed || context.replace };
          }),
        },
        VISIT: {
          guard: 'elsewhere',
          actions: assign({ request: ({ event }) => event.page, rerouting: true, replace: true }),
        },
      },
      initial: 'notConnected',
      states: {
        notConnected: {
          description: 'The overview of a company without WhatsApp: "Conectar WhatsApp".',
          entry: { type: 'show', params: { page: 'index' } },
          on: {
            CONNECT: [
              { guard: 'coexistenceEnabled', target: 'choosing' },
              { target: 'introducing', actions: assign({ mode: 'cloud_api' }) },
            ],
          },
        },
        choosing: {
          description: '"Selecione sua conexão": the Cloud API, or keeping the WhatsApp Business app.',
          entry: { type: 'show', params: { page: 'select' } },
          on: {
            CHOOSE: { target: 'introducing', actions: assign({ mode: ({ event }) => event.mode }) },
            BACK: 'notConnected',
          },
        },
        introducing: {
          description: 'What the chosen kind of connection means (connect-whatsapp or connect-business).',
          entry: { type: 'show', params: ({ context }) => ({ page: introPage(context.mode) }) },
          on: {
            CONTINUE: 'headsUp',
            BACK: [{ guard: 'coexistenceEnabled', target: 'choosing' }, { target: 'notConnected' }],
          },
        },
        headsUp: {
          description:
            '"Informações importantes" before Meta\'s popup; the popup is made ready meanwhile. After a ' +
            'closed popup, says so.',
          entry: { type: 'show', params: { page: 'headsUp' } },
          invoke: {
            id: 'prepareSignup',
            src: 'prepareSignup',
            input: ({ context }) => ({ mode: context.mode }),
          },
          on: {
            START: { target: '#whatsappConnection.connecting', actions: assign({ cancelledAt: null }) },
            BACK: { target: 'introducing', actions: assign({ cancelledAt: null }) },
          },
        },
        settingUp: {
          description: 'The server is still setting the number up: the overview waits for the status.',
          entry: { type: 'show', params: { page: 'index' } },
        },
        succeeded: {
          description: '"WhatsApp Conectado".',
          entry: { type: 'show', params: { page: 'success' } },
          on: { CONTINUE: 'connected' },
        },
        connected: {
          description: 'The overview of a connected number: who, how, since when; disconnect, blocklist.',
          entry: { type: 'show', params: { page: 'index' } },
          on: { DISCONNECT: 'confirmingDisconnect' },
        },
        notReady: {
          description: 'Connected, but Meta does not let the number work yet: why, what to do, try again.',
          entry: { type: 'show', params: { page: 'notReady' } },
          on: { RETRY: '#whatsappConnection.connecting' },
        },
        failed: {
          description: 'The connection failed: why, what to do, try again.',
          entry: { type: 'show', params: { page: 'error' } },
          on: { RETRY: '#whatsappConnection.connecting' },
        },
        confirmingDisconnect: {
          description: '"Desconectar WhatsApp Business": what stops, confirm or keep it.',
          entry: { type: 'show', params: { page: 'disconnect' } },
          on: {
            CONFIRM: { target: '#whatsappConnection.disconnecting', actions: assign({ failure: null }) },
            CANCEL: { target: 'connected', actions: assign({ failure: null }) },
          },
        },
        feedback: {
          description: '"Feedback de Desconexão": a reason, an optional comment; send or skip.',
          entry: { type: 'show', params: { page: 'feedback' } },
          on: {
            CHOOSE_REASON: {
              actions: assign({ reason: ({ event }) => event.reason, reasonMissing: false, failure: null }),
            },
            CHANGE_COMMENT: { actions: assign({ comment: ({ event }) => event.comment }) },
            SEND: [
              { guard: 'reasonChosen', target: '#whatsappConnection.sendingFeedback' },
              { actions: assign({ reasonMissing: true }) },
            ],
            SKIP: {
              target: 'notConnected',
              actions: assign({ reason: null, comment: '', reasonMissing: false, failure: null }),
            },
          },
        },
        lost: {
          description: 'The overview of a number Meta let go (offboarded, refused token): reconnect.',
          entry: { type: 'show', params: { page: 'index' } },
          on: {
            SHOW_HOW: 'howToReconnect',
            RECONNECT: { target: 'headsUp', actions: 'reconnectMode' },
          },
        },
        howToReconnect: {
          description: '"Como Reconectar": the steps, and "Reconectar".',
          entry: { type: 'show', params: { page: 'howToReconnect' } },
          on: { RECONNECT: { target: 'headsUp', actions: 'reconnectMode' } },
        },
      },
    },
    connecting: {
      description: "Meta's popup, then the code handed to the server, on the heads-up page.",
      entry: { type: 'show', params: { page: 'headsUp' } },
      initial: 'signingUp',
      states: {
        signingUp: {
          description: "Waiting for the owner to finish Meta's popup.",
          invoke: {
            id: 'embeddedSignup',
            src: 'embeddedSignup',
            input: ({ context }) => ({ mode: context.mode }),
            onDone: { target: 'exchanging' },
            onError: [
              {
                guard: 'popupCancelled',
                target: '#whatsappConnection.ready.headsUp',
                actions: assign({
                  cancelledAt: ({ event }) =>
                    (event.error as { currentStep?: string | null }).currentStep ?? '',
                }),
              },
              {
                target: '#whatsappConnection.ready.failed',
                actions: assign({ problem: ({ event }) => problemOf(event.error) }),
              },
            ],
          },
        },
        exchanging: {
          description: 'The server exchanges the code, subscribes the app, registers or syncs the number.',
          invoke: {
            id: 'connect',
            src: 'connect',
            input: ({ context, event }) => ({
              ...(event as unknown as { output: EmbeddedSignupResult }).output,
              mode: context.mode,
            }),
            onDone: [
              {
                guard: 'answeredConnected',
                target: '#whatsappConnection.ready.succeeded',
                actions: 'keepAnswer',
              },
              {
                guard: 'answeredNotReady',
                target: '#whatsappConnection.ready.notReady',
                actions: 'keepAnswer',
              },
              { guard: 'answeredError', target: '#whatsappConnection.ready.failed', actions: 'keepAnswer' },
              { target: '#whatsappConnection.ready.settingUp', actions: 'keepAnswer' },
            ],
            onError: {
              target: '#whatsappConnection.ready.failed',
              actions: assign({ problem: ({ event }) => problemOf(event.error) }),
            },
          },
        },
      },
    },
    disconnecting: {
      description: 'The connection is revoked (DELETE); the confirm page stays.',
      invoke: {
        id: 'disconnect',
        src: 'disconnect',
        onDone: {
          target: '#whatsappConnection.ready.feedback',
          actions: assign({
            status: ({ event }) => event.output,
            reason: null,
            comment: '',
            reasonMissing: false,
          }),
        },
        onError: {
          target: '#whatsappConnection.ready.confirmingDisconnect',
          actions: assign({ failure: ({ event }) => problemOf(event.error) }),
        },
      },
    },
    sendingFeedback: {
      description: 'The feedback is sent; the page stays.',
      invoke: {
        id: 'sendFeedback',
        src: 'sendFeedback',
        input: ({ context }) => ({
          reason: context.reason!,
          comment: context.comment.trim() === '' ? null : context.comment.trim(),
        }),
        onDone: {
          target: '#whatsappConnection.ready.notConnected',
          actions: [assign({ reason: null, comment: '', failure: null }), emit({ type: 'feedbackSent' })],
        },
        onError: {
          target: '#whatsappConnection.ready.feedback',
          actions: assign({ failure: ({ event }) => problemOf(event.error) }),
        },
      },
    },
  },
});

export type WhatsappConnectionActor = ActorRefFrom<typeof whatsappConnectionMachine>;
export type WhatsappConnectionSnapshot = SnapshotFrom<typeof whatsappConnectionMachine>;
