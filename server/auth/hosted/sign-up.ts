import type { Db, Queryable } from '../../db/types';
import type { PublicUrls } from '../../http/public-urls';
import { enqueueEmail } from '../../integrations/mail/enqueue-email';
import { isOpenInvitationFor } from '../../modules/team/invitation-acceptance';
import { createEmailToken } from '../email-tokens';
import { type StartedSession, startAuthSession } from '../sessions/auth-sessions';
import { createAccount, findAccountByEmail, markEmailVerified } from './accounts';
import { accountExistsMessage, pendingSignUpMessage, verifyEmailMessage } from './mail-templates';

type Links = PublicUrls;

/** A new confirmation link for `userId`, e-mailed in the caller's transaction. */
export async function sendVerification(q: Queryable, links: Links, input: { userId: string; email: string }) {
  const token = await createEmailToken(q, { userId: input.userId, purpose: 'verify_email' });
  await enqueueEmail(q, verifyEmailMessage(links, { to: input.email, token }));
}

/**
 * Registers an account, answering the same way whatever the address's state, so the page tells
 * nobody which addresses have accounts; only the e-mail differs:
 * - new address: the account (unverified) and a confirmation link;
 * - verified account: an e-mail to its owner saying it exists, with links to sign in or reset;
 * - unverified account: left as it is, and the address gets a reset link (which confirms it with a
 *   password chosen there) and a new confirmation link. Taking the new name and password would let
 *   someone sign up after the owner with a password of their own and be let in once the owner
 *   clicked the confirmation link of their own sign-up, which stays valid.
 * The password is hashed by the caller in every case, so all three take about as long.
 */
export async function signUp(
  db: Db,
  links: Links,
  input: { name: string; email: string; passwordHash: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await createAccount(tx, input);
    if (userId) return sendVerification(tx, links, { userId, email: input.email });

    const existing = await findAccountByEmail(tx, input.email);
    if (!existing) throw new Error('sign-up: the address was taken but its account cannot be found');
    if (existing.emailVerified) {
      await enqueueEmail(tx, accountExistsMessage(links, { to: existing.email, name: existing.name }));
      return;
    }
    // Only a reset link: confirming as is would activate whichever password the first sign-up set,
    // perhaps someone else's. Whoever holds the inbox chooses the password there.
    const resetToken = await createEmailToken(tx, { userId: existing.userId, purpose: 'reset_password' });
    await enqueueEmail(tx, pendingSignUpMessage(links, { to: existing.email, resetToken }));
  });
}

/**
 * Sign-up from a team invitation's page (`redirect` is its /convite/<secret>) with the invited address:
 * the secret reached that inbox, so the new account is verified at once and signed in, and the person
 * goes straight back to accept, with no confirmation e-mail to wait for. Null, changing nothing, when
 * the secret is not an open invitation for this address or the address already has an account: the
 * caller then signs up as usual (the same page and e-mails as any sign-up, revealing nothing).
 */
export async function signUpInvited(
  db: Db,
  input: { name: string; email: string; passwordHash: string; invitationToken: string; userAgent?: string },
): Promise<(StartedSession & { userId: string }) | null> {
  return db.transaction(async (tx) => {
    if (!(await isOpenInvitationFor(tx, input.invitationToken, input.email))) return null;
    const userId = await createAccount(tx, input);
    if (!userId) return null;
    await markEmailVerified(tx, userId);
    return { userId, ...(await startAuthSession(tx, { userId, userAgent: input.userAgent })) };
  });
}

/** Another confirmation link, only for an account still waiting for one; silent otherwise. */
export async function resendVerification(db: Db, links: Links, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, email);
    if (account && !account.emailVerified) {
      await sendVerification(tx, links, { userId: account.userId, email: account.email });
    }
  });
}
