import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { reportPageView } from '../../lib/analytics/page-view';

/**
 * Spec §2: reports the address shown, on first load and on each navigation (the analytics chart
 * waits for a ready provider, adds the referrer and drops a repeat of the same address).
 */
export function PageViews() {
  const [path] = useLocation();
  const search = useSearch();
  const url = search ? `${path}?${search}` : path;
  useEffect(() => {
    reportPageView(url);
  }, [url]);
  return null;
}
