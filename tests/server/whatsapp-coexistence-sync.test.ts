import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../contracts/conversation';
import type { CustomersPage } from '../../contracts/customers';
import type { WhatsappConnectionState } from '../../contracts/whatsapp-status';
import { SEEDED_CONTACTS } from '../../server/integrations/whatsapp/simulator/onboarding-sync';
import type { WebhookProcessor } from '../../server/modules/whatsapp-webhooks/webhook-processor';
import { waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';
import { completeSignup, connectBody } from '../support/whatsapp-signup';
import { allProcessed, webhookProcessor } from '../support/whatsapp-webhooks';

/**
 * A coexistence number connected through the app's real routes against the local Cloud API: after
 * the two smb_app_data calls the simulator sends, by itself and signed, the Business app's contacts
 * and its history (chunks out of order) to the app's /webhooks/whatsapp, where the processor turns them
 * into customers and their conversation.
 */

let server: TestServer;
let processor: WebhookProcessor;

beforeAll(async () => {
  server = await startTestServer();
  processor = webhookProcessor(server.db);
});
afterAll(async () => {
  await processor?.stop();
  await server?.close();
});

const CONNECTIONS = '/api/whatsapp-connections';
const STATUS = `${CONNECTIONS}/status`;
const SEEDED_NAMES = SEEDED_CONTACTS.map((contact) => contact.name).sort();

async function customers(owner: Subscriber) {
  const answer = await owner.api.get<CustomersPage>('/api/customers');
  expect(answer.status).toBe(200);
  return answer.body.data.customers;
}

async function conversation(owner: Subscriber, customerId: string) {
  const answer = await owner.api.get<{ items: ConversationMessage[] }>(
    `/api/customers/${customerId}/conversation`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data.items;
}

/** The connection's history reached 100 % and every webhook the simulator owed was answered 200. */
async function historyShared(owner: Subscriber) {
  await waitFor(
    async () => {
      const status = await owner.api.get<WhatsappConnectionState>(STATUS);
      const { rows } = await server.db.query<{ owed: number }>(
        'SELECT count(*)::int AS owed FROM dev_whatsapp_deliveries WHERE delivered_at IS NULL',
      );
      return status.body.data.historyProgress === 100 && rows[0]!.owed === 0;
    },
    // The simulator holds the shared data a couple of seconds (onboarding-sync.ts); a busy machine adds to it.
    { what: 'the history shared and every webhook delivered', timeoutMs: 25_000 },
  );
  await allProcessed(server.db);
}

/** What the database holds of the company's history and its payloads, for a failed assertion to show. */
async function storedHistory(owner: Subscriber): Promise<string> {
  const { rows: messages } = await server.db.query(
    `SELECT m.customer_id, c.name, m.direction, m.origin, left(m.body, 40) AS body
       FROM conversation_messages m JOIN customers c ON c.id = m.customer_id
      WHERE m.company_id = $1 ORDER BY m.sent_at`,
    [owner.companyId],
  );
  const { rows: payloads } = await server.db.query(
    `SELECT left(body, 200) AS body, attempts, last_error, processed_at IS NOT NULL AS processed,
            failed_at IS NOT NULL AS failed
       FROM whatsapp_webhook_payloads ORDER BY received_at`,
  );
  return `messages: ${JSON.stringify(messages)}; payloads: ${JSON.stringify(payloads)}`;
}

async function connectCoexistence(owner: Subscriber, existing?: string) {
  const signup = await completeSignup(server.url, {
    mode: 'coexistence',
    businessName: 'Ateliê da Cecília',
    phone: '5541955550011',
    ...(existing && { existing }),
  });
  const answer = await owner.api.post<WhatsappConnectionState>(
    CONNECTIONS,
    connectBody(signup, 'coexistence'),
  );
  expect(answer.body.data).toMatchObject({ status: 'connected', mode: 'coexistence', historyProgress: 0 });
  return signup;
}

// Each connection waits out the simulator's delay before its data is shared: limits only catch a hang.
describe('coexistence onboarding through the real routes', { timeout: 60_000 }, () => {
  it('ends with the Business app’s contacts as customers and the history as their conversation', async () => {
    const owner = await newSubscriber(server);
    expect(await customers(owner)).toEqual([]);
    const signup = await connectCoexistence(owner);
    await historyShared(owner);

    const list = await customers(owner);
    expect(list.map((customer) => customer.name).sort()).toEqual(SEEDED_NAMES);

    const [first] = SEEDED_CONTACTS;
    const maria = list.find((customer) => customer.name === first.name)!;
    const items = await conversation(owner, maria.id);
    // Three phases, one chunk each, a message from each side: six, in time order whatever order
    // the chunks came in.
    expect(items, await storedHistory(owner)).toHaveLength(6);
    expect(items.every((item) => item.origin === 'history')).toBe(true);
    expect(items.filter((item) => item.direction === 'inbound').map((item) => item.body)).toEqual(
      expect.arrayContaining([
        'Histórico 1: olá, tudo bem?',
        'Histórico 2: olá, tudo bem?',
        'Histórico 3: olá, tudo bem?',
      ]),
    );
    expect(items.filter((item) => item.direction === 'outbound')).toHaveLength(3);
    const others = list.filter((customer) => customer.id !== maria.id);
    for (const customer of others) expect(await conversation(owner, customer.id)).toEqual([]);

    // Every body was signed with the app secret and accepted by the app (none refused as unsigned).
    const { rows } = await server.db.query<{ last_status: number; fields: string[] }>(
      `SELECT last_status, array(SELECT DISTINCT c->>'field'
                                   FROM jsonb_array_elements(body::jsonb->'entry') e,
                                        jsonb_array_elements(e->'changes') c) AS fields
         FROM dev_whatsapp_deliveries WHERE body LIKE $1`,
      [`%${signup.data.phone_number_id}%`],
    );
    expect(rows.every((row) => row.last_status === 200)).toBe(true);
    expect(rows.flatMap((row) => row.fields).sort()).toEqual([
      'history',
      'history',
      'history',
      'smb_app_state_sync',
    ]);
  });

  it('reconnecting the same number shares the same history again, kept once', async () => {
    const owner = await newSubscriber(server);
    const signup = await connectCoexistence(owner);
    await historyShared(owner);
    expect((await owner.api.delete<WhatsappConnectionState>(CONNECTIONS)).body.data.status).toBe(
      'disconnected',
    );

    await connectCoexistence(owner, signup.data.phone_number_id!);
    await historyShared(owner);
    const list = await customers(owner);
    expect(list.map((customer) => customer.name).sort()).toEqual(SEEDED_NAMES);
    const maria = list.find((customer) => customer.name === SEEDED_CONTACTS[0].name)!;
    expect(await conversation(owner, maria.id)).toHaveLength(6);
  });
});
