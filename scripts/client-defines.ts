import type { AnalyticsSettings } from '../contracts/analytics-providers';
import type { BranchSettings } from '../contracts/branch-hosts';

/**
 * The client's build-time constants (declared in src/env.d.ts and src/lib/build-config.ts, read in
 * src/lib/build-config.ts), from the environment at build time. Empty values count as unset, as
 * for the server.
 */
export const clientDefaults = {
  AUTH_URL: '',
  APP_STORE_URL: 'https://apps.apple.com/br/search?term=Fecha%C3%AD',
  PLAY_STORE_URL: 'https://play.google.com/store/search?q=Fecha%C3%AD&c=apps',
  /** WhatsApp of the support team ("Falar com o suporte"): digits with the country code. */
  SUPPORT_PHONE: '5511900000000',
  /** WhatsApp of the AI assistant: digits with the country code. */
  ASSISTANT_PHONE: '5511900000001',
  /**
   * A Firebase web app for remote configuration (issue 16): all three, or none (the app's own server
   * serves the parameters then, and the Firebase SDK is never loaded).
   */
  FIREBASE_API_KEY: '',
  FIREBASE_PROJECT_ID: '',
  FIREBASE_APP_ID: '',
  // Analytics providers (README "Analytics"): each is on only when its key is set; the hosts are
  // where its script and data go (a local stand-in in the end-to-end tests).
  GTM_ID: '',
  GTM_URL: 'https://www.googletagmanager.com',
  POSTHOG_KEY: '',
  POSTHOG_HOST: 'https://us.i.posthog.com',
  SENTRY_DSN: '',
  CLARITY_ID: '',
  CLARITY_URL: 'https://www.clarity.ms',
  INTERCOM_APP_ID: '',
  INTERCOM_URL: 'https://widget.intercom.io',
  /**
   * Branch (Indique e Ganhe, issue 17): with a key, referral links come from Branch and its
   * first-session data is read on arrival; without one the server makes the links on the app's own
   * origin and branch-sdk is never loaded. The API host is where the SDK calls (a local stand-in in
   * tests).
   */
  BRANCH_KEY: '',
  BRANCH_API_URL: 'https://api2.branch.io',
} as const;

type ClientConfig = Record<keyof typeof clientDefaults, string>;

/** A WhatsApp number as wa.me wants it: digits only, country code first (8 to 15 digits, E.164). */
function whatsappNumber(name: string, value: string): string {
  const digits = value.replace(/[\s().+-]/g, '');
  if (!/^[1-9][0-9]{7,14}$/.test(digits)) {
    throw new Error(`${name} must be a WhatsApp number with its country code, e.g. +55 11 91234-5678`);
  }
  return digits;
}

/** The Firebase web app's settings, or null without them; some but not all set is a mistake. */
function firebaseApp(value: (name: keyof ClientConfig) => string) {
  const apiKey = value('FIREBASE_API_KEY');
  const projectId = value('FIREBASE_PROJECT_ID');
  const appId = value('FIREBASE_APP_ID');
  const set = [apiKey, projectId, appId].filter(Boolean).length;
  if (set === 0) return null;
  if (set < 3)
    throw new Error('Set FIREBASE_API_KEY, FIREBASE_PROJECT_ID and FIREBASE_APP_ID together, or none');
  return { apiKey, projectId, appId };
}

/** The analytics providers' keys and hosts (contracts/analytics-hosts.ts), from the environment. */
export function analyticsSettings(env: Record<string, string | undefined> = process.env): AnalyticsSettings {
  const value = (name: keyof ClientConfig) => env[name]?.trim() || clientDefaults[name];
  const url = (name: keyof ClientConfig) => value(name).replace(/\/+$/, '');
  return {
    gtmId: value('GTM_ID'),
    gtmUrl: url('GTM_URL'),
    posthogKey: value('POSTHOG_KEY'),
    posthogHost: url('POSTHOG_HOST'),
    sentryDsn: value('SENTRY_DSN'),
    clarityId: value('CLARITY_ID'),
    clarityUrl: url('CLARITY_URL'),
    intercomAppId: value('INTERCOM_APP_ID'),
    intercomUrl: url('INTERCOM_URL'),
  };
}

/** Branch's key and API host, or null without a key (contracts/branch-hosts.ts). */
export function branchSettings(env: Record<string, string | undefined> = process.env): BranchSettings | null {
  const value = (name: keyof ClientConfig) => env[name]?.trim() || clientDefaults[name];
  const key = value('BRANCH_KEY');
  if (!key) return null;
  return { key, apiUrl: value('BRANCH_API_URL').replace(/\/+$/, '') };
}

export function clientDefines(env: Record<string, string | undefined> = process.env) {
  const value = (name: keyof ClientConfig) => env[name]?.trim() || clientDefaults[name];
  return {
    __AUTH_URL__: JSON.stringify(value('AUTH_URL')),
    __APP_STORE_URL__: JSON.stringify(value('APP_STORE_URL')),
    __PLAY_STORE_URL__: JSON.stringify(value('PLAY_STORE_URL')),
    __SUPPORT_PHONE__: JSON.stringify(whatsappNumber('SUPPORT_PHONE', value('SUPPORT_PHONE'))),
    __ASSISTANT_PHONE__: JSON.stringify(whatsappNumber('ASSISTANT_PHONE', value('ASSISTANT_PHONE'))),
    __FIREBASE_APP__: JSON.stringify(firebaseApp(value)),
    __ANALYTICS__: JSON.stringify(analyticsSettings(env)),
    __BRANCH__: JSON.stringify(branchSettings(env)),
  };
}
