import type { SessionCheck } from '../../../contracts/session';
import { PATHS_USER_ID } from '../../../machines/onboarding/onboarding.paths';
import { sessionCheckAnswer } from '../../../machines/session/session.paths';

const bia = {
  id: PATHS_USER_ID,
  email: 'bia@docesdabia.com.br',
  name: 'Beatriz Almeida',
  mobilePhone: null,
  currentCompanyId: null,
};

/** The session check answers of onboarding's scenarios (and pages that embed its steps). */
export const onboardingSessions: Record<'onboarding' | 'onboarded' | 'no-user-id', SessionCheck> = {
  onboarding: sessionCheckAnswer({
    user: bia,
    company: null,
    needsOnboarding: true,
    hasCompany: false,
    hasNoCurrentSubscriptionActive: true,
  }),
  onboarded: sessionCheckAnswer({ user: { ...bia, currentCompanyId: 'c-bia' }, company: { id: 'c-bia' } }),
  'no-user-id': sessionCheckAnswer({
    user: { ...bia, id: '' },
    company: null,
    needsOnboarding: true,
    hasCompany: false,
    hasNoCurrentSubscriptionActive: true,
  }),
};

/** A session check answer in the envelope. */
export function sessionReply(data: SessionCheck | null): { status: number; body: unknown } {
  return { status: 200, body: { success: true, data } };
}
