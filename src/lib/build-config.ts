import type { AnalyticsSettings } from '../../contracts/analytics-providers';
import type { BranchSettings } from '../../contracts/branch-hosts';

/**
 * Configuration fixed when the client is built (vite.config.ts `define`, from the environment
 * variables of the same names). One place reads the build constants, so the rest of the app and
 * its tests see plain values.
 */

// Declared here rather than in src/env.d.ts: nothing else may read them.
declare const __SUPPORT_PHONE__: string;
declare const __ASSISTANT_PHONE__: string;
declare const __FIREBASE_APP__: FirebaseAppSettings | null;

/** What Firebase's initializeApp needs for remote configuration. */
export interface FirebaseAppSettings {
  apiKey: string;
  projectId: string;
  appId: string;
}
declare const __ANALYTICS__: AnalyticsSettings;
declare const __BRANCH__: BranchSettings | null;

/** The hosted login's base URL, without a trailing slash; '' means this app's own origin. */
export const AUTH_URL: string = __AUTH_URL__.replace(/\/+$/, '');

/** The iOS app on the App Store. */
export const APP_STORE_URL: string = __APP_STORE_URL__;

/** The Android app on Google Play. */
export const PLAY_STORE_URL: string = __PLAY_STORE_URL__;

/** The support team's WhatsApp (SUPPORT_PHONE): digits with the country code. */
export const SUPPORT_PHONE: string = __SUPPORT_PHONE__;

/** The AI assistant's WhatsApp (ASSISTANT_PHONE): digits with the country code. */
export const ASSISTANT_PHONE: string = __ASSISTANT_PHONE__;

/**
 * The Firebase web app remote configuration reads (FIREBASE_API_KEY, FIREBASE_PROJECT_ID,
 * FIREBASE_APP_ID); null without one: the app's server serves the parameters.
 */
export const FIREBASE_APP: FirebaseAppSettings | null = __FIREBASE_APP__;
/** The analytics providers' keys and hosts (an empty key: that provider is off). */
export const ANALYTICS: AnalyticsSettings = __ANALYTICS__;

/** Branch's key and API host (BRANCH_KEY, BRANCH_API_URL); null without a key: no Branch at all. */
export const BRANCH: BranchSettings | null = __BRANCH__;
