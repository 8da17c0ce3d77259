import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

export interface DatabaseConfig {
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite's folder, or `memory://`. */
  dataDir: string;
  schema?: string;
}

export function openDatabase(config: DatabaseConfig): Promise<Db> {
  return config.url ? openPostgres({ url: config.url, schema: config.schema }) : openPglite(config.dataDir);
}
