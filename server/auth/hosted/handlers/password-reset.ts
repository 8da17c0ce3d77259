import type { FastifyInstance } from 'fastify';
import { publicUrls } from '../../../http/public-urls';
import { isEmailTokenUsable } from '../../email-tokens';
import { isPlausibleEmail, normaliseEmail } from '../accounts';
import { type HostedContext, sendPage, viewFor } from '../context';
import { formField } from '../form-body';
import { hostedRateLimits } from '../limits';
import { emailSentPage, resetSentMessage } from '../pages/email-sent';
import { forgotPasswordPage } from '../pages/forgot-password';
import { passwordChangedPage, resetLinkInvalidPage, resetPasswordPage } from '../pages/reset-password';
import { requestPasswordReset, resetPassword } from '../password-reset';
import { clearSessionCookie } from '../session-cookie';
import { csrfGuard } from './csrf-guard';
import { INVALID_EMAIL } from './signup';
import { formTarget, queryTarget } from './target';

/** Tokens are 43 URL-safe characters; anything far off is not worth a query. */
const MAX_TOKEN_LENGTH = 512;

/** GET/POST /auth/forgot-password and GET/POST /auth/reset-password. */
export function registerPasswordResetRoutes(app: FastifyInstance, context: HostedContext): void {
  const { config, db } = context;

  app.get('/auth/forgot-password', (request, reply) =>
    sendPage(reply, 200, forgotPasswordPage(viewFor(context, request, reply), queryTarget(request, config))),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: hostedRateLimits(config.authRateLimitMultiplier).forgot },
      preHandler: csrfGuard(context),
    },
    async (request, reply) => {
      const target = formTarget(request, config);
      const email = normaliseEmail(formField(request, 'email'));
      if (!isPlausibleEmail(email)) {
        const errors = { email: email === '' ? 'Informe seu e-mail.' : INVALID_EMAIL };
        return sendPage(
          reply,
          400,
          forgotPasswordPage(viewFor(context, request, reply), target, { email, errors }),
        );
      }
      await requestPasswordReset(db, publicUrls(request, config), { email, target });
      return sendPage(
        reply,
        200,
        emailSentPage(viewFor(context, request, reply), target, {
          title: 'Confira seu e-mail',
          message: resetSentMessage(email),
        }),
      );
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>('/auth/reset-password', async (request, reply) => {
    const target = queryTarget(request, config);
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const view = viewFor(context, request, reply);
    const usable =
      token !== '' &&
      token.length <= MAX_TOKEN_LENGTH &&
      (await isEmailTokenUsable(db, token, 'reset_password'));
    if (!usable) return sendPage(reply, 400, resetLinkInvalidPage(view, target));
    return sendPage(reply, 200, resetPasswordPage(view, target, { token }));
  });

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: hostedRateLimits(config.authRateLimitMultiplier).reset },
      preHandler: csrfGuard(context),
    },
    async (request, reply) => {
      const target = formTarget(request, config);
      const token = formField(request, 'token');
      const view = () => viewFor(context, request, reply);
      if (token === '' || token.length > MAX_TOKEN_LENGTH) {
        return sendPage(reply, 400, resetLinkInvalidPage(view(), target));
      }
      const outcome = await resetPassword(db, publicUrls(request, config), {
        token,
        password: formField(request, 'password'),
      });
      switch (outcome.status) {
        case 'invalid-token':
          return sendPage(reply, 400, resetLinkInvalidPage(view(), target));
        case 'weak':
          return sendPage(
            reply,
            400,
            resetPasswordPage(view(), target, { token, errors: { password: outcome.problem } }),
          );
        case 'changed':
          // Every session was just ended, this browser's included.
          clearSessionCookie(request, reply, config);
          return sendPage(reply, 200, passwordChangedPage(view(), target));
      }
    },
  );
}
