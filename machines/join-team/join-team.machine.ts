import { assign, emit, fromPromise, setup } from 'xstate';
import type { Role } from '../../contracts/roles';
import { appPaths } from '../app-paths';
import { failureMessage } from '../failure-message';
import { type NavigateEvent, navigateEvent } from '../navigate-event';
import { callFailureOf } from '../phone-verification/call-failure';

/** What the invitation page shows before anyone signs in (the preview call's answer). */
export interface InvitationPreview {
  companyName: string;
  invitedByName: string | null;
  email: string;
  role: Role;
  status: 'open' | 'accepted' | 'revoked' | 'expired';
}

export interface JoinTeamInput {
  /** The secret in the e-mail's link (/convite/<token>). */
  token: string;
  /** Who is signed in on this browser (their e-mail), or null. */
  viewerEmail: string | null;
}

export interface JoinTeamContext extends JoinTeamInput {
  invitation: InvitationPreview | null;
  /** The last call's failure, in the server's words. */
  error: string | null;
}

export type JoinTeamEvent =
  /** "Tentar novamente" after the preview failed. */
  | { type: 'RETRY' }
  /** Signed out: "Criar conta" (the hosted sign-up) or "Já tenho conta" (the hosted sign-in). */
  | { type: 'SIGN_UP' }
  | { type: 'SIGN_IN' }
  /** Signed in with another e-mail: "Sair e entrar com <e-mail>". */
  | { type: 'SWITCH_ACCOUNT' }
  /** Signed in with the invited e-mail: "Entrar na equipe". */
  | { type: 'ACCEPT' };

/** What accepting leads to once the session has been checked again. */
export interface Joined {
  needsOnboarding: boolean;
}

const statusOf = (error: unknown) => {
  const failure = callFailureOf(error);
  return failure.kind === 'failed' ? failure.status : undefined;
};
const isOpen = (event: unknown) => (event as { output?: InvitationPreview }).output?.status === 'open';
const sameEmail = (a: string | null, b: string | undefined) =>
  a !== null && b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The invitation page /convite/:token (issue 15). `previewing` (who invites, to which company, as
 * what) → `open`, `gone` (revoked, expired or accepted: 410 or the preview's status), `notFound` (404)
 * or `failed` (RETRY). `open` splits by who is looking: `signedOut` ("Criar conta" / "Já tenho conta",
 * both to the hosted login and back here), `otherEmail` ("Sair e entrar com <e-mail>"), `ready`
 * ("Entrar na equipe") → `accepting` (the app's actor accepts and checks the session again) →
 * `joined` (to /onboarding when the person still has steps, else /home), or back with the server's
 * words (a 410 → `gone`). `leaving` is the page handing over to the hosted login or /logout.
 */
export const joinTeamMachine = setup({
  types: {
    context: {} as JoinTeamContext,
    events: {} as JoinTeamEvent,
    input: {} as JoinTeamInput,
    emitted: {} as
      | NavigateEvent
      /** To the hosted login, with the invited address to fill in. */
      | { type: 'hostedLogin'; mode: 'signUp' | 'signIn'; redirect: string; email: string | null },
  },
  actors: {
    preview: fromPromise<InvitationPreview, { token: string }>(async () => {
      throw new Error('No way to preview an invitation was provided');
    }),
    accept: fromPromise<Joined, { token: string }>(async () => {
      throw new Error('No way to accept an invitation was provided');
    }),
  },
  actions: {
    keepInvitation: assign({
      invitation: ({ event }) => (event as { output?: InvitationPreview }).output ?? null,
    }),
  },
  guards: {
    isOpen: ({ event }) => isOpen(event),
    openToSignedOut: ({ context, event }) => isOpen(event) && context.viewerEmail === null,
    openToInvited: ({ context, event }) =>
      isOpen(event) &&
      sameEmail(context.viewerEmail, (event as unknown as { output: InvitationPreview }).output.email),
    notFound: ({ event }) => statusOf((event as { error?: unknown }).error) === 404,
    gone: ({ event }) => statusOf((event as { error?: unknown }).error) === 410,
  },
}).createMachine({
  id: 'joinTeam',
  context: ({ input }) => ({ ...input, invitation: null, error: null }),
  initial: 'previewing',
  states: {
    previewing: {
      description: 'The invitation is read: a loading card.',
      entry: assign({ error: null }),
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ token: context.token }),
        // Who is looking decides what an open invitation offers.
        onDone: [
          { guard: 'openToSignedOut', target: 'open.signedOut', actions: 'keepInvitation' },
          { guard: 'openToInvited', target: 'open.ready', actions: 'keepInvitation' },
          { guard: 'isOpen', target: 'open.otherEmail', actions: 'keepInvitation' },
          { target: 'gone', actions: 'keepInvitation' },
        ],
        onError: [
          { guard: 'notFound', target: 'notFound' },
          { guard: 'gone', target: 'gone' },
          { target: 'failed', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
        ],
      },
    },
    failed: {
      description: 'The preview failed: the server\'s words and "Tentar novamente".',
      on: { RETRY: 'previewing' },
    },
    notFound: { description: 'No invitation has this link: INVITATION_NOT_FOUND_TEXT.' },
    gone: { description: 'Revoked, expired or accepted: INVITATION_GONE_TEXT.' },
    open: {
      description: '"<inviter> convidou você para a equipe da <empresa> como <papel>", and what to do.',
      initial: 'signedOut',
      states: {
        signedOut: {
          description: '"Criar conta" and "Já tenho conta".',
          on: {
            SIGN_UP: {
              target: '#joinTeam.leaving',
              actions: emit(({ context }) => ({
                type: 'hostedLogin' as const,
                mode: 'signUp' as const,
                redirect: appPaths.invitation(context.token),
                email: context.invitation?.email ?? null,
              })),
            },
            SIGN_IN: {
              target: '#joinTeam.leaving',
              actions: emit(({ context }) => ({
                type: 'hostedLogin' as const,
                mode: 'signIn' as const,
                redirect: appPaths.invitation(context.token),
                email: context.invitation?.email ?? null,
              })),
            },
          },
        },
        otherEmail: {
          description: 'INVITATION_OTHER_EMAIL_TEXT and "Sair e entrar com <e-mail>".',
          on: {
            SWITCH_ACCOUNT: {
              target: '#joinTeam.leaving',
              actions: emit(({ context }) =>
                navigateEvent(
                  `${appPaths.logout}?${new URLSearchParams({ redirect: appPaths.invitation(context.token) })}`,
                ),
              ),
            },
          },
        },
        ready: {
          description: '"Entrar na equipe" (and the last refusal, if any).',
          on: { ACCEPT: '#joinTeam.accepting' },
        },
      },
    },
    accepting: {
      description: '"Entrando..." while the person joins and the session is checked again.',
      entry: assign({ error: null }),
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'joined',
          actions: emit(({ event }) =>
            navigateEvent(event.output.needsOnboarding ? appPaths.onboarding : appPaths.home, true),
          ),
        },
        onError: [
          { guard: 'gone', target: 'gone' },
          { target: 'open.ready', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
        ],
      },
    },
    joined: { type: 'final', description: 'In the team: the app goes on to /onboarding or /home.' },
    leaving: { type: 'final', description: 'Off to the hosted login or /logout, coming back here.' },
  },
});
