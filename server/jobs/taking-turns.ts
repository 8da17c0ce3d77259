import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/types';

/**
 * The database as background work uses it: every statement or transaction outside a transaction
 * waits one turn of the event loop first. On PGlite background queries otherwise run back to back
 * without the event loop ever reading a request (the database runs in this thread, its answers are
 * microtasks), so a backlog would hold every request until it is done; with a turn between them, a
 * request's queries queue between the background's. (Inside a transaction nothing waits: it holds
 * the connection.)
 */
export function takingTurns(db: Db): Db {
  return {
    kind: db.kind,
    query: (sql, params, options) => nextTurn().then(() => db.query(sql, params, options)),
    transaction: (fn) => nextTurn().then(() => db.transaction(fn)),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
  };
}
