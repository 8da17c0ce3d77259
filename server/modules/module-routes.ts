import type { Config } from '../config';
import type { CommandDb } from '../db/command-transaction';
import type { CompanyReadCache } from '../db/company-read-cache';

/**
 * What server/app.ts gives a product module's routes: the database (joining the request's command
 * transaction when the route runs one, see server/http/idempotency.ts) and the configuration.
 */
export interface ModuleRoutesOptions {
  db: CommandDb;
  config: Config;
}

/** What a module whose summaries are kept per company for seconds gets besides (company-read-cache.ts). */
export interface CachedReadRoutesOptions extends ModuleRoutesOptions {
  reads: CompanyReadCache;
}
