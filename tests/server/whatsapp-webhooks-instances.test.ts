import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RealtimeServerMessage, realtimeProtocol } from '../../contracts/realtime';
import type { Db } from '../../server/db/types';
import type { WebhookProcessor } from '../../server/modules/whatsapp-webhooks/webhook-processor';
import { openTestDb, type TestDb, waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber } from '../support/signed-in-api';
import {
  allProcessed,
  appSecret,
  connectWhatsapp,
  deliver,
  envelope,
  metaJson,
  textMessage,
  webhookProcessor,
} from '../support/whatsapp-webhooks';

/*
 * Several instances on one database (PGlite: two apps on one database object; DATABASE_URL: two
 * connection pools on one PostgreSQL schema), each with its worker, as `npm start` runs them.
 */
let testDb: TestDb;
let other: Db;
let first: TestServer;
let second: TestServer;
const processors: WebhookProcessor[] = [];

beforeAll(async () => {
  testDb = await openTestDb();
  other = await testDb.openAnother();
  first = await startTestServer({ db: testDb.db });
  second = await startTestServer({ db: other });
  processors.push(webhookProcessor(testDb.db), webhookProcessor(other));
});
afterAll(async () => {
  for (const processor of processors) await processor.stop();
  await first?.close();
  await second?.close();
  await testDb?.close();
});

it('processes a webhook received by one instance once, and tells a tab connected to the other', async () => {
  const owner = await newSubscriber(first);
  const connection = await connectWhatsapp(first.db, owner.companyId);
  const secret = await appSecret(first.db);

  const ws = new WebSocket(`${second.url.replace('http', 'ws')}/api/realtime`, [
    realtimeProtocol,
    owner.account.accessToken,
  ]);
  const events: RealtimeServerMessage[] = [];
  ws.on('message', (data) => events.push(JSON.parse(data.toString())));
  ws.on('error', () => {});
  await waitFor(() => events.some((event) => event.type === 'ready'), { what: 'the socket to be ready' });

  const body = metaJson(
    envelope(connection, [textMessage({ waId: '5511991234567', name: 'Júlia' }, 'Olá, tudo bem? 😊')]),
  );
  expect((await deliver(first.url, body, secret)).status).toBe(200);
  // Meta delivers at least once: the same payload again, to the other instance.
  expect((await deliver(second.url, body, secret)).status).toBe(200);

  const received = await waitFor(() => events.find((event) => event.type === 'message.received'), {
    what: 'message.received on the other instance',
  });
  await allProcessed(first.db);
  const { rows: messages } = await first.db.query<{ id: string; customer_id: string; body: string }>(
    'SELECT id, customer_id, body FROM conversation_messages WHERE company_id = $1',
    [owner.companyId],
  );
  expect(messages).toHaveLength(1);
  expect(messages[0]!.body).toBe('Olá, tudo bem? 😊');
  expect(received).toMatchObject({
    type: 'message.received',
    payload: {
      messageId: messages[0]!.id,
      customerId: messages[0]!.customer_id,
      preview: 'Olá, tudo bem? 😊',
    },
  });
  expect(events.filter((event) => event.type === 'customer.created')).toEqual([
    expect.objectContaining({ payload: { customerId: messages[0]!.customer_id } }),
  ]);

  // Each payload was processed once, by one of the processors.
  const { rows: payloads } = await first.db.query<{ attempts: number; processed: boolean }>(
    'SELECT attempts, processed_at IS NOT NULL AS processed FROM whatsapp_webhook_payloads',
  );
  expect(payloads).toEqual([
    { attempts: 1, processed: true },
    { attempts: 1, processed: true },
  ]);
  // Notifications arrive in commit order: once a later message's event is in, the duplicate's would
  // have been too. It announced nothing.
  const later = metaJson(envelope(connection, [textMessage({ waId: '5511991234567' }, 'depois')]));
  expect((await deliver(first.url, later, secret)).status).toBe(200);
  await waitFor(() => events.filter((event) => event.type === 'message.received').length === 2, {
    what: 'the later message',
  });
  expect(
    events.filter(
      (event) => event.type === 'message.received' && event.payload.messageId === messages[0]!.id,
    ),
  ).toHaveLength(1);
  ws.close();
});
