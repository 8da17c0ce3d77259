import { trackEvent } from '../../lib/analytics/track-event';

/** Spec §4's onboarding events, by the names the providers receive. */
export const SIGN_UP_STARTED_EVENT = 'sign_up_started';
export const NAME_PREFILLED_EVENT = 'sign_up_name_prefilled';

const startedKey = (userId: string) => `fechai:sign-up-started:${userId}`;

/** Session storage, or nothing when the browser blocks it (then the event may repeat; harmless). */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * Spec §4: "sign-up started" once per user per session. Session storage remembers it for this tab
 * until it closes (logout clears it too).
 */
export function trackSignupStarted(userId: string | null): void {
  const key = startedKey(userId ?? 'anonymous');
  try {
    if (storage()?.getItem(key)) return;
    storage()?.setItem(key, new Date().toISOString());
  } catch {
    // Storage full or blocked: send the event anyway.
  }
  trackEvent(SIGN_UP_STARTED_EVENT, {}, { userId: userId ?? undefined });
}

/** Spec §4: the automatic event when "Sobre você" comes prefilled with the sign-up name. */
export function trackNamePrefilled(userId: string | null, name: string): void {
  trackEvent(
    NAME_PREFILLED_EVENT,
    { field: 'name' },
    { userId: userId ?? undefined, userProperties: { name } },
  );
}
