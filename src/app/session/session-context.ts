import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type RequiredRole, type Role, roleAllows } from '../../../contracts/roles';
import type { sessionMachine } from '../../../machines/session/session.machine';
import {
  type SessionStatus,
  sameSessionStatus,
  sessionStatusOf,
} from '../../../machines/session/session-status';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export const SessionContext = createContext<SessionActor | null>(null);

/** The session actor, to send it events (SIGNED_IN, LOGOUT). */
export function useSessionActor(): SessionActor {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionActor must be used inside <SessionProvider>');
  return session;
}

/** Where the session stands, for guards and redirects; re-renders only when that changes. */
export function useSessionStatus(): SessionStatus {
  return useSelector(useSessionActor(), sessionStatusOf, sameSessionStatus);
}

/** The signed-in user (null before the check answers or when signed out). */
export function useSessionUser() {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.user);
}

/** The user's role in the current company (null before the check answers or without a company). */
export function useSessionRole(): Role | null {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.role);
}

/**
 * Whether the user's role reaches what a call needs (its contract's `minRole`): what a role cannot do
 * is not offered. The server refuses it anyway (403).
 */
export function useRoleAllows(minRole: RequiredRole | undefined): boolean {
  return roleAllows(useSessionRole(), minRole);
}
