import { useSyncExternalStore } from 'react';
import { Redirect as RedirectOnMount } from 'wouter';

// Every history change the router hears (wouter announces pushState and replaceState as events).
const HISTORY_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;
const listeners = new Set<() => void>();
let historyChanges = 0;

// Counted from the start, not only while a Redirect listens: React subscribes after the first paint,
// and a change made before that (the redirect itself, then Back or a link in that instant) must
// still make the next render differ from the first, or the page would wait on a redirect that
// already fired.
if (typeof window !== 'undefined') {
  for (const type of HISTORY_EVENTS)
    window.addEventListener(type, () => {
      historyChanges++;
      for (const listener of listeners) listener();
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => historyChanges;

/**
 * Goes to `to` (replacing the entry with `replace`). wouter's Redirect navigates only when it
 * mounts: when the address comes back to the same page before React has rendered where the redirect
 * went (a link or Back in that instant), it stays mounted and never fires again, leaving the page
 * blank. This one is mounted afresh after every history change, so it always takes the user on.
 */
export function Redirect({ to, replace }: { to: string; replace?: boolean }) {
  const version = useSyncExternalStore(subscribe, read, read);
  return <RedirectOnMount key={version} to={to} replace={replace} />;
}
