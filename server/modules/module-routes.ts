import type { Config } from '../config';
import type { Db } from '../db/types';

/** What server/app.ts gives a product module's routes: the database and the configuration. */
export interface ModuleRoutesOptions {
  db: Db;
  config: Config;
}
