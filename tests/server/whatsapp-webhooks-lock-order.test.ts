import { describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../server/db/types';
import type { WebhookMessage } from '../../server/integrations/whatsapp/webhook-objects';
import { storeMessage } from '../../server/modules/whatsapp-webhooks/conversation-messages';
import { withinTransaction } from '../../server/modules/whatsapp-webhooks/process-webhook-body';
import { whatsappPerson } from '../../server/modules/whatsapp-webhooks/whatsapp-customer';
import { withTestDb } from '../support/db';
import { connectWhatsapp, seconds, wamid } from '../support/whatsapp-webhooks';

/**
 * Meta sends the same message more than once, and the processor's batches run side by side: two
 * payload transactions can store messages of one customer, some of them the same wamids. Each
 * message takes the customer's row before its wamid, so the second waits for the first instead of
 * holding a wamid the first is about to insert (a deadlock, the history then given up on).
 * PGlite runs one transaction at a time, so only a PostgreSQL server can show it.
 */

const t = withTestDb();
const PHONE = '5511987650101';

function store(db: Db, tx: Queryable, connection: Awaited<ReturnType<typeof connectWhatsapp>>, id: string) {
  const message: WebhookMessage = {
    from: PHONE,
    id,
    timestamp: Number(seconds()),
    type: 'text',
    text: { body: id },
  };
  return storeMessage(withinTransaction(tx, db.kind), {
    connection,
    message,
    person: whatsappPerson(PHONE, null, 'Maria Oliveira'),
    direction: 'inbound',
    origin: 'history',
    status: null,
    receivedAt: new Date(),
    announce: false,
  });
}

describe('storing messages of one customer from two transactions at once', () => {
  it.runIf(process.env.DATABASE_URL)(
    'the one that reaches the customer second waits, and nothing deadlocks or is stored twice',
    async () => {
      const { db } = t;
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO companies (name) VALUES ('Doces') RETURNING id",
      );
      const connection = await connectWhatsapp(db, rows[0]!.id);
      const [first, shared] = [wamid(), wamid()];
      // The customer exists, as the address book's sync leaves them.
      await db.transaction((tx) => store(db, tx, connection, wamid()));

      let holding!: () => void;
      const firstHoldsCustomer = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const one = db.transaction(async (tx) => {
        await store(db, tx, connection, first);
        holding();
        // Long enough for the other transaction to reach this customer (and, before the fix, to
        // insert the shared wamid first and wait for the customer).
        await new Promise((resolve) => setTimeout(resolve, 300));
        return store(db, tx, connection, shared);
      });
      const other = firstHoldsCustomer.then(() => db.transaction((tx) => store(db, tx, connection, shared)));

      const [a, b] = await Promise.all([one, other]);
      expect([a.outcome, b.outcome]).toEqual(['stored', 'duplicate']);
      const stored = await db.query<{ wamid: string }>(
        'SELECT wamid FROM conversation_messages WHERE connection_id = $1 AND wamid = ANY($2::text[])',
        [connection.id, [first, shared]],
      );
      expect(stored.rows.map((row) => row.wamid).sort()).toEqual([first, shared].sort());
    },
  );
});
