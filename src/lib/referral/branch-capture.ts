import type { BranchSettings } from '../../../contracts/branch-hosts';
import { startBranch } from './branch-client';
import { keepReferral, namesReferrer } from './referral-record';

/**
 * The link data of the Branch link that brought the person (read when Branch starts on arrival):
 * user_id, company_id and `~referring_link` become the referral record. A visit Branch matched to
 * no referral link keeps nothing.
 */
export async function captureFromBranch(settings: BranchSettings): Promise<void> {
  const { session } = await startBranch(settings);
  const data = session?.data_parsed ?? {};
  if (namesReferrer(data)) keepReferral(data);
}
