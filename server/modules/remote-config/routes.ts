import type { FastifyPluginAsync } from 'fastify';
import { safeParse } from 'zod/v4/core';
import {
  getRemoteConfigContract,
  putRemoteConfigContract,
  type RemoteConfigKey,
  remoteConfigKeys,
} from '../../../contracts/remote-config';
import { formField, registerFormParser } from '../../auth/hosted/form-body';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { renderRemoteConfigPage } from './page';
import { remoteConfigParameters, setRemoteConfigParameter } from './store';

export interface RemoteConfigRoutesOptions {
  db: Db;
}

/**
 * GET /api/remote-config: the parameters this server sets, for the client without Firebase (issue
 * 16). Any signed-in user reads them; they are the same for every company.
 */
export const remoteConfigRoutes: FastifyPluginAsync<RemoteConfigRoutesOptions> = async (app, { db }) => {
  route(app, getRemoteConfigContract, {
    preHandler: app.auth.requireCaller,
    async handler({ reply }) {
      reply.header('cache-control', 'no-store');
      return { parameters: await remoteConfigParameters(db) };
    },
  });
};

const isKey = (value: string): value is RemoteConfigKey =>
  (remoteConfigKeys as readonly string[]).includes(value);

/**
 * The dev page that edits them (GET/POST /dev/remote-config) and its JSON twin for scripts (PUT
 * /dev/remote-config). app.ts registers this only when config.devPages is on; otherwise all are 404.
 */
export const devRemoteConfigRoutes: FastifyPluginAsync<RemoteConfigRoutesOptions> = async (app, { db }) => {
  // In this plugin only: the API elsewhere still refuses form bodies.
  registerFormParser(app);

  const page = async (state: Omit<Parameters<typeof renderRemoteConfigPage>[0], 'parameters'>) =>
    renderRemoteConfigPage({ ...state, parameters: await remoteConfigParameters(db) });

  app.get('/dev/remote-config', async (request, reply) => {
    const saved = (request.query as Record<string, unknown>).saved;
    const body = await page(typeof saved === 'string' && isKey(saved) ? { saved } : {});
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  });

  app.post('/dev/remote-config', async (request, reply) => {
    const key = formField(request, 'key');
    const reset = formField(request, 'action') === 'reset';
    const value = formField(request, 'value');
    const parsed = safeParse(putRemoteConfigContract.body, { key, value: reset ? null : value });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Valor inválido.';
      const body = isKey(key) ? await page({ refused: { key, value, message } }) : 'Parâmetro desconhecido.';
      return reply
        .code(400)
        .type(isKey(key) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body);
    }
    await setRemoteConfigParameter(db, parsed.data.key, parsed.data.value);
    // After a post, a reload shows the page instead of sending the form again.
    return reply.redirect(`/dev/remote-config?saved=${parsed.data.key}`, 303);
  });

  route(app, putRemoteConfigContract, {
    async handler({ body, reply }) {
      reply.header('cache-control', 'no-store');
      await setRemoteConfigParameter(db, body.key, body.value);
      return { parameters: await remoteConfigParameters(db) };
    },
  });
};
