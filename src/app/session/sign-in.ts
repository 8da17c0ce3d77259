import { waitFor } from 'xstate';
import type { SignInOutcome, SignInTokens } from '../../../machines/login/login.machine';
import type { SessionActor } from './session-context';

/**
 * Hands tokens from the hosted login to the session (which stores them and checks them) and waits
 * for its verdict. Rejects when the session ends up logged out.
 */
export async function signIn(session: SessionActor, tokens: SignInTokens): Promise<SignInOutcome> {
  // Wait for the check this sign-in starts, not for one that was already under way.
  let checking = false;
  const settled = waitFor(session, (snapshot) => {
    if (snapshot.matches('verifying')) {
      checking = true;
      return false;
    }
    return checking;
  });
  session.send({ type: 'SIGNED_IN', ...tokens });
  const { context } = await settled;
  if (!context.isAuthenticated) throw new Error('The session did not accept the tokens');
  return { needsOnboarding: context.needsOnboarding };
}
