import type { FastifyPluginAsync } from 'fastify';
import { getHealthContract } from '../../../contracts/health';
import type { Timestamp } from '../../db/timestamp';
import type { Db } from '../../db/types';
import { HttpError } from '../../http/errors';
import { route } from '../../http/route';
import { appVersion } from './version';

/** A database that does not answer within this time counts as down. */
const DB_TIMEOUT_MS = 2000;

export interface HealthOptions {
  db: Db;
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { db }) => {
  route(app, getHealthContract, {
    async handler() {
      let time: Timestamp;
      try {
        time = await withTimeout(
          db.query<{ now: Timestamp }>('SELECT now() AS now').then((r) => r.rows[0]!.now),
          DB_TIMEOUT_MS,
        );
      } catch (err) {
        throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Banco de dados indisponível.', undefined, {
          cause: err,
        });
      }
      return { status: 'ok' as const, version: appVersion, database: db.kind, time };
    },
  });

  // Bare liveness for load balancers and the API benchmark's baseline: no database, no envelope, no log.
  app.get('/healthz', { logLevel: 'silent' }, (_request, reply) => {
    reply.type('text/plain; charset=utf-8').send('ok');
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
