import { type ActorRefFrom, assign, emit, fromPromise, raise, type SnapshotFrom, setup } from 'xstate';
import type { FollowUpMessage, FollowUpStatus } from '../../contracts/tasks';
import { failureMessage } from '../failure-message';

/** What the owner can ask of one follow-up from where it is shown. */
export type FollowUpCommand = 'send_now' | 'resume';

export type FollowUpStatusEvent =
  /** The server's word: the follow-up as re-read (after `followup.changed`, a command, a visit). */
  | { type: 'CHANGED'; followUp: FollowUpMessage }
  /** "Enviar agora". */
  | { type: 'SEND_NOW' }
  /** "Retomar follow-ups" (the customer's follow-ups, this one among them). */
  | { type: 'RESUME' };

export type FollowUpStatusEmitted =
  | { type: 'commandDone'; command: FollowUpCommand; followUp: FollowUpMessage }
  /** The server refused or could not be reached: its pt-BR words. */
  | { type: 'commandFailed'; command: FollowUpCommand; followUp: FollowUpMessage; message: string };

interface FollowUpStatusContext {
  followUp: FollowUpMessage;
}

/**
 * Which follow-ups the server takes "Enviar agora" for (POST /api/followup/:id/send-now): held back
 * (waiting for a connection, paused, expired) or failed before leaving. Anything else is its 409.
 */
export function sendableNow(followUp: FollowUpMessage): boolean {
  if (followUp.status === 'failed') return followUp.sentAt === null;
  return (
    followUp.status === 'waiting_connection' || followUp.status === 'paused' || followUp.status === 'expired'
  );
}

const offers = (followUp: FollowUpMessage, action: 'send_now' | 'resume') =>
  followUp.problem?.actions.includes(action) === true;

/** The chart's state for each of the contract's statuses. */
export const stateOfStatus = {
  scheduled: 'scheduled',
  waiting_connection: 'waitingConnection',
  paused: 'paused',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'cancelled',
} as const satisfies Record<FollowUpStatus, string>;

const toStatus = (status: FollowUpStatus) => ({
  guard: { type: 'statusIs' as const, params: { status } },
  target: `.standing.${stateOfStatus[status]}`,
  actions: 'keepNews' as const,
});

/**
 * A command under way: invokes `src`; its answer (or refusal) is said once, and the chart goes back
 * to where the follow-up then stands.
 */
const asking = (src: 'sendNow' | 'resume', command: FollowUpCommand, description: string) => ({
  description,
  invoke: {
    id: src,
    src,
    input: ({ context }: { context: FollowUpStatusContext }) => context.followUp,
    onDone: {
      target: '#followUpStatus.standing',
      actions: ['keepAnswer', { type: 'tellDone', params: { command } }, 'standWhereItIs'] as const,
    },
    onError: {
      target: '#followUpStatus.standing',
      actions: [{ type: 'tellFailed', params: { command } }, 'standWhereItIs'] as const,
    },
  },
});

/**
 * One follow-up as the owner sees it, on the task and on the customer page. Its states are where
 * the follow-up stands (the contract's statuses) and move on the server's word only (`CHANGED`, the
 * follow-up re-read); "Enviar agora" and "Retomar follow-ups" are states of their own while the
 * server is asked, offered only when the follow-up's problem lists them and the server would take
 * them. A command's answer puts the follow-up where the server says; a refusal leaves it where it
 * was and says the server's words (`commandFailed`, a toast).
 */
