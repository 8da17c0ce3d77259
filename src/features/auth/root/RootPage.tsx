import { useEffect, useRef, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { rootDestination } from '../../../app/routing/access';
import { RouteLoading } from '../../../app/routing/RouteLoading';
import { useSessionStatus } from '../../../app/session/session-context';
import { captureReferral } from '../../../lib/referral/referral-capture';

/**
 * "/" (spec §2): referral data in the URL is captured first, then the session decides: /login,
 * /onboarding, /paywall or /home.
 */
export default function RootPage() {
  const search = useSearch();
  const [captured, setCaptured] = useState(search === '');
  const started = useRef(false);
  const session = useSessionStatus();

  useEffect(() => {
    if (started.current || search === '') return;
    started.current = true;
    void captureReferral(search).then(() => setCaptured(true));
  }, [search]);

  const decision = captured ? rootDestination(session) : ({ kind: 'wait' } as const);
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  return <RouteLoading />;
}
