import type { FastifyInstance } from 'fastify';
import { invitationTokenOfPath } from '../../../../contracts/team';
import { publicUrls } from '../../../http/public-urls';
import { isPlausibleEmail, NAME_MAX_LENGTH, normaliseEmail } from '../accounts';
import { type HostedContext, sendPage, viewFor } from '../context';
import { formField } from '../form-body';
import { hostedRateLimits } from '../limits';
import { emailSentPage, resendSentMessage, signupSentMessage } from '../pages/email-sent';
import type { FieldErrors } from '../pages/fields';
import { signupPage } from '../pages/signup';
import { passwordProblem } from '../password-rules';
import { hashPassword } from '../passwords';
import { appLoginUrl } from '../return-target';
import { setSessionCookie } from '../session-cookie';
import { resendVerification, signUp, signUpInvited } from '../sign-up';
import { csrfGuard } from './csrf-guard';
import { prefilledEmail } from './prefilled-email';
import { formTarget, queryTarget } from './target';

export const INVALID_EMAIL = 'Informe um e-mail válido, como nome@empresa.com.br.';

/**
 * GET/POST /auth/signup and POST /auth/verification/resend. A sign-up coming back to a team
 * invitation with its invited address is signed in at once (sign-up.ts, signUpInvited).
 */
export function registerSignupRoutes(app: FastifyInstance, context: HostedContext): void {
  const { config } = context;

  app.get('/auth/signup', (request, reply) =>
    sendPage(
      reply,
      200,
      signupPage(viewFor(context, request, reply), queryTarget(request, config), {
        email: prefilledEmail(request),
      }),
    ),
  );

  app.post(
    '/auth/signup',
    {
      config: { rateLimit: hostedRateLimits(config.authRateLimitMultiplier).signup },
      preHandler: csrfGuard(context),
    },
    async (request, reply) => {
      const target = formTarget(request, config);
      const name = formField(request, 'name').trim().replace(/\s+/g, ' ');
      const email = normaliseEmail(formField(request, 'email'));
      const password = formField(request, 'password');

      const errors: FieldErrors = {};
      if (name === '') errors.name = 'Informe seu nome.';
      else if ([...name].length > NAME_MAX_LENGTH)
        errors.name = `Use no máximo ${NAME_MAX_LENGTH} caracteres.`;
      if (!isPlausibleEmail(email)) errors.email = email === '' ? 'Informe seu e-mail.' : INVALID_EMAIL;
      const problem = passwordProblem(password, email);
      if (problem) errors.password = problem;
      if (Object.keys(errors).length > 0) {
        return sendPage(
          reply,
          400,
          signupPage(viewFor(context, request, reply), target, { name, email, errors }),
        );
      }

      const passwordHash = await hashPassword(password);
      const invitationToken = invitationTokenOfPath(target.redirect);
      const invited =
        invitationToken &&
        (await signUpInvited(context.db, {
          name,
          email,
          passwordHash,
          invitationToken,
          userAgent: request.headers['user-agent'],
        }));
      if (invited) {
        setSessionCookie(request, reply, config, invited.ssoSecret);
        const tokens = {
          accessToken: await context.tokens.sign({ userId: invited.userId, sessionId: invited.sessionId }),
          refreshToken: invited.refreshToken,
          userId: invited.userId,
        };
        return reply.redirect(appLoginUrl(target, publicUrls(request, config), tokens), 303);
      }

      await signUp(context.db, publicUrls(request, config), { name, email, passwordHash });
      return sendPage(
        reply,
        200,
        emailSentPage(viewFor(context, request, reply), target, {
          title: 'Confirme seu e-mail',
          message: signupSentMessage(email),
          resendTo: email,
        }),
      );
    },
  );

  app.post(
    '/auth/verification/resend',
    {
      config: { rateLimit: hostedRateLimits(config.authRateLimitMultiplier).resend },
      preHandler: csrfGuard(context),
    },
    async (request, reply) => {
      const target = formTarget(request, config);
      const email = normaliseEmail(formField(request, 'email'));
      if (isPlausibleEmail(email)) await resendVerification(context.db, publicUrls(request, config), email);
      // The same page for any address, even one that could not have an account.
      return sendPage(
        reply,
        200,
        emailSentPage(viewFor(context, request, reply), target, {
          title: 'Confirme seu e-mail',
          message: resendSentMessage(email),
        }),
      );
    },
  );
}
