import type { Config } from '../config';
import type { CommandDb } from '../db/command-transaction';

/**
 * What server/app.ts gives a product module's routes: the database (joining the request's command
 * transaction when the route runs one, see server/http/idempotency.ts) and the configuration.
 */
export interface ModuleRoutesOptions {
  db: CommandDb;
  config: Config;
}
