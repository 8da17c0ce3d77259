import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { type AnyActorRef, fromPromise } from 'xstate';
import { rootEntryMachine } from '../../../../machines/root-entry/root-entry.machine';
import { rootDestination } from '../../../app/routing/access';
import { RouteLoading } from '../../../app/routing/RouteLoading';
import { useSessionStatus } from '../../../app/session/session-context';
import { useChartNavigation } from '../../../lib/navigation/useChartNavigation';
import { captureReferral } from '../../../lib/referral/referral-capture';

/**
 * One capture per chart run: React's StrictMode restarts the actor in development, which starts
 * the invoked capture again on the same child; a referral must not be captured twice.
 */
const captures = new WeakMap<AnyActorRef, Promise<void>>();

const rootEntry = rootEntryMachine.provide({
  actors: {
    // The registered captures (src/lib/referral/app-referral-captures.ts) load their code only when
    // the address carries parameters (most visits to "/" carry none); one that cannot load has
    // failed, like one that throws.
    captureReferral: fromPromise<void, { search: string }>(({ input, self }) => {
      let capture = captures.get(self);
      if (!capture) {
        capture = captureReferral(input.search);
        captures.set(self, capture);
      }
      return capture;
    }),
  },
});

/**
 * "/" (spec §2): the root-entry chart captures referral data in the URL first, then sends the
 * person where the session decides: /login, /onboarding, /paywall or /home.
 */
export default function RootPage() {
  const search = useSearch();
  const entry = useActorRef(rootEntry, { input: { search } });
  useChartNavigation(entry);
  const decision = rootDestination(useSessionStatus());
  const destination = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    entry.send({ type: 'SESSION', destination });
  }, [entry, destination]);
  return <RouteLoading />;
}
