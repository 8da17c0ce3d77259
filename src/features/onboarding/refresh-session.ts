import { waitFor } from 'xstate';
import type { SessionActor } from '../../app/session/session-context';

/**
 * Has the session checked again (REFRESH) and waits for its verdict: the trial's start changes
 * what the session says (sign-up complete, a subscription), and the signed-in area's guards read
 * it. A check already under way is let finish first, since it may have started before the change.
 * Rejects when the session ends up signed out.
 */
export async function refreshSession(session: SessionActor): Promise<void> {
  await waitFor(session, (snapshot) => !snapshot.matches('verifying'));
  session.send({ type: 'REFRESH' });
  if (!session.getSnapshot().matches('verifying')) throw new Error('The session is not signed in');
  const { context } = await waitFor(session, (snapshot) => !snapshot.matches('verifying'));
  if (!context.isAuthenticated) throw new Error('The session ended');
}
