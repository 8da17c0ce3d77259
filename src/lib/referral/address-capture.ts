import { keepReferral, namesReferrer } from './referral-record';

/** "/?user_id=…&company_id=…" (the link's fallback on the app's own origin): the referral record. */
export function captureFromAddress(params: URLSearchParams): void {
  const data = Object.fromEntries(params);
  if (namesReferrer(data)) keepReferral(data);
}
