import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Queryable } from './types';

/**
 * A request's command transaction, shared by everything the request's handler calls.
 *
 * Why an async context rather than a transaction passed down: modules get a `Db` when their routes
 * are registered and open their own transactions deep inside (a customer's phone check, an import
 * batch's claim). For a create and the record of its Idempotency-Key to commit together, those must
 * be one transaction. Passing it explicitly would change every module's signature, and any call
 * left on the module's `db` would, on PGlite (one connection), wait forever for the request's own
 * transaction. So the transaction belongs to the async context, and the `Db` modules hold joins it:
 * its queries run in it and its transactions become savepoints of it.
 */
interface Command {
  tx: Queryable;
  /** False once the transaction ended: late callbacks of the request go to the database again. */
  open: boolean;
  /** Savepoints opened so far, for unique names. */
  savepoints: number;
}

const current = new AsyncLocalStorage<Command>();
const COMMAND_DB = Symbol('joins command transactions');

/** A Db that joins the command transaction open in the current async context, if any. */
export interface CommandDb extends Db {
  readonly [COMMAND_DB]: true;
  /**
   * Runs `fn` in a new transaction that every query and transaction of this Db made inside `fn`
   * (however deep) joins. COMMIT when `fn` resolves, ROLLBACK when it throws.
   */
  command<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

export function isCommandDb(db: Db): db is CommandDb {
  return (db as Partial<CommandDb>)[COMMAND_DB] === true;
}

function openCommand(): Command | undefined {
  const command = current.getStore();
  return command?.open ? command : undefined;
}

/** `db`, joining the command transaction of the current async context when there is one. */
export function joiningCommands(db: Db): CommandDb {
  if (isCommandDb(db)) return db;
  return {
    [COMMAND_DB]: true,
    get kind() {
      return db.kind;
    },
    query(sql, params, options) {
      const command = openCommand();
      return command ? command.tx.query(sql, params, options) : db.query(sql, params, options);
    },
    async transaction(fn) {
      const command = openCommand();
      if (!command) return db.transaction(fn);
      // A transaction inside the command is a savepoint: its failure undoes only its own writes, as
      // a transaction of its own would have, and the code that caught it may go on.
      const savepoint = `command_${++command.savepoints}`;
      await command.tx.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await fn(command.tx);
        await command.tx.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (err) {
        await command.tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw err;
      }
    },
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    notify(channel, payload) {
      // Inside the command, a notification goes out when (and only if) it commits.
      const command = openCommand();
      if (!command) return db.notify(channel, payload);
      return command.tx.query('SELECT pg_notify($1, $2)', [channel, payload]).then(() => undefined);
    },
    close: () => db.close(),
    command(fn) {
      if (openCommand()) throw new Error('a command transaction is already open in this context');
      return db.transaction(async (tx) => {
        const command: Command = { tx, open: true, savepoints: 0 };
        try {
          return await current.run(command, () => fn(tx));
        } finally {
          command.open = false;
        }
      });
    },
  };
}
