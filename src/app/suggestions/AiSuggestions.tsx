import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionActor } from '../session/session-context';

const Panel = lazy(() => import('../../features/ai-suggestions/AiSuggestionsPanel'));

/** True once the page has painted: the panel's chunk is asked for only then (first-visit budget). */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * Where home and a customer's page put the suggestions feature (features do not import each other;
 * the app shell lazy-loads them, as it does pages). The watcher's suggestions where a page shows them (home: the company's; a customer's page: theirs),
 * only for a company with the watcher on (`isSentinelWatcherEnabled`), loaded after first paint.
 */
export function AiSuggestions({ customerId }: { customerId?: string }) {
  const session = useSessionActor();
  const enabled = useSelector(session, (snapshot) => snapshot.context.featureFlags.isSentinelWatcherEnabled);
  const painted = useAfterFirstPaint();
  if (!enabled || !painted) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...(customerId !== undefined && { customerId })} />
    </Suspense>
  );
}
