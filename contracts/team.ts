import * as z from 'zod/mini';
import { roleSchema } from './roles';

/**
 * The team (issue 15): the owner invites people by e-mail, sees who is in and who is still invited,
 * changes roles and removes people. Everything under /api/settings/team is the owner's
 * (`minRole: 'owner'`); the member list for assignee pickers is every member's.
 */

export const INVITATION_DAYS = 7;

/** Trimmed and lowercased, as users.email keeps addresses; the same plausibility check as sign-up. */
const emailInput = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.maxLength(254, { error: 'E-mail inválido. Confira o endereço.' }),
  z.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(value), {
    error: 'E-mail inválido. Confira o endereço.',
  }),
);
/** An invitation's e-mail may be sent again once this many seconds passed since the last send. */
export const INVITATION_RESEND_SECONDS = 60;

export const ALREADY_MEMBER_TEXT = 'Esta pessoa já faz parte da equipe.';
export const ALREADY_INVITED_TEXT = 'Já existe um convite pendente para este e-mail. Use "Reenviar convite".';
export const INVITATION_RESEND_TOO_SOON_TEXT = 'Aguarde um minuto para reenviar este convite.';
export const LAST_OWNER_TEXT = 'A empresa precisa de pelo menos um proprietário.';
export const NOT_YOURSELF_TEXT = 'Você não pode alterar o seu próprio acesso.';
export const INVITATION_NOT_FOUND_TEXT = 'Convite não encontrado.';
export const INVITATION_GONE_TEXT = 'Este convite não vale mais. Peça um novo convite a quem convidou você.';
export const INVITATION_OTHER_EMAIL_TEXT =
  'Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.';
export const MEMBER_NOT_FOUND_TEXT = 'Pessoa não encontrada na equipe.';
/** Switching to a company the person does not belong to (or that does not exist). */
export const COMPANY_NOT_FOUND_TEXT = 'Empresa não encontrada.';

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.nullable(z.string()),
  email: z.string(),
  role: roleSchema,
  /** ISO 8601. */
  joinedAt: z.string(),
  /** The caller themself. */
  isYou: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['manager', 'staff']),
  invitedByName: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
  /** When "Reenviar convite" works again (ISO 8601, the server's clock). */
  resendAvailableAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  /** Open invitations (not accepted, not revoked), expired ones included so they can be resent. */
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const getTeamContract = {
  method: 'GET',
  url: '/api/settings/team',
  minRole: 'owner',
  response: teamSchema,
} as const;

export const inviteBodySchema = z.strictObject({
  email: emailInput,
  role: z.enum(['manager', 'staff']),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

export const inviteContract = {
  method: 'POST',
  url: '/api/settings/team/invitations',
  minRole: 'owner',
  idempotent: true,
  body: inviteBodySchema,
  response: z.object({ invitation: teamInvitationSchema }),
} as const;

export const invitationParams = z.strictObject({ invitationId: z.uuid() });

export const resendInvitationContract = {
  method: 'POST',
  url: '/api/settings/team/invitations/:invitationId/resend',
  minRole: 'owner',
  params: invitationParams,
  response: z.object({ invitation: teamInvitationSchema }),
} as const;

export const revokeInvitationContract = {
  method: 'DELETE',
  url: '/api/settings/team/invitations/:invitationId',
  minRole: 'owner',
  params: invitationParams,
  response: z.object({ revoked: z.literal(true) }),
} as const;

export const memberParams = z.strictObject({ userId: z.uuid() });

export const changeRoleContract = {
  method: 'PUT',
  url: '/api/settings/team/members/:userId',
  minRole: 'owner',
  params: memberParams,
  body: z.strictObject({ role: roleSchema }),
  response: z.object({ member: teamMemberSchema }),
} as const;

/** Removes the person from the company and ends their sign-ins at once; their rows stay. */
export const removeMemberContract = {
  method: 'DELETE',
  url: '/api/settings/team/members/:userId',
  minRole: 'owner',
  params: memberParams,
  response: z.object({ removed: z.literal(true) }),
} as const;

/** Who can be an assignee, and whose name goes on "feito por": every member may read it. */
export const listMembersContract = {
  method: 'GET',
  url: '/api/team/members',
  response: z.object({
    members: z.array(
      z.object({ userId: z.string(), name: z.nullable(z.string()), email: z.string(), role: roleSchema }),
    ),
  }),
} as const;

// The invited person's side. The link's secret travels in bodies, never in an address the logs keep.

/** The app's invitation page: the e-mail's link, and the `redirect` the hosted login carries back. */
export const INVITATION_PATH_PREFIX = '/convite/';
export const invitationPath = (token: string) => `${INVITATION_PATH_PREFIX}${token}`;
/** The secret in an invitation page's path, if `path` is one. */
export function invitationTokenOfPath(path: string | undefined): string | undefined {
  return path?.match(/^\/convite\/([A-Za-z0-9_-]{16,200})$/)?.[1];
}

export const invitationTokenBody = z.strictObject({
  token: z.string().check(z.minLength(16), z.maxLength(200)),
});

/** What the invitation page shows before anyone signs in (no session needed). */
export const previewInvitationContract = {
  method: 'POST',
  url: '/api/team/invitations/preview',
  body: invitationTokenBody,
  response: z.object({
    invitation: z.object({
      companyName: z.string(),
      invitedByName: z.nullable(z.string()),
      email: z.string(),
      role: roleSchema,
      status: z.enum(['open', 'accepted', 'revoked', 'expired']),
    }),
  }),
} as const;

/**
 * The signed-in person (with the invited e-mail) joins the company, which becomes their current one.
 * Accepting twice answers the same company.
 */
export const acceptInvitationContract = {
  method: 'POST',
  url: '/api/team/invitations/accept',
  body: invitationTokenBody,
  response: z.object({ companyId: z.string(), role: roleSchema }),
} as const;

// Several companies per person.

export const companyChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  current: z.boolean(),
});
export type CompanyChoice = z.infer<typeof companyChoiceSchema>;

export const listMyCompaniesContract = {
  method: 'GET',
  url: '/api/session/companies',
  response: z.object({ companies: z.array(companyChoiceSchema) }),
} as const;

export const switchCompanyContract = {
  method: 'PUT',
  url: '/api/session/current-company',
  body: z.strictObject({ companyId: z.uuid() }),
  response: z.object({ currentCompanyId: z.string(), role: roleSchema }),
} as const;
