import { defaultFeatureFlags } from '../../contracts/session';
import type { Session } from './session.types';

/** Spec §3: unauthenticated, nothing known, onboarding not needed, no subscription, default flags. */
export const initialSession: Session = {
  isAuthenticated: false,
  user: null,
  company: null,
  role: null,
  companyCount: 0,
  token: null,
  refreshToken: null,
  needsOnboarding: false,
  hasCompany: false,
  hasNoCurrentSubscriptionActive: false,
  featureFlags: defaultFeatureFlags,
};

/** Refresh this long before the access token expires, so no call goes out with an expired one. */
export const REFRESH_AHEAD_MS = 60_000;
/**
 * Never refresh sooner than this after the last check: a token the server still accepts but the
 * device's clock calls expired must not turn into a request loop.
 */
export const MIN_REFRESH_DELAY_MS = 10_000;
/** setTimeout fires at once for delays above 2^31 - 1 ms, so later refreshes are clamped to this. */
export const LONGEST_TIMER_MS = 2_147_483_647;
