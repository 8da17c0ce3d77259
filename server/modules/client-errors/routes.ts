import type { FastifyPluginAsync } from 'fastify';
import { reportClientErrorContract } from '../../../contracts/client-errors';
import type { Db } from '../../db/types';
import { loggableUrl } from '../../http/loggable-url';
import { route } from '../../http/route';
import { insertClientError } from './store';

/** User agents are free text from the caller; keep what identifies the browser. */
const USER_AGENT_MAX = 500;

export interface ClientErrorsOptions {
  db: Db;
}

export const clientErrorRoutes: FastifyPluginAsync<ClientErrorsOptions> = async (app, { db }) => {
  route(app, reportClientErrorContract, {
    status: 202,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    async handler({ body: reported, request }) {
      // The page may have been /login?accessToken=… or an e-mail link: keep no secrets of its address.
      const body = { ...reported, url: loggableUrl(reported.url) };
      const { message, url, release, stack, tag } = body;
      // A tagged report comes from the error tracker (a failed save…), an untagged one from a screen.
      request.log.error(
        { clientError: { message, url, release, stack, tag } },
        tag ? 'client error' : 'client rendering error',
      );
      await insertClientError(db, {
        ...body,
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX),
        requestId: request.id,
      });
      return { received: true as const };
    },
  });
};
