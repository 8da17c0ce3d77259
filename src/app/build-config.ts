/**
 * Configuration fixed when the client is built (vite.config.ts `define`, from the environment
 * variables of the same names). One place reads the build constants, so the rest of the app and
 * its tests see plain values.
 */

/** The hosted login's base URL, without a trailing slash; '' means this app's own origin. */
export const AUTH_URL: string = __AUTH_URL__.replace(/\/+$/, '');

/** The iOS app on the App Store. */
export const APP_STORE_URL: string = __APP_STORE_URL__;

/** The Android app on Google Play. */
export const PLAY_STORE_URL: string = __PLAY_STORE_URL__;
