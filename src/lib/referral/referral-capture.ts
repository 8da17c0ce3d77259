/** Reads referral data from the landing URL's parameters (the referral issue adds the real ones). */
export type ReferralCapture = (params: URLSearchParams) => void | Promise<void>;

const captures = new Set<ReferralCapture>();

export function registerReferralCapture(capture: ReferralCapture): () => void {
  captures.add(capture);
  return () => {
    captures.delete(capture);
  };
}

/**
 * Spec §2: "/" with query parameters captures referral data first. Every capture runs; a failure
 * is only logged (spec §8) and never stops the user from going on.
 */
export async function captureReferral(search: string): Promise<void> {
  const params = new URLSearchParams(search);
  const results = await Promise.allSettled(
    [...captures].map(async (capture) => capture(new URLSearchParams(params))),
  );
  for (const result of results) {
    if (result.status === 'rejected') console.warn('[referral] capture failed', result.reason);
  }
}
