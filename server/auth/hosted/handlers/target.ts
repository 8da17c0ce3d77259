import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config';
import { isOwnOrigin } from '../../../http/public-urls';
import { formField } from '../form-body';
import { type ReturnOriginCheck, type ReturnTarget, returnTargetFrom } from '../return-target';

/** Where a page's links and forms lead back to, from its query string. */
export function queryTarget(request: FastifyRequest, config: Config): ReturnTarget {
  return returnTargetFrom((request.query ?? {}) as Record<string, unknown>, returnOrigins(request, config));
}

/** The same, from a submitted form's hidden fields. */
export function formTarget(request: FastifyRequest, config: Config): ReturnTarget {
  return returnTargetFrom(
    { returnTo: formField(request, 'returnTo'), redirect: formField(request, 'redirect') },
    returnOrigins(request, config),
  );
}

/**
 * The configured return origins; with APP_URL unset, also any address of this server on the port the
 * request came in on (the app opened on 127.0.0.1 or a LAN address comes back there, not to localhost).
 */
function returnOrigins(request: FastifyRequest, config: Config): ReturnOriginCheck {
  const port = request.socket.localPort;
  return (origin) =>
    config.allowedReturnOrigins.includes(origin) ||
    (config.appUrlFollowsRequest && port !== undefined && isOwnOrigin(origin, port));
}
