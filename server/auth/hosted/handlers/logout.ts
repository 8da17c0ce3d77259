import type { FastifyInstance } from 'fastify';
import { publicUrls } from '../../../http/public-urls';
import { findSessionBySsoSecret, revokeAuthSession } from '../../sessions/auth-sessions';
import type { HostedContext } from '../context';
import { returnBase } from '../return-target';
import { clearSessionCookie, readSessionCookie } from '../session-cookie';
import { queryTarget } from './target';

/**
 * GET /auth/logout: how the app's /logout reaches the sign-in page. Ends the sign-in behind this
 * browser's cookie, then shows the form, which sends the next sign-in back to the same (allowed) origin.
 */
export function registerLogoutRoute(app: FastifyInstance, context: HostedContext): void {
  const { config, db } = context;

  app.get('/auth/logout', async (request, reply) => {
    const target = queryTarget(request, config);
    const secret = readSessionCookie(request);
    if (secret) {
      try {
        const session = await findSessionBySsoSecret(db, secret);
        if (session) await revokeAuthSession(db, session.sessionId, 'logout');
      } catch (err) {
        // The app has already dropped its tokens; signing out must not strand the user on an error.
        request.log.error({ err }, 'hosted login: could not end the session on logout');
      }
    }
    clearSessionCookie(request, reply, config);
    const params = new URLSearchParams({ returnTo: returnBase(target, publicUrls(request, config)) });
    if (target.redirect) params.set('redirect', target.redirect);
    return reply.redirect(`/auth/login?${params}`, 303);
  });
}
