import type { OnboardingStatus } from '../../../contracts/onboarding';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { lockUser } from '../phone-verification/locked-user';
import { loadOnboardingStatus, type OnboardingStatusOptions } from './status';
import { SIGNUP_COMPLETE_TEXT } from './texts';

/** "Sobre você": the name (prefilled from sign-up) is confirmed or corrected. */
export async function saveUserName(
  db: Db,
  userId: string,
  name: string,
  options: OnboardingStatusOptions,
): Promise<OnboardingStatus> {
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.signupCompleted) throw new HttpError(409, 'CONFLICT', SIGNUP_COMPLETE_TEXT);
    await tx.query('UPDATE users SET name = $2, name_confirmed_at = now() WHERE id = $1', [userId, name]);
    return loadOnboardingStatus(tx, userId, options);
  });
}
