import type { FastifyPluginAsync } from 'fastify';
import {
  acceptInvitationContract,
  changeRoleContract,
  getTeamContract,
  inviteContract,
  listMyCompaniesContract,
  previewInvitationContract,
  removeMemberContract,
  resendInvitationContract,
  revokeInvitationContract,
  switchCompanyContract,
} from '../../../contracts/team';
import { callerOf, companyOf } from '../../auth/api/caller';
import { idempotencyKeys } from '../../http/idempotency';
import { publicUrls } from '../../http/public-urls';
import { route } from '../../http/route';
import type { ModuleRoutesOptions } from '../module-routes';
import { acceptInvitation, previewInvitation } from './invitation-acceptance';
import {
  invite,
  listOpenInvitations,
  ResendTooSoonError,
  resendInvitation,
  revokeInvitation,
} from './invitations';
import { changeMemberRole, listTeamMembers, removeMember } from './members';
import { listMyCompanies, switchCompany } from './my-companies';

/** The public invitation calls: no session, so a per-address limit keeps secrets from being guessed. */
const invitationLinkLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/**
 * The team (issue 15). /api/settings/team: the owner's screen (subscriber guard, `minRole: 'owner'`
 * on the contracts): members, open invitations, invite, resend, revoke, change a role, remove.
 * /api/team/invitations: the invited person's side (preview without a session, accept signed in with
 * or without a company). /api/session: the person's companies and switching between them.
 */
export const teamRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async (app, { db, config }) => {
  const preHandler = app.auth.requireSubscriber;
  const resendSeconds = config.invitationResendSeconds;

  route(app, getTeamContract, {
    preHandler,
    async handler({ request, reply }) {
      reply.header('cache-control', 'no-store');
      const { companyId, userId } = companyOf(request);
      return {
        members: await listTeamMembers(db, companyId, userId),
        invitations: await listOpenInvitations(db, companyId, resendSeconds),
      };
    },
  });

  route(app, inviteContract, {
    preHandler,
    idempotency: idempotencyKeys(db),
    status: 201,
    async handler({ request, body }) {
      const { companyId, userId } = companyOf(request);
      const invitation = await invite(db, {
        companyId,
        inviterUserId: userId,
        email: body.email,
        role: body.role,
        resendSeconds,
        links: publicUrls(request, config),
      });
      return { invitation };
    },
  });

  route(app, resendInvitationContract, {
    preHandler,
    async handler({ request, reply, params }) {
      try {
        const invitation = await resendInvitation(db, {
          companyId: companyOf(request).companyId,
          invitationId: params.invitationId,
          resendSeconds,
          links: publicUrls(request, config),
        });
        return { invitation };
      } catch (err) {
        if (err instanceof ResendTooSoonError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  });

  route(app, revokeInvitationContract, {
    preHandler,
    async handler({ request, params }) {
      await revokeInvitation(db, companyOf(request).companyId, params.invitationId);
      return { revoked: true as const };
    },
  });

  route(app, changeRoleContract, {
    preHandler,
    async handler({ request, params, body }) {
      const { companyId, userId } = companyOf(request);
      const member = await changeMemberRole(db, {
        companyId,
        callerUserId: userId,
        userId: params.userId,
        role: body.role,
      });
      return { member };
    },
  });

  route(app, removeMemberContract, {
    preHandler,
    async handler({ request, params }) {
      const { companyId, userId } = companyOf(request);
      await removeMember(db, { companyId, callerUserId: userId, userId: params.userId });
      return { removed: true as const };
    },
  });

  route(app, previewInvitationContract, {
    config: invitationLinkLimit,
    async handler({ reply, body }) {
      reply.header('cache-control', 'no-store');
      return { invitation: await previewInvitation(db, body.token) };
    },
  });

  route(app, acceptInvitationContract, {
    preHandler: app.auth.requireCaller,
    config: invitationLinkLimit,
    handler: ({ request, body }) =>
      acceptInvitation(db, { token: body.token, userId: callerOf(request).userId }),
  });

  route(app, listMyCompaniesContract, {
    preHandler: app.auth.requireCaller,
    async handler({ request, reply }) {
      reply.header('cache-control', 'no-store');
      return { companies: await listMyCompanies(db, callerOf(request).userId) };
    },
  });

  route(app, switchCompanyContract, {
    preHandler: app.auth.requireCaller,
    handler: ({ request, body }) => switchCompany(db, callerOf(request).userId, body.companyId),
  });
};
