import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import type { NavigateEvent } from '../../../machines/navigate-event';

/** An actor whose chart emits `navigate` events. */
interface Navigating {
  on(type: 'navigate', handler: (event: NavigateEvent) => void): { unsubscribe(): void };
}

/**
 * Goes where the chart says: every `navigate` event the actor emits becomes a wouter navigation.
 * Subscribed in a layout effect, so it listens before @xstate/react starts the actor (in an
 * effect) and hears what the chart emits on its first step.
 */
export function useChartNavigation(actor: Navigating): void {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    const subscription = actor.on('navigate', (event) => navigate(event.to, { replace: event.replace }));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
}
