import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/types';
import type { AccessTokens } from '../tokens/access-tokens';
import type { AssetUrls } from './assets';
import { csrfToken } from './csrf';
import type { View } from './pages/layout';

/** What the hosted login's handlers share. */
export interface HostedContext {
  db: Db;
  config: Config;
  tokens: AccessTokens;
  assets: AssetUrls;
}

/** What a page needs to render: its assets and a CSRF token (the cookie is set if missing). */
export function viewFor(context: HostedContext, request: FastifyRequest, reply: FastifyReply): View {
  return { assets: context.assets, csrf: csrfToken(request, reply, context.config) };
}

export function sendPage(reply: FastifyReply, status: number, page: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page);
}
