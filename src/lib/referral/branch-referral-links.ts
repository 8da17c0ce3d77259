import type { BranchSettings } from '../../../contracts/branch-hosts';
import { startBranch } from './branch-client';
import { referralLinkPayload } from './referral-link-payload';
import type { ReferralLinkService } from './referral-link-service';

/** Referral links made by Branch; Branch starts once per page, shared with the arrival's capture. */
export function branchReferralLinks(settings: BranchSettings, origin = location.origin): ReferralLinkService {
  return {
    init: async () => {
      await startBranch(settings);
    },
    createLink: async (userId, companyId) => {
      try {
        const { branch } = await startBranch(settings);
        return await new Promise<string>((resolve, reject) => {
          branch.link(referralLinkPayload(userId, companyId, origin), (error, link) =>
            error || !link ? reject(error ?? new Error('Branch made no link')) : resolve(link),
          );
        });
      } catch (error) {
        console.warn('[referral] Branch link not made', error);
        return null;
      }
    },
  };
}
