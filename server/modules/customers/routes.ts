import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/types';

export interface ModuleRoutesOptions {
  db: Db;
  config: Config;
}

// Work in progress: the module's routes are declared here.
export const customerRoutes: FastifyPluginAsync<ModuleRoutesOptions> = async () => {};
