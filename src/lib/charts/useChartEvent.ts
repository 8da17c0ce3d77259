import { useLayoutEffect, useRef } from 'react';
import type { ActorRef, AnyActorRef, EventObject, Snapshot } from 'xstate';

/** The events an actor's chart emits. */
// biome-ignore lint/suspicious/noExplicitAny: any snapshot and event; only the emitted events matter.
type EmittedBy<A> = A extends ActorRef<Snapshot<unknown>, any, infer E extends EventObject> ? E : never;

/**
 * Runs `handler` on every `type` event the chart emits: what the app does for the chart (a toast, the
 * cache, telling another actor). Emitted events reach their handlers once the chart's step is done,
 * so another actor may be sent to from here. Subscribed in a layout effect, before @xstate/react
 * starts the actor.
 */
export function useChartEvent<A, T extends EmittedBy<A>['type']>(
  actor: A,
  type: T,
  handler: (event: Extract<EmittedBy<A>, { type: T }>) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useLayoutEffect(() => {
    // The actor's own `on` is generic in the type; EmittedBy narrows it the same way.
    const subscription = (actor as AnyActorRef).on(type, (event: Extract<EmittedBy<A>, { type: T }>) =>
      latest.current(event),
    );
    return () => subscription.unsubscribe();
  }, [actor, type]);
}
