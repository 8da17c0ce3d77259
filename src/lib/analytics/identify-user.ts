import type { SessionUser } from '../../../contracts/session';

/** Spec §3: who the analytics providers are told the user is. */
export interface AnalyticsIdentity {
  id: string;
  email: string;
  name: string | undefined;
  properties: { phone?: string };
}

export type IdentityListener = (identity: AnalyticsIdentity) => void | Promise<void>;

const listeners = new Set<IdentityListener>();
let identifiedId: string | undefined;

/** A provider (analytics, chat widget) that wants to know who is signed in. */
export function onIdentify(listener: IdentityListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function report(error: unknown): void {
  // Spec §1, §8: analytics never shows errors to the user; a failure is only logged.
  console.warn('[analytics] identify failed', error);
}

/**
 * Spec §4: the signed-in user is identified once per user id. The session calls this every time it
 * is (re)confirmed; only a new id reaches the listeners.
 */
export function identifyUser(user: SessionUser): void {
  if (user.id === identifiedId) return;
  identifiedId = user.id;
  const identity: AnalyticsIdentity = {
    id: user.id,
    email: user.email,
    name: user.name ?? undefined,
    properties: user.mobilePhone ? { phone: user.mobilePhone } : {},
  };
  for (const listener of listeners) {
    try {
      Promise.resolve(listener(identity)).catch(report);
    } catch (error) {
      report(error);
    }
  }
}
