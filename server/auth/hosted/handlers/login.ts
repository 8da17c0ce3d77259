import type { FastifyInstance } from 'fastify';
import { invitationTokenOfPath } from '../../../../contracts/team';
import { publicUrls } from '../../../http/public-urls';
import { normaliseEmail } from '../accounts';
import { type HostedContext, sendPage, viewFor } from '../context';
import { formField } from '../form-body';
import { hostedRateLimits } from '../limits';
import { loginPage } from '../pages/login';
import { unverifiedPage } from '../pages/unverified';
import { appLoginErrorUrl, appLoginUrl } from '../return-target';
import { readSessionCookie, setSessionCookie } from '../session-cookie';
import { type SignInOutcome, signIn } from '../sign-in';
import { csrfGuard } from './csrf-guard';
import { prefilledEmail } from './prefilled-email';
import { formTarget, queryTarget } from './target';

export const WRONG_CREDENTIALS = 'E-mail ou senha incorretos.';
export const SIGN_IN_FAILED = 'Não foi possível entrar agora. Tente novamente em instantes.';

export function lockedMessage(until: Date, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now) / 60_000));
  const wait = minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  return `Muitas tentativas de entrar com este e-mail. Por segurança, aguarde ${wait} e tente de novo, ou crie uma nova senha em “Esqueci minha senha”.`;
}

/** GET/POST /auth/login: the sign-in form, and signing in, which ends in a redirect to the app. */
export function registerLoginRoutes(app: FastifyInstance, context: HostedContext): void {
  const { config } = context;

  app.get('/auth/login', (request, reply) =>
    sendPage(
      reply,
      200,
      loginPage(viewFor(context, request, reply), queryTarget(request, config), {
        email: prefilledEmail(request),
      }),
    ),
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit: hostedRateLimits(config.authRateLimitMultiplier).login },
      preHandler: csrfGuard(context),
    },
    async (request, reply) => {
      const target = formTarget(request, config);
      const email = normaliseEmail(formField(request, 'email'));
      const password = formField(request, 'password');
      const view = () => viewFor(context, request, reply);

      if (email === '' || password === '') {
        const errors = {
          ...(email === '' && { email: 'Informe seu e-mail.' }),
          ...(password === '' && { password: 'Informe sua senha.' }),
        };
        return sendPage(reply, 400, loginPage(view(), target, { email, errors }));
      }

      let outcome: SignInOutcome;
      try {
        outcome = await signIn(context.db, context.tokens, {
          email,
          password,
          userAgent: request.headers['user-agent'],
          previousSsoSecret: readSessionCookie(request),
          invitationToken: invitationTokenOfPath(target.redirect),
        });
      } catch (err) {
        // Nothing this page can fix: the app's /login shows the message and offers to try again.
        request.log.error({ err }, 'hosted login: sign-in failed');
        return reply.redirect(appLoginErrorUrl(target, publicUrls(request, config), SIGN_IN_FAILED), 303);
      }

      switch (outcome.status) {
        case 'invalid':
          return sendPage(reply, 401, loginPage(view(), target, { email, alert: WRONG_CREDENTIALS }));
        case 'locked':
          reply.header('retry-after', Math.max(1, Math.ceil((outcome.until.getTime() - Date.now()) / 1000)));
          return sendPage(
            reply,
            429,
            loginPage(view(), target, { email, alert: lockedMessage(outcome.until) }),
          );
        case 'unverified':
          return sendPage(reply, 403, unverifiedPage(view(), target, outcome.email));
        case 'signed-in': {
          setSessionCookie(request, reply, config, outcome.ssoSecret);
          const tokens = {
            accessToken: outcome.accessToken,
            refreshToken: outcome.refreshToken,
            userId: outcome.userId,
          };
          return reply.redirect(appLoginUrl(target, publicUrls(request, config), tokens), 303);
        }
      }
    },
  );
}
