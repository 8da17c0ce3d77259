import type { FastifyPluginAsync } from 'fastify';
import {
  getFreeTrialContract,
  getOnboardingStatusContract,
  saveCompanyContract,
  saveUserNameContract,
  sendPhoneVerificationContract,
  startFreeTrialContract,
  verifyPhoneContract,
} from '../../../contracts/onboarding';
import { callerOf } from '../../auth/api/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { verifyPhoneCode } from '../phone-verification/check-code';
import type { LockedUser } from '../phone-verification/locked-user';
import { phoneCodeRateLimits, withRetryAfter } from '../phone-verification/rate-limits';
import { sendPhoneCode } from '../phone-verification/send-code';
import { WRONG_USER_TEXT } from '../phone-verification/texts';
import { saveCompany } from './company';
import { loadFreeTrial, startFreeTrial } from './free-trial';
import { completeInviteeSignup } from './invitee-signup';
import { loadOnboardingStatus } from './status';
import { SIGNUP_COMPLETE_TEXT } from './texts';
import { saveUserName } from './user-name';

export interface OnboardingRoutesOptions {
  db: Db;
  config: Pick<Config, 'phoneCodeResendSeconds' | 'trialDays'>;
}

/** Onboarding codes are for people still signing up; afterwards the number changes in Configurações. */
const duringSignup = (user: LockedUser) => {
  if (user.signupCompleted) throw new HttpError(409, 'CONFLICT', SIGNUP_COMPLETE_TEXT);
};

/**
 * Onboarding (spec §2, §4, §7): status, "Sobre você", "Sobre sua empresa", phone verification and
 * the free trial. The user has no company yet, so these need a signed-in caller, not a company.
 * Every command answers the new status (or the trial), so the client moves on without asking again.
 */
export const onboardingRoutes: FastifyPluginAsync<OnboardingRoutesOptions> = async (app, { db, config }) => {
  const preHandler = app.auth.requireCaller;
  // Every status answered carries the pending code's resend time, as the send computes it.
  const statusOptions = { resendSeconds: config.phoneCodeResendSeconds };

  route(app, getOnboardingStatusContract, {
    preHandler,
    handler: ({ request }) => loadOnboardingStatus(db, callerOf(request).userId, statusOptions),
  });

  route(app, saveUserNameContract, {
    preHandler,
    handler: ({ request, body }) => saveUserName(db, callerOf(request).userId, body.name, statusOptions),
  });

  route(app, saveCompanyContract, {
    preHandler,
    handler: ({ request, body }) =>
      saveCompany(db, callerOf(request).userId, body, statusOptions, request.log),
  });

  route(app, sendPhoneVerificationContract, {
    preHandler,
    config: { rateLimit: phoneCodeRateLimits.send },
    handler({ request, reply, body }) {
      const { userId } = callerOf(request);
      if (body.userId !== userId) throw new HttpError(403, 'FORBIDDEN', WRONG_USER_TEXT);
      return withRetryAfter(reply, () =>
        sendPhoneCode(db, {
          userId,
          purpose: 'onboarding',
          phoneNumber: body.phoneNumber,
          isResend: body.isResend,
          resendSeconds: statusOptions.resendSeconds,
          check: duringSignup,
        }),
      );
    },
  });

  route(app, verifyPhoneContract, {
    preHandler,
    config: { rateLimit: phoneCodeRateLimits.verify },
    async handler({ request, body }) {
      const { userId } = callerOf(request);
      await verifyPhoneCode(db, {
        userId,
        purpose: 'onboarding',
        phoneNumber: body.phoneNumber,
        code: body.code,
        check: duringSignup,
        // An invited person is done here: the answer says sign-up is complete.
        onVerified: (tx) => completeInviteeSignup(tx, userId),
      });
      return loadOnboardingStatus(db, userId, statusOptions);
    },
  });

  route(app, getFreeTrialContract, {
    preHandler,
    handler: ({ request }) => loadFreeTrial(db, callerOf(request).userId, config.trialDays),
  });

  route(app, startFreeTrialContract, {
    preHandler,
    handler: ({ request }) => startFreeTrial(db, callerOf(request).userId, config.trialDays),
  });
};
