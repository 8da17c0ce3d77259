import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_PAYLOAD_BYTES } from '../../server/modules/whatsapp-webhooks/webhook-payloads';
import type { TestServer } from '../support/server';
import { newSubscriber } from '../support/signed-in-api';
import {
  allProcessed,
  connectWhatsapp,
  deliver,
  echoMessage,
  envelope,
  metaJson,
  seconds,
  startWebhookTestServer,
  statusChange,
  type TestConnection,
  textMessage,
  type WebhookTestServer,
  wamid,
} from '../support/whatsapp-webhooks';

let server: TestServer;
let hooks: WebhookTestServer;
let secret: string;

beforeAll(async () => {
  hooks = await startWebhookTestServer();
  ({ server, secret } = hooks);
});
afterAll(() => hooks?.close());

/** A subscriber's company with a live connection. */
async function connectedCompany(mode: 'cloud_api' | 'coexistence' = 'cloud_api'): Promise<TestConnection> {
  const { companyId } = await newSubscriber(server);
  return connectWhatsapp(server.db, companyId, { mode });
}

const receive = (value: unknown) => hooks.receive(value);

async function payloadCount(): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM whatsapp_webhook_payloads',
  );
  return rows[0]!.n;
}

async function customersOf(companyId: string) {
  const { rows } = await server.db.query<{
    id: string;
    name: string;
    phone: string | null;
    whatsapp_user_id: string | null;
    source: string | null;
    last_inbound_at: string | null;
    last_contact_at: string | null;
  }>(
    `SELECT id, name, phone, whatsapp_user_id, source, last_inbound_at, last_contact_at
       FROM customers WHERE company_id = $1 ORDER BY created_at, id`,
    [companyId],
  );
  return rows;
}

async function messagesOf(companyId: string) {
  const { rows } = await server.db.query<{
    wamid: string;
    customer_id: string;
    direction: string;
    origin: string;
    type: string;
    body: string | null;
    status: string | null;
    error_code: string | null;
  }>(
    `SELECT wamid, customer_id, direction, origin, type, body, status, error_code
       FROM conversation_messages WHERE company_id = $1 ORDER BY sent_at, wamid`,
    [companyId],
  );
  return rows;
}

