/** Branch (BRANCH_KEY, BRANCH_API_URL): the referral links' deep-link service, when configured. */
export interface BranchSettings {
  key: string;
  /** Where the SDK's API calls go, without a trailing slash (https://api2.branch.io). */
  apiUrl: string;
}

/** Where branch-sdk asks for the browser's fingerprint on a first visit (a JSONP script). */
export const BRANCH_LINK_DOMAIN = 'https://app.link';

/**
 * What the content security policy must allow with Branch configured: its API (XHR, and the
 * SDK's JSONP fallback as scripts) and the link domain's fingerprint script. Nothing without it.
 */
export function branchSources(settings: BranchSettings | null): {
  scriptSrc: string[];
  connectSrc: string[];
} {
  if (!settings) return { scriptSrc: [], connectSrc: [] };
  const api = new URL(settings.apiUrl).origin;
  return { scriptSrc: [BRANCH_LINK_DOMAIN, api], connectSrc: [api] };
}
