import { acceptInvitationContract, previewInvitationContract } from '../../../../contracts/team';
import type { InvitationPreview } from '../../../../machines/join-team/join-team.machine';
import { api } from '../../../api/client';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** The invited person's calls; the link's secret goes in the body. Each rejects with an ApiError. */

export function previewInvitation(token: string): Promise<InvitationPreview> {
  return api
    .post(previewInvitationContract.url, { body: { token }, schema: previewInvitationContract.response })
    .then(unwrapEnvelope)
    .then((data) => data.invitation);
}

export function acceptInvitation(token: string): Promise<unknown> {
  return api
    .post(acceptInvitationContract.url, { body: { token }, schema: acceptInvitationContract.response })
    .then(unwrapEnvelope);
}
