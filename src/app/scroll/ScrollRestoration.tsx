import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ScrollRestorer } from './scroll-restorer';

/** Runs the restorer after each location change has been rendered (see createScrollRestorer). */
export function ScrollRestoration({ restorer }: { restorer: ScrollRestorer }) {
  const [path] = useLocation();
  const search = useSearch();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on each location change.
  useLayoutEffect(() => {
    restorer.afterNavigation();
  }, [restorer, path, search]);
  useEffect(() => restorer.start(), [restorer]);
  return null;
}
