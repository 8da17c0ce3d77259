import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/types';

/** Where a failing store says so; the app's logger in production. */
export type RateLimitStoreLogger = Pick<FastifyBaseLogger, 'warn'>;

/** The plugin's own default, for a store used without a window (it always passes one per hit). */
const DEFAULT_WINDOW_MS = 60_000;

/**
 * What @fastify/rate-limit hands a store: its resolved settings to the constructor, a route's merged
 * settings (with `routeInfo`, the route's options) to `child`. Only these fields matter here.
 */
interface StoreSettings {
  timeWindow?: unknown;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

/*
 * One statement per hit, atomic under concurrency (the conflicting row is locked while it is updated),
 * so instances never lose a count. A row whose window has passed starts a new one. The ttl comes from
 * the database's clock, the same `now()` that set reset_at, so app and database clocks cannot disagree.
 */
const HIT_SQL = `
  INSERT INTO rate_limit_hits (key, count, reset_at)
  VALUES ($1, 1, now() + $2::double precision * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.count + 1 END,
    reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN excluded.reset_at
                    ELSE rate_limit_hits.reset_at END
  RETURNING count AS current, (extract(epoch FROM reset_at - now()) * 1000)::double precision AS ttl`;

/**
 * @fastify/rate-limit's store contract backed by the database, so every instance behind the load
 * balancer counts the same hits. The plugin builds the root store with `new Store(settings)` and one
 * `child(routeSettings)` per limited route; each child keeps its route's window and prefixes keys with
 * the route's method and url, so routes never share (or consume) each other's counters.
 */
export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  private readonly windowMs: number;

  constructor(
    private readonly db: Queryable,
    private readonly log: RateLimitStoreLogger,
    settings: StoreSettings,
    private readonly prefix = '',
  ) {
    // Both would need the counter's max in SQL; refuse rather than silently count differently.
    if (settings.continueExceeding || settings.exponentialBackoff) {
      throw new Error('DatabaseRateLimitStore supports neither continueExceeding nor exponentialBackoff');
    }
    this.windowMs = typeof settings.timeWindow === 'number' ? settings.timeWindow : DEFAULT_WINDOW_MS;
  }

  /**
   * The plugin calls `incr(key, callback, timeWindow, max)`: the window it passes is the one resolved
   * for this request (a route may compute it), so it wins over the one the store was made with.
   */
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow?: number,
  ): void {
    const windowMs = typeof timeWindow === 'number' ? timeWindow : this.windowMs;
    const fullKey = `${this.prefix}${key}`;
    void this.hit(fullKey, windowMs).then(
      (result) => callback(null, result),
      (err: unknown) => {
        // The plugin's skipOnError (on by default, see rate-limit.ts) then lets the request through.
        this.log.warn({ err, rateLimitKey: fullKey }, 'rate limit store failed; request let through');
        callback(err instanceof Error ? err : new Error(String(err)));
      },
    );
  }

  child(routeSettings: object): DatabaseRateLimitStore {
    const settings = routeSettings as StoreSettings;
    return new DatabaseRateLimitStore(this.db, this.log, settings, routePrefix(settings.routeInfo));
  }

  private async hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const { rows } = await this.db.query<{ current: number; ttl: number }>(HIT_SQL, [key, windowMs]);
    const row = rows[0];
    if (!row) throw new Error('rate limit upsert returned no row');
    return { current: Number(row.current), ttl: Math.max(0, Math.ceil(Number(row.ttl))) };
  }
}

/**
 * `POST /api/client-errors|`: method and url (with its registration prefix) name a route the same way
 * on every instance. Limiters made with `app.rateLimit()` have no route and share the `*|` prefix, so
 * give them a keyGenerator of their own.
 */
function routePrefix(routeInfo: StoreSettings['routeInfo']): string {
  if (!routeInfo?.url) return '*|';
  const method = Array.isArray(routeInfo.method) ? routeInfo.method.join(',') : (routeInfo.method ?? '');
  return `${method} ${routeInfo.url}|`;
}

/** The constructor the plugin's `store` option takes (it calls `new Store(settings)`), bound to a db. */
export function databaseRateLimitStore(db: Queryable, log: RateLimitStoreLogger): FastifyRateLimitStoreCtor {
  return class extends DatabaseRateLimitStore {
    constructor(settings: object) {
      super(db, log, settings as StoreSettings);
    }
  };
}

/**
 * Deletes rows whose window has passed; resolves to how many. Safe at any time: an expired row already
 * counts as absent, and a hit racing the delete just starts its window afresh, as it would anyway.
 */
export async function pruneRateLimits(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM rate_limit_hits WHERE reset_at <= now()');
  return rowCount;
}
