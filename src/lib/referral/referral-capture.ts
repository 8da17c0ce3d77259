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
 * Spec §2: "/" with query parameters captures referral data first. Every capture runs; each failure
 * is logged (spec §8), then reported by rejecting once all have settled, so the caller can tell a
 * failed capture from a done one (it never stops the user from going on).
 */
export async function captureReferral(search: string): Promise<void> {
  const params = new URLSearchParams(search);
  const results = await Promise.allSettled(
    [...captures].map(async (capture) => capture(new URLSearchParams(params))),
  );
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  for (const failure of failures) console.warn('[referral] capture failed', failure);
  if (failures.length > 0) throw new AggregateError(failures, 'referral capture failed');
}
