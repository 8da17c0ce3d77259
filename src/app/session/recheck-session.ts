import { waitFor } from 'xstate';
import type { SessionActor } from './session-context';

/**
 * Asks the server again who the person is (after joining a company or switching to another one: the
 * role, the company and the onboarding all may change) and waits for the answer.
 */
export async function recheckSession(session: SessionActor): Promise<{ needsOnboarding: boolean }> {
  session.send({ type: 'REFRESH' });
  const settled = await waitFor(session, (snapshot) => !snapshot.matches('verifying'));
  return { needsOnboarding: settled.context.needsOnboarding };
}
