import type { Role } from '../../../../contracts/roles';
import {
  changeRoleContract,
  getTeamContract,
  type InviteBody,
  inviteContract,
  removeMemberContract,
  resendInvitationContract,
  revokeInvitationContract,
  type Team,
  type TeamInvitation,
  type TeamMember,
} from '../../../../contracts/team';
import { api } from '../../../api/client';
import { contractUrl } from '../../../api/contract-url';
import { unwrapEnvelope } from '../../../api/unwrap-envelope';

/** The owner's team calls (/api/settings/team); each rejects with an ApiError carrying the server's text. */

export function loadTeam(signal?: AbortSignal): Promise<Team> {
  return api.get(getTeamContract.url, { schema: getTeamContract.response, signal }).then(unwrapEnvelope);
}

export function invite(body: InviteBody): Promise<TeamInvitation> {
  return api
    .post(inviteContract.url, { body, schema: inviteContract.response })
    .then(unwrapEnvelope)
    .then((data) => data.invitation);
}

export function resendInvitation(invitationId: string): Promise<TeamInvitation> {
  return api
    .post(contractUrl(resendInvitationContract.url, invitationId), {
      schema: resendInvitationContract.response,
    })
    .then(unwrapEnvelope)
    .then((data) => data.invitation);
}

export function revokeInvitation(invitationId: string): Promise<unknown> {
  return api
    .delete(contractUrl(revokeInvitationContract.url, invitationId), {
      schema: revokeInvitationContract.response,
    })
    .then(unwrapEnvelope);
}

export function changeRole(userId: string, role: Role): Promise<TeamMember> {
  return api
    .put(contractUrl(changeRoleContract.url, userId), { body: { role }, schema: changeRoleContract.response })
    .then(unwrapEnvelope)
    .then((data) => data.member);
}

export function removeMember(userId: string): Promise<unknown> {
  return api
    .delete(contractUrl(removeMemberContract.url, userId), { schema: removeMemberContract.response })
    .then(unwrapEnvelope);
}