describe('GET /webhooks/whatsapp (verification handshake)', () => {
  const handshake = (query: string) => fetch(`${server.url}/webhooks/whatsapp?${query}`);

  it('answers the challenge as plain text when the mode is subscribe and the token is ours', async () => {
    const { loadWhatsappSimulatorCredentials } = await import(
      '../../server/integrations/whatsapp/simulator/credentials'
    );
    const { verifyToken } = await loadWhatsappSimulatorCredentials(server.db);
    const response = await handshake(
      `hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${encodeURIComponent(verifyToken)}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('1158201444');

    const wrongMode = await handshake(
      `hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${encodeURIComponent(verifyToken)}`,
    );
    expect(wrongMode.status).toBe(403);
  });

  it('refuses a wrong or missing token with 403', async () => {
    expect((await handshake('hub.mode=subscribe&hub.challenge=1&hub.verify_token=guess')).status).toBe(403);
    expect((await handshake('hub.mode=subscribe&hub.challenge=1')).status).toBe(403);
  });
});

describe('POST /webhooks/whatsapp: the signature over the exact bytes', () => {
  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const connection = await connectedCompany();
    const body = metaJson(envelope(connection, [textMessage({ waId: '5511911112222' }, 'Oi')]));
    const before = await payloadCount();

    const missing = await deliver(server.url, body, secret, { signature: null });
    expect(missing.status).toBe(401);
    expect((await missing.json()).success).toBe(false);
    const wrongSecret = await deliver(server.url, body, 'not-the-app-secret');
    expect(wrongSecret.status).toBe(401);
    const malformed = await deliver(server.url, body, secret, { signature: 'sha256=zz' });
    expect(malformed.status).toBe(401);

    expect(await payloadCount()).toBe(before);
    expect(await customersOf(connection.companyId)).toEqual([]);
  });

  it('keeps non-ASCII text exactly; the same JSON re-serialised does not match the signature', async () => {
    const connection = await connectedCompany();
    const text = 'Olá! Vocês têm pão de queijo? Açaí também 😀🇧🇷';
    const value = envelope(connection, [
      textMessage({ waId: '5511922223333', name: 'João Conceição' }, text),
    ]);
    const metaBytes = metaJson(value);
    expect(metaBytes).not.toBe(JSON.stringify(value));

    // Signed over Meta's escaped bytes, delivered as plain UTF-8 JSON: the bytes differ, so 401.
    const { whatsappSignature } = await import('../../server/integrations/whatsapp/webhook-signature');
    const before = await payloadCount();
    const reserialised = await deliver(server.url, JSON.stringify(value), secret, {
      signature: whatsappSignature(metaBytes, secret),
    });
    expect(reserialised.status).toBe(401);
    expect(await payloadCount()).toBe(before);

    await receive(value);
    const { rows } = await server.db.query<{ body: string }>(
      'SELECT body FROM whatsapp_webhook_payloads ORDER BY received_at DESC LIMIT 1',
    );
    expect(rows[0]!.body).toBe(metaBytes);
    const [customer] = await customersOf(connection.companyId);
    expect(customer).toMatchObject({ name: 'João Conceição', phone: '5511922223333', source: 'whatsapp' });
    expect((await messagesOf(connection.companyId))[0]).toMatchObject({
      body: text,
      direction: 'inbound',
      origin: 'webhook',
    });
  });

  it('accepts a payload near 3 MB and refuses one over the limit', async () => {
    const connection = await connectedCompany();
    const change = textMessage({ waId: '5511933334444' }, 'grande');
    const padded = { ...envelope(connection, [change]), padding: 'x'.repeat(3 * 1024 * 1024 - 2048) };
    const body = metaJson(padded);
    expect(Buffer.byteLength(body)).toBeGreaterThan(3 * 1024 * 1024 - 4096);
    await receive(padded);
    expect(await messagesOf(connection.companyId)).toHaveLength(1);

    const before = await payloadCount();
    const tooLarge = await deliver(server.url, `${body}${' '.repeat(512 * 1024)}`, secret);
    expect(tooLarge.status).toBe(413);
    expect(await payloadCount()).toBe(before);
  });

  it('stores malformed JSON with a good signature, answers 200 and marks it processed', async () => {
    const before = await payloadCount();
    const response = await deliver(server.url, '{"object":"whatsapp_business_account","entry":[', secret);
    expect(response.status).toBe(200);
    const notAnEnvelope = await deliver(server.url, '{"entry":"nope"}', secret);
    expect(notAnEnvelope.status).toBe(200);
    await allProcessed(server.db);
    expect(await payloadCount()).toBe(before + 2);
    const { rows } = await server.db.query<{ processed: boolean; last_error: string | null }>(
      `SELECT processed_at IS NOT NULL AS processed, last_error FROM whatsapp_webhook_payloads
        ORDER BY received_at DESC LIMIT 2`,
    );
    expect(rows).toEqual([
      { processed: true, last_error: null },
      { processed: true, last_error: null },
    ]);
  });
});

describe('processing a payload', () => {
  it('keeps a message whose text holds an escaped NUL (the database cannot store one)', async () => {
    const connection = await connectedCompany();
    await receive(
      envelope(connection, [textMessage({ waId: '5511944440000', name: 'Nu\u0000l' }, 'a\u0000b')]),
    );
    expect((await messagesOf(connection.companyId)).map((m) => m.body)).toEqual(['a\uFFFDb']);
    expect((await customersOf(connection.companyId)).map((c) => c.name)).toEqual(['Nu\uFFFDl']);
  });

  it('stores a message delivered twice once, and is idempotent when a payload is processed again', async () => {
    const connection = await connectedCompany();
    const value = envelope(connection, [textMessage({ waId: '5511944445555', name: 'Ana' }, 'Duas vezes')]);
    await receive(value);
    await receive(value);
    expect(await messagesOf(connection.companyId)).toHaveLength(1);
    expect(await customersOf(connection.companyId)).toHaveLength(1);

    // Processed again (a processor that died before recording it) changes nothing.
    await server.db.query(
      `UPDATE whatsapp_webhook_payloads SET processed_at = NULL
        WHERE id = (SELECT id FROM whatsapp_webhook_payloads ORDER BY received_at DESC LIMIT 1)`,
    );
    await allProcessed(server.db);
    expect(await messagesOf(connection.companyId)).toHaveLength(1);
    expect(await customersOf(connection.companyId)).toHaveLength(1);
  });

  it('handles every entry, change and message of a batch', async () => {
    const connection = await connectedCompany();
    const other = await connectedCompany();
    const three = {
      field: 'messages',
      value: {
        contacts: [
          { profile: { name: 'Bia' }, wa_id: '5511950000001' },
          { profile: { name: 'Caio' }, wa_id: '5511950000002' },
        ],
        messages: [
          { from: '5511950000001', id: wamid(), timestamp: seconds(), type: 'text', text: { body: 'um' } },
          { from: '5511950000002', id: wamid(), timestamp: seconds(), type: 'text', text: { body: 'dois' } },
          { from: '5511950000001', id: wamid(), timestamp: seconds(), type: 'text', text: { body: 'três' } },
          { id: 'no-type-so-skipped' },
        ],
      },
    };
    const first = envelope(connection, [
      three,
      textMessage({ waId: '5511950000003', name: 'Duda' }, 'quatro'),
    ]);
    const second = envelope(other, [textMessage({ waId: '5511950000004' }, 'outra empresa')]);
    await receive({ ...first, entry: [...first.entry, ...second.entry] });

    const bodies = (await messagesOf(connection.companyId)).map((m) => m.body).sort();
    expect(bodies).toEqual(['dois', 'quatro', 'três', 'um']);
    expect((await customersOf(connection.companyId)).map((c) => c.name).sort()).toEqual([
      'Bia',
      'Caio',
      'Duda',
    ]);
    expect((await messagesOf(other.companyId)).map((m) => m.body)).toEqual(['outra empresa']);
  });

  it('recognises the ninth digit: 5511987654321 and 551187654321 are one customer', async () => {
    const connection = await connectedCompany();
    await receive(envelope(connection, [textMessage({ waId: '551187654321', name: 'Sem nono' }, 'a')]));
    await receive(envelope(connection, [textMessage({ waId: '5511987654321', name: 'Com nono' }, 'b')]));
    const customers = await customersOf(connection.companyId);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ phone: '5511987654321', name: 'Sem nono' });
    expect(await messagesOf(connection.companyId)).toHaveLength(2);
  });

  it('keys a contact with a business-scoped user id and no phone', async () => {
    const connection = await connectedCompany();
    await receive(
      envelope(connection, [textMessage({ userId: 'BR.15012345678', name: 'Sem número' }, 'oi')]),
    );
    await receive(
      envelope(connection, [textMessage({ userId: 'BR.15012345678', name: 'Sem número' }, 'oi de novo')]),
    );
    const customers = await customersOf(connection.companyId);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      phone: null,
      whatsapp_user_id: 'BR.15012345678',
      name: 'Sem número',
    });
    // Later the phone comes with the same user id: the same customer learns it.
    await receive(
      envelope(connection, [textMessage({ userId: 'BR.15012345678', waId: '5511960000001' }, 'agora')]),
    );
    const after = await customersOf(connection.companyId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ phone: '5511960000001', whatsapp_user_id: 'BR.15012345678' });
    expect(await messagesOf(connection.companyId)).toHaveLength(3);
  });

  it('drops a blocked sender before storing anything about them (ninth digit aware)', async () => {
    const connection = await connectedCompany();
    await server.db.query(
      `INSERT INTO whatsapp_blocklist (company_id, name, phone) VALUES ($1, 'Spam', '5511987650000')`,
      [connection.companyId],
    );
    await receive(envelope(connection, [textMessage({ waId: '551187650000', name: 'Spam' }, 'compre já')]));
    await receive(envelope(connection, [echoMessage(connection, '5511987650000', 'não')]));
    expect(await customersOf(connection.companyId)).toEqual([]);
    expect(await messagesOf(connection.companyId)).toEqual([]);
  });

  it("ignores another company's number and an unknown one", async () => {
    const mine = await connectedCompany();
    const theirs = await connectedCompany();
    await receive(envelope(theirs, [textMessage({ waId: '5511970000001', name: 'Deles' }, 'para a outra')]));
    expect(await customersOf(mine.companyId)).toEqual([]);
    expect(await customersOf(theirs.companyId)).toHaveLength(1);

    const unknown = { ...mine, phoneNumberId: '999999999999999' };
    const before = await payloadCount();
    await receive(envelope(unknown, [textMessage({ waId: '5511970000002' }, 'ninguém')]));
    expect(await payloadCount()).toBe(before + 1);
    expect(await customersOf(mine.companyId)).toEqual([]);

    // A disconnected number is no longer anyone's.
    await server.db.query(`UPDATE whatsapp_connections SET status = 'disconnected' WHERE id = $1`, [
      theirs.id,
    ]);
    await receive(envelope(theirs, [textMessage({ waId: '5511970000003' }, 'depois')]));
    expect(await messagesOf(theirs.companyId)).toHaveLength(1);
  });

  it('moves statuses forward only, whatever order they come in, and applies one that came before its message', async () => {
    const connection = await connectedCompany('coexistence');
    const customer = '5511980000001';
    const sent = wamid();
    const early = wamid();
    const echo = (id: string, body: string) => echoMessage(connection, customer, body, id);
    await receive(envelope(connection, [echo(sent, 'Seu pedido saiu')]));
    await receive(envelope(connection, [statusChange(sent, 'read', customer)]));
    await receive(
      envelope(connection, [statusChange(sent, 'delivered', customer), statusChange(sent, 'read', customer)]),
    );
    // The status of a message not stored yet waits for it.
    await receive(envelope(connection, [statusChange(early, 'delivered', customer)]));
    await receive(envelope(connection, [echo(early, 'Chegou antes o status')]));

    const messages = await messagesOf(connection.companyId);
    expect(messages.find((m) => m.wamid === sent)).toMatchObject({
      status: 'read',
      direction: 'outbound',
      origin: 'echo',
    });
    expect(messages.find((m) => m.wamid === early)).toMatchObject({ status: 'delivered' });
    const { rows } = await server.db.query(
      'SELECT 1 FROM conversation_pending_statuses WHERE company_id = $1',
      [connection.companyId],
    );
    expect(rows).toEqual([]);

    // failed ends it: nothing moves it afterwards.
    await receive(
      envelope(connection, [
        statusChange(early, 'failed', customer, new Date(), [
          { code: 131047, title: 'Re-engagement message' },
        ]),
      ]),
    );
    await receive(envelope(connection, [statusChange(early, 'read', customer)]));
    expect((await messagesOf(connection.companyId)).find((m) => m.wamid === early)).toMatchObject({
      status: 'failed',
      error_code: '131047',
    });
  });

  it('stores echoes as outbound without touching the last inbound time', async () => {
    const connection = await connectedCompany('coexistence');
    const inboundAt = new Date(Date.now() - 3_600_000);
    await receive(
      envelope(connection, [textMessage({ waId: '5511981000001', name: 'Eva' }, 'Oi', wamid(), inboundAt)]),
    );
    await receive(envelope(connection, [echoMessage(connection, '5511981000001', 'Respondi do celular')]));
    const [customer] = await customersOf(connection.companyId);
    expect(customer!.last_inbound_at).toBe(
      new Date(Math.floor(inboundAt.getTime() / 1000) * 1000).toISOString(),
    );
    expect(Date.parse(customer!.last_contact_at!)).toBeGreaterThan(Date.parse(customer!.last_inbound_at!));
    const messages = await messagesOf(connection.companyId);
    expect(messages.map((m) => [m.direction, m.origin, m.body])).toEqual([
      ['inbound', 'webhook', 'Oi'],
      ['outbound', 'echo', 'Respondi do celular'],
    ]);
  });

  it('takes history chunks in any order: every message once, the progress only forward', async () => {
    const connection = await connectedCompany('coexistence');
    const customer = '5511982000001';
    const day = (n: number) => new Date(Date.now() - n * 86_400_000);
    const thread = (ids: string[], from: string[], offset: number) => ({
      id: customer,
      messages: ids.map((id, i) => ({
        from: from[i],
        id,
        timestamp: seconds(day(10 - offset - i)),
        type: 'text',
        text: { body: `histórico ${offset + i}` },
        history_context: { status: 'READ' },
      })),
    });
    const ids = [wamid(), wamid(), wamid(), wamid()];
    const chunk = (order: number, progress: number, part: string[], from: string[], offset: number) => ({
      field: 'history',
      value: {
        history: [
          { metadata: { phase: 1, chunk_order: order, progress }, threads: [thread(part, from, offset)] },
        ],
      },
    });
    const last = chunk(2, 100, ids.slice(2), [connection.businessPhone, customer], 2);
    const first = chunk(1, 50, ids.slice(0, 2), [customer, connection.businessPhone], 0);
    await receive(envelope(connection, [last]));
    await receive(envelope(connection, [first]));
    await receive(envelope(connection, [first]));

    const messages = await messagesOf(connection.companyId);
    expect(messages.map((m) => [m.body, m.direction, m.origin, m.status])).toEqual([
      ['histórico 0', 'inbound', 'history', null],
      ['histórico 1', 'outbound', 'history', 'read'],
      ['histórico 2', 'outbound', 'history', 'read'],
      ['histórico 3', 'inbound', 'history', null],
    ]);
    expect(await customersOf(connection.companyId)).toHaveLength(1);
    const { rows } = await server.db.query<{ history_progress: number }>(
      'SELECT history_progress FROM whatsapp_connections WHERE id = $1',
      [connection.id],
    );
    expect(rows[0]!.history_progress).toBe(100);
  });

  it('records a declined history share (2593109)', async () => {
    const connection = await connectedCompany('coexistence');
    await receive(
      envelope(connection, [
        {
          field: 'history',
          value: { history: [{ errors: [{ code: 2593109, title: 'History sharing declined' }] }] },
        },
      ]),
    );
    const { rows } = await server.db.query<{ history_sync_declined_at: string | null }>(
      'SELECT history_sync_declined_at FROM whatsapp_connections WHERE id = $1',
      [connection.id],
    );
    expect(rows[0]!.history_sync_declined_at).not.toBeNull();
  });

  it("syncs the Business app's contacts: added ones become customers, removed ones stay", async () => {
    const connection = await connectedCompany('coexistence');
    await receive(envelope(connection, [textMessage({ waId: '5511983000001', name: 'perfil' }, 'oi')]));
    const sync = (action: string, name: string, phone: string) => ({
      type: 'contact',
      action,
      contact: { full_name: name, first_name: name.split(' ')[0], phone_number: phone },
      metadata: { timestamp: seconds() },
    });
    await receive(
      envelope(connection, [
        {
          field: 'smb_app_state_sync',
          value: {
            state_sync: [
              sync('add', 'Fábio Araújo', '+55 11 98300-0001'),
              sync('add', 'Gêmeos Ltda', '551183000002'),
              sync('remove', 'Gêmeos Ltda', '551183000002'),
            ],
          },
        },
      ]),
    );
    const customers = await customersOf(connection.companyId);
    expect(customers.map((c) => [c.name, c.phone])).toEqual([
      ['Fábio Araújo', '5511983000001'],
      ['Gêmeos Ltda', '5511983000002'],
    ]);
  });

  it('marks the connection offboarded on ACCOUNT_OFFBOARDED', async () => {
    const connection = await connectedCompany();
    await receive({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: connection.wabaId,
          changes: [
            {
              field: 'account_update',
              value: { phone_number: connection.businessPhone, event: 'ACCOUNT_OFFBOARDED' },
            },
          ],
        },
      ],
    });
    const { rows } = await server.db.query<{ status: string }>(
      'SELECT status FROM whatsapp_connections WHERE id = $1',
      [connection.id],
    );
    expect(rows[0]!.status).toBe('offboarded');
  });
});

describe('the processor', () => {
  it('keeps a message for a number being connected until the connection is stored', async () => {
    const { companyId } = await newSubscriber(server);
    // Meta writes as soon as the app is subscribed; the connection is stored after Meta's calls.
    const future = {
      id: '',
      companyId,
      phoneNumberId: '109999000111222',
      wabaId: '209999000111222',
      businessPhone: '5511977776666',
    };
    const response = await deliver(
      server.url,
      metaJson(envelope(future, [textMessage({ waId: '5511963330000', name: 'Rápida' }, 'Cheguei antes')])),
      secret,
    );
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await server.db.query(
      `INSERT INTO whatsapp_connections (company_id, mode, status, waba_id, phone_number_id, display_phone_number, connected_at)
       VALUES ($1, 'cloud_api', 'connected', $2, $3, $4, now())`,
      [companyId, future.wabaId, future.phoneNumberId, future.businessPhone],
    );
    await allProcessed(server.db);
    expect((await messagesOf(companyId)).map((m) => m.body)).toEqual(['Cheguei antes']);
  });

  it('stores and processes many deliveries at once: each message once, customers not duplicated', async () => {
    const connection = await connectedCompany();
    const deliveries = Array.from({ length: 40 }, (_, i) =>
      metaJson(
        envelope(connection, [
          textMessage(
            { waId: `5511962000${String(i % 10).padStart(3, '0')}`, name: `Pessoa ${i % 10}` },
            `msg ${i}`,
          ),
        ]),
      ),
    );
    // Every fifth delivered twice, all at the same time.
    const responses = await Promise.all(
      [...deliveries, ...deliveries.filter((_, i) => i % 5 === 0)].map((body) =>
        deliver(server.url, body, secret),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    await allProcessed(server.db);
    expect(await messagesOf(connection.companyId)).toHaveLength(40);
    const customers = await customersOf(connection.companyId);
    expect(customers).toHaveLength(10);
    expect(customers.every((c) => c.last_inbound_at !== null && c.source === 'whatsapp')).toBe(true);
  });

  it('processes a large payload (over 64 KB) item by item: every message of it', async () => {
    const connection = await connectedCompany();
    const long = 'ç'.repeat(400);
    const changes = Array.from({ length: 120 }, (_, i) =>
      textMessage({ waId: `55119600${String(i).padStart(5, '0')}`, name: `Cliente ${i}` }, `${i} ${long}`),
    );
    const body = metaJson(envelope(connection, changes));
    expect(Buffer.byteLength(body)).toBeGreaterThan(LARGE_PAYLOAD_BYTES);
    await receive(envelope(connection, changes));
    expect(await messagesOf(connection.companyId)).toHaveLength(120);
    expect(await customersOf(connection.companyId)).toHaveLength(120);
  });

  it('retries a failing payload alone, keeps the rest of its batch, and gives up after its attempts', async () => {
    const connection = await connectedCompany();
    // Hold processing so that the deliveries below are taken as one batch.
    await hooks.pause();
    // A failure the database raises for one message (as an operator's constraint would).
    await server.db.query(`
      CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.body = 'veneno' THEN RAISE EXCEPTION 'mensagem recusada'; END IF;
        RETURN NEW;
      END $$`);
    await server.db.query(
      'CREATE TRIGGER refuse_poison BEFORE INSERT ON conversation_messages FOR EACH ROW EXECUTE FUNCTION refuse_poison()',
    );
    try {
      const bodies = ['um', 'dois', 'veneno', 'três', 'quatro'];
      for (const [i, text] of bodies.entries()) {
        const response = await deliver(
          server.url,
          metaJson(envelope(connection, [textMessage({ waId: `551196100000${i}` }, text)])),
          secret,
        );
        expect(response.status).toBe(200);
      }
      hooks.resume();
      await allProcessed(server.db, { givenUp: 'expected' });
      expect((await messagesOf(connection.companyId)).map((m) => m.body).sort()).toEqual([
        'dois',
        'quatro',
        'três',
        'um',
      ]);
      const { rows } = await server.db.query<{ attempts: number; failed: boolean; last_error: string }>(
        `SELECT attempts, failed_at IS NOT NULL AS failed, last_error FROM whatsapp_webhook_payloads
          WHERE processed_at IS NULL`,
      );
      expect(rows).toEqual([
        { attempts: 3, failed: true, last_error: expect.stringContaining('mensagem recusada') },
      ]);
    } finally {
      await server.db.query('DROP TRIGGER refuse_poison ON conversation_messages');
      await server.db.query('DROP FUNCTION refuse_poison()');
    }
    // Once the cause is fixed, an operator puts it back in line and it goes through.
    await server.db.query(
      'UPDATE whatsapp_webhook_payloads SET failed_at = NULL, attempts = 0 WHERE processed_at IS NULL',
    );
    await allProcessed(server.db);
    expect(await messagesOf(connection.companyId)).toHaveLength(5);
  });
});
