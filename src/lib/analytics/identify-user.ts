import type { AnalyticsIdentity } from '../../../contracts/analytics';
import type { SessionUser } from '../../../contracts/session';
import { toAnalyticsClient } from './analytics-link';

export type { AnalyticsIdentity } from '../../../contracts/analytics';

/** Spec §3: who the analytics providers and the chat widget are told the user is. */
export function identityOf(user: SessionUser): AnalyticsIdentity {
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? undefined,
    properties: user.mobilePhone ? { phone: user.mobilePhone } : {},
  };
}

/**
 * Spec §4: the signed-in user is identified once per user id. The session calls this every time it
 * is (re)confirmed; the analytics chart lets only a new id through.
 */
export function identifyUser(user: SessionUser): void {
  toAnalyticsClient({ type: 'IDENTIFY', identity: identityOf(user) });
}

/** The user signed out: providers forget them, and the next sign-in (even theirs) identifies again. */
export function forgetUser(): void {
  toAnalyticsClient({ type: 'SIGNED_OUT' });
}
