import * as z from 'zod/mini';

/**
 * A person's role in a company (issue 15). Each includes what the one below may do:
 * owner — everything; manager — everything but billing and the team; staff — customers, tasks, the
 * board, conversations and the WhatsApp connection (no billing, team, company data or exports).
 */
export const ROLES = ['owner', 'manager', 'staff'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** What a route needs beyond being a member (staff): declared on its contract as `minRole`. */
export type RequiredRole = Exclude<Role, 'staff'>;

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Proprietário',
  manager: 'Gerente',
  staff: 'Atendente',
};

/** What each role may do, as the team screen explains it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Acesso total, inclusive assinatura e equipe.',
  manager: 'Tudo, menos assinatura e equipe.',
  staff: 'Clientes, tarefas, funil de vendas, conversas e a conexão do WhatsApp.',
};

/** The 403 a member gets from a route their role does not reach. */
export const ROLE_FORBIDDEN_TEXT =
  'Seu perfil na equipe não permite esta ação. Fale com o proprietário da empresa.';

const RANK: Record<Role, number> = { staff: 0, manager: 1, owner: 2 };

/** Whether `role` may call a route that needs `minRole` (none: every member may). */
export function roleAllows(role: Role | null | undefined, minRole: RequiredRole | undefined): boolean {
  if (!role) return false;
  return minRole === undefined || RANK[role] >= RANK[minRole];
}
