import { useLayoutEffect, useRef } from 'react';

/** An actor whose chart emits events of `type`. */
interface Emitting<T extends string, E> {
  on(type: T, handler: (event: E) => void): { unsubscribe(): void };
}

/**
 * Runs `handler` on every `type` event the chart emits: what the app does for the chart (a toast, the
 * cache, telling another actor). Emitted events reach their handlers once the chart's step is done,
 * so another actor may be sent to from here. Subscribed in a layout effect, before @xstate/react
 * starts the actor.
 */
export function useChartEvent<T extends string, E>(
  actor: Emitting<T, E>,
  type: T,
  handler: (event: E) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    const subscription = actor.on(type, (event) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [actor, type]);
}
