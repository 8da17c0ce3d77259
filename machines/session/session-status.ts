import type { SnapshotFrom } from 'xstate';
import type { Role } from '../../contracts/roles';
import type { sessionMachine } from './session.machine';

/** What routing needs to know of the session (spec §2 guards, §4 states). */
export interface SessionStatus {
  /**
   * `checking`: tokens are being checked for the first time (show a loading state);
   * `authenticated` also covers a background refresh, so signed-in views stay.
   */
  phase: 'checking' | 'unauthenticated' | 'authenticated';
  needsOnboarding: boolean;
  hasNoCurrentSubscriptionActive: boolean;
  /** The role in the current company (null before the check answers or without a company). */
  role: Role | null;
}

export function sessionStatusOf(snapshot: SnapshotFrom<typeof sessionMachine>): SessionStatus {
  const { isAuthenticated, needsOnboarding, hasNoCurrentSubscriptionActive, role } = snapshot.context;
  const phase = snapshot.matches({ verifying: 'checking' })
    ? 'checking'
    : isAuthenticated
      ? 'authenticated'
      : 'unauthenticated';
  return { phase, needsOnboarding, hasNoCurrentSubscriptionActive, role };
}

export function sameSessionStatus(a: SessionStatus, b: SessionStatus): boolean {
  return (
    a.phase === b.phase &&
    a.needsOnboarding === b.needsOnboarding &&
    a.hasNoCurrentSubscriptionActive === b.hasNoCurrentSubscriptionActive &&
    a.role === b.role
  );
}
