import type { Db, Queryable } from '../../db/types';
import type { AccessClaims } from '../tokens/access-tokens';
import { type CallerRecord, loadCallerRecord } from './caller-record';

/** The channel migration 037's triggers tell every change of a caller's record on. */
export const CALLER_CHANGES_CHANNEL = 'fechai_callers';

/** How long an answer is kept: a lost notification (a dropped LISTEN connection) lasts no longer. */
export const CALLER_CACHE_TTL_MS = 5_000;

/** Past this many sign-ins held, the cache starts again (a bound on memory, not an LRU). */
const MAX_ENTRIES = 10_000;

export interface CallerCache {
  /** The caller's record: from memory when a fresh one is held, else from the database. */
  get(claims: AccessClaims): Promise<CallerRecord | null>;
  /** Stops listening for changes. */
  close(): Promise<void>;
}

interface Entry {
  record: CallerRecord;
  storedAt: number;
}

/**
 * Who calls, per sign-in, for a few seconds: a product read then costs no statement for its caller.
 * Every change to a sign-in, a user's current company, a membership or a subscription notifies
 * CALLER_CHANGES_CHANNEL at commit (triggers, whatever code wrote it), and every instance drops what
 * it holds for that session, user or company; this instance's own writes are dropped before their
 * COMMIT resolves, so a logout answers 401 on the very next request. An answer read while a change
 * was announced is used once and not kept: it may predate the change.
 */
export async function createCallerCache(
  db: Db,
  read: Queryable = db,
  ttlMs = CALLER_CACHE_TTL_MS,
): Promise<CallerCache> {
  const entries = new Map<string, Entry>();
  // Bumped by every change: a read that started before one is not kept.
  let changes = 0;

  function forget(payload: string): void {
    changes++;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 's:') {
      entries.delete(id);
      return;
    }
    const matches =
      kind === 'u:'
        ? (entry: Entry) => entry.record.userId === id
        : kind === 'c:'
          ? (entry: Entry) => entry.record.companyId === id
          : () => true;
    for (const [sessionId, entry] of entries) if (matches(entry)) entries.delete(sessionId);
  }

  const stop = await db.listen(CALLER_CHANGES_CHANNEL, forget, { ownCommits: true });

  return {
    async get(claims) {
      const now = Date.now();
      const held = entries.get(claims.sessionId);
      if (
        held &&
        held.record.userId === claims.userId &&
        now - held.storedAt < ttlMs &&
        held.record.sessionExpiresAt > now
      ) {
        return held.record;
      }
      const before = changes;
      const record = await loadCallerRecord(read, claims);
      if (record && changes === before) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(claims.sessionId, { record, storedAt: Date.now() });
      } else if (!record) {
        entries.delete(claims.sessionId);
      }
      return record;
    },
    close: stop,
  };
}
