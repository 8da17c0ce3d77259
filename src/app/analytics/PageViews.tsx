import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { reportPageView } from '../../lib/analytics/page-view';

/** Search parameters that never leave for a provider: the hosted login's tokens on /login. */
const PRIVATE_PARAMS = ['accessToken', 'refreshToken'];

function publicUrl(path: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PRIVATE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/**
 * Spec §2: reports the address shown, on first load and on each navigation (the analytics chart
 * waits for a ready provider, adds the referrer and drops a repeat of the same address).
 */
export function PageViews() {
  const [path] = useLocation();
  const url = publicUrl(path, useSearch());
  useEffect(() => {
    reportPageView(url);
  }, [url]);
  return null;
}
