import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { AccessTokens } from '../tokens/access-tokens';
import { registerAssets } from './assets';
import { type HostedContext, sendPage } from './context';
import { hostedErrorHandler } from './error-page';
import { registerFormParser } from './form-body';
import { registerLoginRoutes } from './handlers/login';
import { registerLogoutRoute } from './handlers/logout';
import { registerPasswordResetRoutes } from './handlers/password-reset';
import { registerSignupRoutes } from './handlers/signup';
import { pageHeaders } from './page-headers';
import { problemPage } from './pages/problem';

export interface HostedLoginOptions {
  db: Db;
  config: Config;
  tokens: AccessTokens;
}

/**
 * The hosted login ("external hosted login" of the spec): server-rendered pages under /auth for
 * signing in, signing up, confirming an e-mail, resetting a password and signing out. Self-contained
 * (its own assets, form parser, headers and error pages, all scoped to this plugin), so it could be
 * deployed on a host of its own.
 */
export const hostedLoginRoutes: FastifyPluginAsync<HostedLoginOptions> = async (
  app,
  { db, config, tokens },
) => {
  registerFormParser(app);
  const context: HostedContext = { db, config, tokens, assets: await registerAssets(app) };

  const headers = pageHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.setErrorHandler(hostedErrorHandler(context.assets));

  registerLoginRoutes(app, context);
  registerSignupRoutes(app, context);
  registerPasswordResetRoutes(app, context);
  registerLogoutRoute(app, context);

  // A mistyped or outdated /auth address is a page too, with a way on (not the API's JSON 404).
  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/auth/*',
    handler: (_request, reply) =>
      sendPage(
        reply,
        404,
        problemPage(context, {
          title: 'Página não encontrada',
          heading: 'Página não encontrada',
          message: 'Este endereço não existe ou mudou. Entre pela página de acesso.',
          link: { href: '/auth/login', label: 'Ir para a página de acesso' },
        }),
      ),
  });
};