export const followUpStatusMachine = setup({
  types: {
    context: {} as FollowUpStatusContext,
    events: {} as FollowUpStatusEvent,
    emitted: {} as FollowUpStatusEmitted,
    input: {} as { followUp: FollowUpMessage },
  },
  actors: {
    /** POST /api/followup/:id/send-now: the follow-up as the server scheduled it again. */
    sendNow: fromPromise<FollowUpMessage, FollowUpMessage>(async () => {
      throw new Error('Nowhere to send to');
    }),
    /** POST /api/customers/:id/follow-ups/resume, then this follow-up re-read. */
    resume: fromPromise<FollowUpMessage, FollowUpMessage>(async () => {
      throw new Error('Nowhere to send to');
    }),
  },
  actions: {
    /** The follow-up as the server's word (CHANGED) has it. */
    keepNews: assign({
      followUp: ({ context, event }) => (event.type === 'CHANGED' ? event.followUp : context.followUp),
    }),
    /** The follow-up as a command's answer has it. */
    keepAnswer: assign({
      followUp: ({ event }) => (event as unknown as { output: FollowUpMessage }).output,
    }),
    tellDone: emit(({ context }, params: { command: FollowUpCommand }) => ({
      type: 'commandDone' as const,
      command: params.command,
      followUp: context.followUp,
    })),
    tellFailed: emit(({ context, event }, params: { command: FollowUpCommand }) => ({
      type: 'commandFailed' as const,
      command: params.command,
      followUp: context.followUp,
      message: failureMessage((event as unknown as { error: unknown }).error),
    })),
    /** Re-routes to where the follow-up stands, after a command's answer, as the server's word does. */
    standWhereItIs: raise(({ context }) => ({ type: 'CHANGED' as const, followUp: context.followUp })),
  },
  guards: {
    statusIs: ({ event }, params: { status: FollowUpStatus }) =>
      (event as { followUp: FollowUpMessage }).followUp.status === params.status,
    canSendNow: ({ context }) => offers(context.followUp, 'send_now') && sendableNow(context.followUp),
    canResume: ({ context }) => offers(context.followUp, 'resume') && context.followUp.status === 'paused',
  },
}).createMachine({
  id: 'followUpStatus',
  context: ({ input }) => ({ followUp: input.followUp }),
  // The first state is where the input stands: the same routing as the server's later word.
  entry: 'standWhereItIs',
  initial: 'standing',
  on: {
    CHANGED: [
      toStatus('scheduled'),
      toStatus('waiting_connection'),
      toStatus('paused'),
      toStatus('sending'),
      toStatus('sent'),
      toStatus('delivered'),
      toStatus('read'),
      toStatus('failed'),
      toStatus('expired'),
      toStatus('cancelled'),
    ],
  },
  states: {
    standing: {
      description: 'Where the follow-up stands, as the server last said. Entered routed by a CHANGED.',
      initial: 'scheduled',
      on: {
        SEND_NOW: { guard: 'canSendNow', target: 'requesting.sendNow' },
        RESUME: { guard: 'canResume', target: 'requesting.resume' },
      },
      states: {
        scheduled: { description: '"Agendada para …" (or "aguardando conexão" while nothing can send it).' },
        waitingConnection: { description: 'Its time came with no working connection: held back.' },
        paused: { description: '"Pausada": the owner answered by hand from the phone.' },
        sending: { description: '"Enviando…": handed to WhatsApp.' },
        sent: { description: '"Enviada em …".' },
        delivered: { description: '"Entregue".' },
        read: { description: '"Lida".' },
        failed: { description: '"Falhou", with why and what to do.' },
        expired: { description: '"Expirada": waited past the cut-off; send now or reschedule.' },
        cancelled: { description: '"Cancelada".' },
      },
    },
    requesting: {
      description: 'The server is asked; news of the follow-up meanwhile is kept, not acted on.',
      // Never entered but through one of its two children.
      initial: 'sendNow',
      on: { CHANGED: { actions: 'keepNews' } },
      states: {
        sendNow: asking('sendNow', 'send_now', '"Enviando...": "Enviar agora" asked of the server.'),
        resume: asking(
          'resume',
          'resume',
          '"Retomando...": the customer\'s follow-ups resumed on the server.',
        ),
      },
    },
  },
});

export type FollowUpStatusActor = ActorRefFrom<typeof followUpStatusMachine>;
export type FollowUpStatusSnapshot = SnapshotFrom<typeof followUpStatusMachine>;
