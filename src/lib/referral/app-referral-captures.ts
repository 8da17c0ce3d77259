import type { BranchSettings } from '../../../contracts/branch-hosts';
import { BRANCH } from '../build-config';
import { registerReferralCapture } from './referral-capture';

/**
 * The app's referral captures, registered at start for the "/" chart to run (only when the
 * address carries parameters). Each loads lazily: nothing of it is on the first visit. The address
 * is read first, then (with Branch configured) the Branch link's data, whose record, naming the
 * link, wins when both name a referrer.
 */
export function registerAppReferralCaptures(branch: BranchSettings | null = BRANCH): () => void {
  return registerReferralCapture(async (params) => {
    const { captureFromAddress } = await import('./address-capture');
    captureFromAddress(params);
    if (!branch) return;
    const { captureFromBranch } = await import('./branch-capture');
    await captureFromBranch(branch);
  });
}
