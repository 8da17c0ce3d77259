import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { InvitePageActor } from '../../../../machines/invite-page/invite-page.machine';
import { useSessionActor } from '../../../app/session/session-context';
import { createInvitePageMachine } from './invite-page-actors';
import { referralQuery } from './referral-query';

/** The invite page's chart for the signed-in person, on this device (share sheet or not). */
export function useInvitePage(): InvitePageActor {
  const queryClient = useQueryClient();
  const session = useSessionActor();
  const [machine] = useState(() => {
    const { user, company } = session.getSnapshot().context;
    const owner = user && company ? { userId: user.id, companyId: company.id } : null;
    return createInvitePageMachine(queryClient, owner);
  });
  return useActorRef(machine, { input: { canShare: typeof navigator.share === 'function' } });
}

/**
 * Hands the chart every new value of the referral data once it is on screen (the realtime event or
 * a return to the tab made it stale and it was read again). Mounted only when ready: the chart's
 * own load has filled the cache, so this reads no more until the data goes stale.
 */
export function useReferralFollowed(actor: InvitePageActor) {
  const { data } = useQuery({ ...referralQuery, refetchOnMount: false });
  const shown = useSelector(actor, (snapshot) => snapshot.context.referral);
  useEffect(() => {
    if (data && data !== shown) actor.send({ type: 'REFERRAL_CHANGED', referral: data });
  }, [actor, data, shown]);
}
