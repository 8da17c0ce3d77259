import type { Db } from '../../db/types';
import { isOpenInvitationFor } from '../../modules/team/invitation-acceptance';
import { findSessionBySsoSecret, revokeAuthSession, startAuthSession } from '../sessions/auth-sessions';
import type { AccessTokens } from '../tokens/access-tokens';
import { findAccountByEmail, markEmailVerified } from './accounts';
import { verifyPassword } from './passwords';
import { clearSignInFailures, reserveSignInAttempt } from './sign-in-throttle';

export type SignInOutcome =
  | { status: 'signed-in'; userId: string; ssoSecret: string; accessToken: string; refreshToken: string }
  /** Wrong e-mail or wrong password: deliberately one case. */
  | { status: 'invalid' }
  | { status: 'locked'; until: Date }
  /** The right password for an account whose e-mail is not confirmed yet. */
  | { status: 'unverified'; email: string };

export interface SignInInput {
  /** Normalised. */
  email: string;
  password: string;
  userAgent: string | undefined;
  /** The hosted login's cookie from an earlier sign-in on this browser, replaced by this one. */
  previousSsoSecret: string | undefined;
  /** The secret of the team invitation the sign-in returns to (its /convite/<secret>), if any. */
  invitationToken?: string | undefined;
}

/**
 * Checks the password and, when right, starts the session (one transaction) and signs its access
 * token. The attempt is counted before the password is checked, so one over the limit (however many
 * arrive at once) is refused without being checked; an unknown address costs the same argon2 work
 * and is counted like a known one.
 */
export async function signIn(db: Db, tokens: AccessTokens, input: SignInInput): Promise<SignInOutcome> {
  const attempt = await reserveSignInAttempt(db, input.email);
  if (!attempt.allowed) return { status: 'locked', until: attempt.lockedUntil };

  const account = await findAccountByEmail(db, input.email);
  const passwordOk = await verifyPassword(account?.passwordHash ?? null, input.password);
  if (!account || !passwordOk) {
    return attempt.lockedUntil ? { status: 'locked', until: attempt.lockedUntil } : { status: 'invalid' };
  }
  // Coming back to an open invitation sent to this address proves the inbox, as a sign-up from it
  // does (sign-up.ts, signUpInvited): no confirmation e-mail to wait for before accepting.
  const inboxProven =
    account.emailVerified ||
    (!!input.invitationToken && (await isOpenInvitationFor(db, input.invitationToken, account.email)));
  if (!inboxProven) {
    await clearSignInFailures(db, input.email);
    return { status: 'unverified', email: account.email };
  }

  const session = await db.transaction(async (tx) => {
    await clearSignInFailures(tx, input.email);
    if (!account.emailVerified) await markEmailVerified(tx, account.userId);
    // The cookie is about to point at the new session, so the old one could never be signed out.
    if (input.previousSsoSecret) {
      const previous = await findSessionBySsoSecret(tx, input.previousSsoSecret);
      if (previous) await revokeAuthSession(tx, previous.sessionId, 'logout');
    }
    return startAuthSession(tx, { userId: account.userId, userAgent: input.userAgent });
  });
  // Signed after the commit: the token writes nothing, and its key may be loaded from the database.
  return {
    status: 'signed-in',
    userId: account.userId,
    ssoSecret: session.ssoSecret,
    accessToken: await tokens.sign({ userId: account.userId, sessionId: session.sessionId }),
    refreshToken: session.refreshToken,
  };
}
