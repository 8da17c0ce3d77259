import { ROLE_LABELS, type Role } from '../../contracts/roles';

/** The invitation page's own words, shared by the view, its path plan and its drivers. */
export const joinTeamTexts = {
  heading: 'Convite para a equipe',
  signUp: 'Criar conta',
  signIn: 'Já tenho conta',
  accept: 'Entrar na equipe',
  accepting: 'Entrando...',
  retry: 'Tentar novamente',
};

export const invitationLine = (invitedByName: string | null, companyName: string, role: Role) =>
  `${invitedByName ?? 'Alguém'} convidou você para a equipe da ${companyName} como ${ROLE_LABELS[role]}.`;

export const invitedEmailHint = (email: string) => `Use o e-mail ${email}.`;

export const switchAccountLabel = (email: string) => `Sair e entrar com ${email}`;
