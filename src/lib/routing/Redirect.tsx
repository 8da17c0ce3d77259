import { useSyncExternalStore } from 'react';
import { Redirect as RedirectOnMount } from 'wouter';

// Every history change the router hears (wouter announces pushState and replaceState as events).
const HISTORY_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;
const listeners = new Set<() => void>();
let historyChanges = 0;

function changed() {
  historyChanges++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) for (const type of HISTORY_EVENTS) window.addEventListener(type, changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) for (const type of HISTORY_EVENTS) window.removeEventListener(type, changed);
  };
}

const read = () => historyChanges;

/**
 * Goes to `to` (replacing the entry with `replace`). wouter's Redirect navigates only when it
 * mounts: when the address comes back to the same page before React has rendered where the redirect
 * went (a link or Back in that instant), it stays mounted and never fires again, leaving the page
 * waiting. This one is mounted afresh after every history change, so it always takes the user on.
 */
export function Redirect({ to, replace }: { to: string; replace?: boolean }) {
  const version = useSyncExternalStore(subscribe, read, read);
  return <RedirectOnMount key={version} to={to} replace={replace} />;
}
