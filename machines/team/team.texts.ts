import { ROLE_LABELS, type Role } from '../../contracts/roles';

/** The "Equipe" screen's own words, shared by the view, its path plan and its drivers. */
export const TEAM_LOAD_FAILED_TEXT = 'Erro ao carregar a equipe';

export const teamTexts = {
  invite: 'Convidar',
  inviting: 'Enviando convite...',
  resend: 'Reenviar convite',
  resending: 'Reenviando...',
  revoke: 'Revogar',
  revokeConfirm: 'Revogar convite',
  revoking: 'Revogando...',
  remove: 'Remover',
  removeConfirm: 'Remover da equipe',
  removing: 'Removendo...',
  you: 'Você',
  expired: 'Expirado',
};

/** The first word of a name (the question and the toasts speak of the person by it). */
export const firstNameOf = (name: string | null, email: string) =>
  (name ?? email).trim().split(/\s+/)[0] ?? email;

export const revokeQuestion = (email: string) => `Revogar o convite de ${email}? O link deixa de valer.`;
export const removeQuestion = (name: string | null, email: string) =>
  `Remover ${firstNameOf(name, email)} da equipe? Ela perde o acesso na hora.`;

export const teamToasts = {
  invited: (email: string) => `Convite enviado para ${email}.`,
  resent: (email: string) => `Convite reenviado para ${email}.`,
  revoked: (email: string) => `Convite para ${email} revogado.`,
  roleChanged: (name: string | null, email: string, role: Role) =>
    `${firstNameOf(name, email)} agora é ${ROLE_LABELS[role]}.`,
  removed: (name: string | null, email: string) =>
    `${firstNameOf(name, email)} não faz mais parte da equipe.`,
};

/** The label of a member's role select, naming them (one select per row). */
export const roleSelectLabel = (name: string | null, email: string) => `Papel de ${name ?? email}`;
