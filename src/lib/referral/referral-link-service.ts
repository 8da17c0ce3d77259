import { BRANCH } from '../build-config';
import { branchReferralLinks } from './branch-referral-links';

/**
 * The referral-link service of "Indique e Ganhe" (spec §2 /settings/invite, §7): started first on the
 * invite page (a failure is logged and the page goes on), it makes the person's own referral link.
 * With a Branch key the links come from Branch; without one `createLink` answers null and the page
 * shows the links the server made on the app's own origin.
 */
export interface ReferralLinkService {
  /** Starts the service; rejects when it cannot (the caller logs it and goes on). */
  init(): Promise<void>;
  /** The person's referral link, or null when the service makes none (not configured, or it failed). */
  createLink(userId: string, companyId: string): Promise<string | null>;
}

/** No link service configured: nothing to start, no links of its own. */
const withoutService: ReferralLinkService = {
  init: async () => {},
  createLink: async () => null,
};

/** Branch's links when a key is configured (branch-sdk loads on `init`), otherwise none. */
export function referralLinkService(): ReferralLinkService {
  return BRANCH ? branchReferralLinks(BRANCH) : withoutService;
}
