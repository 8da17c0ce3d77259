import type { FastifyPluginAsync } from 'fastify';
import {
  getPendingPhoneChangeContract,
  getSettingsUserContract,
  sendPhoneChangeCodeContract,
  verifyPhoneChangeContract,
} from '../../../contracts/settings';
import { callerOf } from '../../auth/api/caller';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { verifyPhoneCode } from '../phone-verification/check-code';
import { pendingPhoneCode } from '../phone-verification/pending-code';
import { storedPhoneNumber } from '../phone-verification/phone-number';
import { phoneCodeRateLimits, withRetryAfter } from '../phone-verification/rate-limits';
import { sendPhoneCode } from '../phone-verification/send-code';
import { loadSettingsUser } from './settings-user';
import { SAME_PHONE_TEXT } from './texts';

export interface SettingsRoutesOptions {
  db: Db;
  config: Pick<Config, 'phoneCodeResendSeconds'>;
}

/**
 * Configurações: the signed-in user (GET /api/settings/user, spec §7) and "Acesso e Segurança",
 * changing the mobile with a code sent to the new number (the same rules as onboarding, a code of
 * its own purpose: onboarding codes do not work here, nor these there).
 */
export const settingsRoutes: FastifyPluginAsync<SettingsRoutesOptions> = async (app, { db, config }) => {
  const preHandler = app.auth.requireCaller;

  route(app, getSettingsUserContract, {
    preHandler,
    handler: async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      return { getUser: await loadSettingsUser(db, callerOf(request).userId) };
    },
  });

  route(app, getPendingPhoneChangeContract, {
    preHandler,
    async handler({ request, reply, query }) {
      reply.header('cache-control', 'no-store');
      const pendingVerification = await pendingPhoneCode(db, {
        userId: callerOf(request).userId,
        purpose: 'phone_change',
        phoneNumber: storedPhoneNumber(query.phoneNumber),
        resendSeconds: config.phoneCodeResendSeconds,
      });
      return { pendingVerification };
    },
  });

  route(app, sendPhoneChangeCodeContract, {
    preHandler,
    config: { rateLimit: phoneCodeRateLimits.send },
    handler({ request, reply, body }) {
      const phone = storedPhoneNumber(body.phoneNumber);
      return withRetryAfter(reply, () =>
        sendPhoneCode(db, {
          userId: callerOf(request).userId,
          purpose: 'phone_change',
          phoneNumber: body.phoneNumber,
          isResend: body.isResend,
          resendSeconds: config.phoneCodeResendSeconds,
          check(user) {
            if (user.mobilePhoneVerified && user.mobilePhone === phone) {
              throw new HttpError(409, 'CONFLICT', SAME_PHONE_TEXT);
            }
          },
        }),
      );
    },
  });

  route(app, verifyPhoneChangeContract, {
    preHandler,
    config: { rateLimit: phoneCodeRateLimits.verify },
    async handler({ request, body }) {
      const mobilePhone = await verifyPhoneCode(db, {
        userId: callerOf(request).userId,
        purpose: 'phone_change',
        phoneNumber: body.phoneNumber,
        code: body.code,
      });
      return { mobilePhone };
    },
  });
};
