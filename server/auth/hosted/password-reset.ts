import type { Db } from '../../db/types';
import type { PublicUrls } from '../../http/public-urls';
import { enqueueEmail } from '../../integrations/mail/enqueue-email';
import { consumeEmailToken, createEmailToken } from '../email-tokens';
import { revokeUserSessions } from '../sessions/auth-sessions';
import { findAccountByEmail, findAccountById, markEmailVerified, setPassword } from './accounts';
import { passwordChangedMessage, resetPasswordMessage } from './mail-templates';
import { passwordProblem } from './password-rules';
import { hashPassword } from './passwords';
import type { ReturnTarget } from './return-target';
import { clearSignInFailures } from './sign-in-throttle';

type Links = PublicUrls;

/** E-mails a reset link (1 hour, single use) when the address has an account; silent otherwise. */
export async function requestPasswordReset(
  db: Db,
  links: Links,
  input: { email: string; target: ReturnTarget },
): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await findAccountByEmail(tx, input.email);
    if (!account) return;
    const token = await createEmailToken(tx, { userId: account.userId, purpose: 'reset_password' });
    await enqueueEmail(
      tx,
      resetPasswordMessage(links, { to: account.email, name: account.name, token, target: input.target }),
    );
  });
}

export type ResetOutcome =
  | { status: 'changed' }
  | { status: 'invalid-token' }
  | { status: 'weak'; problem: string };

/** Thrown inside the transaction to undo using the token up when the password turns out unfit. */
class Unfit extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

/**
 * Sets a new password from a reset link: uses the token up, stores the hash, marks the e-mail
 * verified (the link proved the address is theirs), ends every open session and the address's
 * lockout, and tells the owner, all in one transaction.
 */
export async function resetPassword(
  db: Db,
  links: Links,
  input: { token: string; password: string },
): Promise<ResetOutcome> {
  // Rules that do not need the address first: a weak password leaves the link usable.
  const early = passwordProblem(input.password, '');
  if (early) return { status: 'weak', problem: early };
  const passwordHash = await hashPassword(input.password);

  try {
    return await db.transaction(async (tx): Promise<ResetOutcome> => {
      const consumed = await consumeEmailToken(tx, input.token, 'reset_password');
      if (!consumed) return { status: 'invalid-token' };
      const account = await findAccountById(tx, consumed.userId);
      if (!account) return { status: 'invalid-token' };
      const problem = passwordProblem(input.password, account.email);
      if (problem) throw new Unfit(problem);

      await setPassword(tx, account.userId, passwordHash);
      await markEmailVerified(tx, account.userId);
      await revokeUserSessions(tx, account.userId, 'password_reset');
      await clearSignInFailures(tx, account.email);
      await enqueueEmail(tx, passwordChangedMessage(links, { to: account.email, name: account.name }));
      return { status: 'changed' };
    });
  } catch (err) {
    if (err instanceof Unfit) return { status: 'weak', problem: err.problem };
    throw err;
  }
}
