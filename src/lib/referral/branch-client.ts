import type { BranchSdk, BranchSessionData } from 'branch-sdk';
import type { BranchSettings } from '../../../contracts/branch-hosts';

/** Branch started on this page: the SDK, and the link data of the session its start opened. */
export interface BranchStarted {
  branch: BranchSdk;
  session: BranchSessionData | null;
}

let started: Promise<BranchStarted> | null = null;

/**
 * Loads branch-sdk (its own chunk, only when a key is configured) and starts it once per page: the
 * arrival's capture and the invite page's links share the one start. A failed start stays failed
 * for the page (Branch's SDK keeps its state: a second init would not start clean).
 */
export function startBranch(settings: BranchSettings): Promise<BranchStarted> {
  started ??= (async () => {
    const { default: branch } = await import('branch-sdk');
    branch.setAPIUrl(settings.apiUrl);
    // Journeys (Branch's banners) are not part of the product.
    const session = await new Promise<BranchSessionData | null>((resolve, reject) => {
      branch.init(settings.key, { no_journeys: true }, (error, data) =>
        error ? reject(error) : resolve(data),
      );
    });
    return { branch, session };
  })();
  return started;
}
