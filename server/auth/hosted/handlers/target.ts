import type { FastifyRequest } from 'fastify';
import type { Config } from '../../../config';
import { formField } from '../form-body';
import { type ReturnTarget, returnTargetFrom } from '../return-target';

/** Where a page's links and forms lead back to, from its query string. */
export function queryTarget(request: FastifyRequest, config: Config): ReturnTarget {
  return returnTargetFrom((request.query ?? {}) as Record<string, unknown>, config);
}

/** The same, from a submitted form's hidden fields. */
export function formTarget(request: FastifyRequest, config: Config): ReturnTarget {
  return returnTargetFrom(
    { returnTo: formField(request, 'returnTo'), redirect: formField(request, 'redirect') },
    config,
  );
}
