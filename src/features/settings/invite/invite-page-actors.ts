import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { invitePageMachine, type LoadedInvite } from '../../../../machines/invite-page/invite-page.machine';
import { inviteLinkQuery } from './invite-link-query';
import { loadLinkService } from './load-link-service';
import { referralQuery } from './referral-query';

/** Who the link is for: the signed-in person in their current company. */
export interface InviteOwner {
  userId: string;
  companyId: string;
}

/**
 * The invite page's chart with the app's calls: the referral-link service, the referral data
 * through the cache, the link (the service's, cached for good), the clipboard and the share sheet.
 */
export function createInvitePageMachine(queryClient: QueryClient, owner: InviteOwner | null) {
  const service = loadLinkService();
  return invitePageMachine.provide({
    actors: {
      initLinkService: fromPromise(async () => (await service).init()),
      loadInvite: fromPromise<LoadedInvite>(async () => {
        const [referral, serviceLink] = await Promise.all([
          queryClient.fetchQuery(referralQuery),
          owner
            ? service
                .then((started) =>
                  queryClient.fetchQuery(inviteLinkQuery(started, owner.userId, owner.companyId)),
                )
                .catch(() => null)
            : null,
        ]);
        return { referral, serviceLink };
      }),
      copyLink: fromPromise<void, { link: string }>(({ input }) => navigator.clipboard.writeText(input.link)),
      shareLink: fromPromise<void, { link: string }>(({ input }) => navigator.share({ url: input.link })),
    },
    actions: {
      logInitFailure: (_, error) => console.warn('[referral] the link service could not start', error),
    },
  });
}
