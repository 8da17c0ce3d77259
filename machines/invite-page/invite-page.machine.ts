import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { ReferralData } from '../../contracts/referral';
import { inviteLinkOf } from './invite-link';

export interface InvitePageInput {
  /** The device has the Web Share API (`navigator.share`): the page offers its share sheet too. */
  canShare: boolean;
}

/** What the page loads: the referral data, and the link the referral-link service made (or null). */
export interface LoadedInvite {
  referral: ReferralData;
  serviceLink: string | null;
}

export type InvitePageEvent =
  | { type: 'RETRY' }
  | { type: 'COPY' }
  | { type: 'SHARE' }
  /** The referral data changed (the realtime socket made it stale and it was read again). */
  | { type: 'REFERRAL_CHANGED'; referral: ReferralData };

interface InvitePageContext {
  canShare: boolean;
  referral: ReferralData | null;
  /** The person's referral link: the service's when it made one, else the server's. */
  link: string | null;
}

/**
 * /settings/invite, "Indique e Ganhe" (spec §2, §8, §9). The referral-link service starts first (a
 * failure is logged and the page goes on), then the referral data and the person's link load;
 * ready, the link is copied (said either way) and shared (the device's share sheet where it has one;
 * the WhatsApp link is always there and needs no state). A failed load is the page's own error
 * screen with RETRY.
 */
export const invitePageMachine = setup({
  types: {
    input: {} as InvitePageInput,
    context: {} as InvitePageContext,
    events: {} as InvitePageEvent,
  },
  actors: {
    initLinkService: fromPromise<void>(async () => {}),
    loadInvite: fromPromise<LoadedInvite>(async () => {
      throw new Error('Nothing to load the invite from');
    }),
    copyLink: fromPromise<void, { link: string }>(async () => {
      throw new Error('No clipboard');
    }),
    shareLink: fromPromise<void, { link: string }>(async () => {
      throw new Error('No share sheet');
    }),
  },
  actions: {
    /** The service could not start: logged, the page goes on with the server's links. */
    logInitFailure: (_, _error: unknown) => {},
  },
  guards: {
    canShare: ({ context }) => context.canShare && context.link !== null,
    hasLink: ({ context }) => context.link !== null,
  },
}).createMachine({
  id: 'invitePage',
  initial: 'starting',
  context: ({ input }) => ({ canShare: input.canShare, referral: null, link: null }),
  states: {
    starting: {
      description: 'The referral-link service starts; the page shows it is loading.',
      invoke: {
        id: 'initLinkService',
        src: 'initLinkService',
        onDone: 'loading',
        onError: {
          target: 'loading',
          actions: {
            type: 'logInitFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    loading: {
      description: 'The referral data and the link load (the cache retries the data 3 times).',
      invoke: {
        id: 'loadInvite',
        src: 'loadInvite',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            referral: event.output.referral,
            link: inviteLinkOf(event.output.serviceLink, event.output.referral),
          })),
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The page\'s own error screen: "Failed to fetch referral data", "Tentar novamente".',
      on: { RETRY: 'loading' },
    },
    ready: {
      description: 'The badge, texts, link, share buttons, counters and rewards.',
      type: 'parallel',
      on: { REFERRAL_CHANGED: { actions: assign(({ event }) => ({ referral: event.referral })) } },
      states: {
        copy: {
          initial: 'idle',
          states: {
            idle: { on: { COPY: { target: 'copying', guard: 'hasLink' } } },
            copying: {
              invoke: {
                id: 'copyLink',
                src: 'copyLink',
                input: ({ context }) => ({ link: context.link! }),
                onDone: 'copied',
                onError: 'copyFailed',
              },
            },
            copied: { on: { COPY: 'copying' } },
            copyFailed: { on: { COPY: 'copying' } },
          },
        },
        share: {
          initial: 'idle',
          states: {
            idle: { on: { SHARE: { target: 'sharing', guard: 'canShare' } } },
            sharing: {
              description: "The device's share sheet is open.",
              invoke: {
                id: 'shareLink',
                src: 'shareLink',
                input: ({ context }) => ({ link: context.link! }),
                // Shared, or the sheet closed without sharing: nothing to say either way.
                onDone: 'idle',
                onError: 'idle',
              },
            },
          },
        },
      },
    },
  },
});

export type InvitePageActor = ActorRefFrom<typeof invitePageMachine>;
