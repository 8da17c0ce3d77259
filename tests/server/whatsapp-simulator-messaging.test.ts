import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookEmitter } from '../../server/integrations/whatsapp/simulator/webhook-emitter';
import { openTestDb, type TestDb, waitFor } from '../support/db';
import {
  control,
  expectedSignature,
  graphSend,
  type Json,
  type SimulatedNumber,
  type StandaloneWhatsappSimulator,
  startWebhookReceiver,
  startWhatsappSimulator,
  statusesReceived,
  TEST_APP_SECRET,
  type WebhookReceiver,
} from '../support/whatsapp-simulator';

/**
 * The local Cloud API's messaging half over real HTTP on a real database: POST /messages with
 * Meta's rules, media, and the webhooks it signs and retries, faults included, received by a tiny
 * local receiver (not the app's), which checks the signature over the raw bytes.
 */

let testDb: TestDb;
let receiver: WebhookReceiver;
let sim: StandaloneWhatsappSimulator;

beforeAll(async () => {
  testDb = await openTestDb();
  receiver = await startWebhookReceiver();
  sim = await startWhatsappSimulator(testDb.db, {
    webhookUrl: receiver.url,
    limits: { perSecond: 8, coexistencePerSecond: 4, pairBurst: 3, pairIntervalSeconds: 6 },
  });
});

afterAll(async () => {
  await sim?.close();
  await receiver?.close();
  await testDb?.close();
});

type Number = SimulatedNumber;

const newNumber = (input: { coexistence?: boolean; subscribed?: boolean } = {}) =>
  control<Number>(sim.url, 'numbers', input);

const send = (number: Number, body: Record<string, unknown>, token = number.token) =>
  graphSend(sim.graph, number, body, token);

const text = (to: string, body = 'Olá!') => ({ to, type: 'text', text: { body } });

/** The webhooks received for one number so far. */
const webhooksOf = (number: Number) =>
  receiver.received.filter((hook) => hook.body.entry.some((entry) => entry.id === number.wabaId));

const statusesOf = (number: Number, wamid: string) => statusesReceived(receiver, number, wamid);

async function customerWrites(number: Number, from: string, body: Record<string, unknown> = {}) {
  return control<{ wamids: string[] }>(sim.url, 'customer-message', {
    phoneNumberId: number.phoneNumberId,
    from,
    name: 'Maria Souza',
    text: 'Oi, quanto custa o bolo?',
    ...body,
  });
}

describe('POST /{phone_number_id}/messages', () => {
  it('refuses a bad, revoked or missing token with 401 and code 190, in Meta’s shape', async () => {
    const number = await newNumber();
    for (const token of ['EAAnope', '']) {
      const { status, json } = await send(number, text('5511987650001'), token);
      expect(status).toBe(401);
      expect(json.error).toMatchObject({ code: 190, type: 'OAuthException' });
      expect(typeof json.error.message).toBe('string');
      expect(typeof json.error.fbtrace_id).toBe('string');
    }
    await testDb.db.query('UPDATE dev_whatsapp_tokens SET revoked_at = now() WHERE token = $1', [
      number.token,
    ]);
    expect((await send(number, text('5511987650001'))).json.error.code).toBe(190);
  });

  it('refuses another account’s number (code 100) and a malformed message (code 100)', async () => {
    const mine = await newNumber();
    const other = await newNumber();
    const foreign = await send(other, text('5511987650001'), mine.token);
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.code).toBe(100);
    const empty = await send(mine, { to: '5511987650001', type: 'text', text: { body: '' } });
    expect(empty.status).toBe(400);
    expect(empty.json.error).toMatchObject({ code: 100 });
    expect(empty.json.error.error_data.details).toContain("text['body']");
  });

  it('answers the wamid, then sent and delivered by webhook inside the 24-hour window', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987650002');
    const { status, json } = await send(number, text('5511987650002', 'Custa R$ 50,00'));
    expect(status).toBe(200);
    expect(json).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '5511987650002', wa_id: '5511987650002' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    const wamid = json.messages[0].id;
    const statuses = await waitFor(() => {
      const found = statusesOf(number, wamid);
      return found.length >= 2 ? found : null;
    });
    expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(statuses[0]).toMatchObject({
      recipient_id: '5511987650002',
      timestamp: expect.stringMatching(/^[0-9]+$/),
      conversation: { origin: { type: 'service' } },
      pricing: { category: 'service' },
    });
  });

  it('accepts free text outside the window, then fails it by webhook with 131047; a template goes', async () => {
    const number = await newNumber();
    const never = await send(number, text('5511987650003'));
    expect(never.status).toBe(200);
    const failed = await waitFor(() => statusesOf(number, never.json.messages[0].id)[0]);
    expect(failed).toMatchObject({ status: 'failed', errors: [{ code: 131047 }] });

    await customerWrites(number, '5511987650004');
    sim.advance(25 * 60 * 60 * 1000);
    const late = await send(number, text('5511987650004'));
    expect(late.status).toBe(200);
    const lateStatus = await waitFor(() => statusesOf(number, late.json.messages[0].id)[0]);
    expect(lateStatus).toMatchObject({ status: 'failed', errors: [{ code: 131047 }] });

    const template = await send(number, {
      to: '5511987650004',
      type: 'template',
      template: {
        name: 'lembrete_retorno',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maria' }] }],
      },
    });
    expect(template.status).toBe(200);
    const sent = await waitFor(() => statusesOf(number, template.json.messages[0].id)[0]);
    expect(sent.status).toBe('sent');
  });

  it('dates a message written earlier (sentSecondsAgo) in Meta’s timestamp: its window ends 24 hours after it', async () => {
    const number = await newNumber();
    const now = Math.floor(Date.now() / 1000);
    const { wamids } = await customerWrites(number, '5511987650005', { sentSecondsAgo: 86_400 - 60 });
    const hook = await waitFor(() =>
      webhooksOf(number)
        .flatMap((h) =>
          h.body.entry.flatMap((e: Json) => e.changes.flatMap((c: Json) => c.value.messages ?? [])),
        )
        .find((m: Json) => m.id === wamids[0]),
    );
    // Sent 23h59 ago by its timestamp (the simulator's clock may run ahead of this one, never behind).
    expect(Number(hook.timestamp)).toBeGreaterThanOrEqual(now - 86_400 + 60);
    sim.advance(2 * 60 * 1000);
    const late = await send(number, text('5511987650005'));
    const lateStatus = await waitFor(() => statusesOf(number, late.json.messages[0].id)[0]);
    expect(lateStatus).toMatchObject({ status: 'failed', errors: [{ code: 131047 }] });
  });

  it('refuses more than the number’s rate per second with 130429 (lower for coexistence)', async () => {
    for (const [coexistence, limit] of [
      [false, 8],
      [true, 4],
    ] as const) {
      const number = await newNumber({ coexistence, subscribed: false });
      for (let i = 0; i < limit; i++) {
        expect((await send(number, text(`55119876510${String(i).padStart(2, '0')}`))).status).toBe(200);
      }
      const over = await send(number, text('5511987651099'));
      expect(over.status).toBe(400);
      expect(over.json.error).toMatchObject({ code: 130429 });
      sim.advance(1001);
      expect((await send(number, text('5511987651099'))).status).toBe(200);
    }
  });

  it('refuses a burst to one person beyond the pair limit with 131056, until time passes', async () => {
    const number = await newNumber({ subscribed: false });
    for (let i = 0; i < 3; i++) expect((await send(number, text('5511987652000'))).status).toBe(200);
    const over = await send(number, text('5511987652000'));
    expect(over.status).toBe(400);
    expect(over.json.error).toMatchObject({ code: 131056 });
    // The same person with the other form of the number is the same pair.
    expect((await send(number, text('551187652000'))).json.error.code).toBe(131056);
    expect((await send(number, text('5511987652001'))).status).toBe(200);
    sim.advance(18_001);
    expect((await send(number, text('5511987652000'))).status).toBe(200);
  });

  it('accepts a send to a number without WhatsApp, then fails it with 131026', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987653000');
    await control(sim.url, 'unreachable', { phone: '5511987653000', unreachable: true });
    const { status, json } = await send(number, text('5511987653000'));
    expect(status).toBe(200);
    const failed = await waitFor(() => statusesOf(number, json.messages[0].id)[0]);
    expect(failed).toMatchObject({ status: 'failed', errors: [{ code: 131026 }] });
    await control(sim.url, 'unreachable', { phone: '5511987653000', unreachable: false });
  });

  it('answers the canonical wa_id when the number differs by the ninth digit', async () => {
    const number = await newNumber();
    // An older account, known to WhatsApp without the ninth digit, writes first.
    await customerWrites(number, '551187654000');
    const known = await send(number, text('5511987654000'));
    expect(known.json.contacts).toEqual([{ input: '5511987654000', wa_id: '551187654000' }]);
    // Someone never seen, written without the ninth digit: WhatsApp knows the modern form.
    const fresh = await send(number, text('551187655000'));
    expect(fresh.json.contacts).toEqual([{ input: '551187655000', wa_id: '5511987655000' }]);
  });
});

describe('media', () => {
  it('GET /{media_id} describes it and its url answers the bytes with the token', async () => {
    const number = await newNumber();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
    const media = await control(sim.url, 'media', {
      phoneNumberId: number.phoneNumberId,
      mimeType: 'image/png',
      dataBase64: bytes.toString('base64'),
    });
    const auth = { authorization: `Bearer ${number.token}` };
    const described = await fetch(`${sim.graph}/${media.id}`, { headers: auth });
    expect(described.status).toBe(200);
    const info = (await described.json()) as Json;
    expect(info).toEqual({
      messaging_product: 'whatsapp',
      url: expect.stringContaining(`/dev/whatsapp/media/${media.id}`),
      mime_type: 'image/png',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file_size: bytes.length,
      id: media.id,
    });
    const download = await fetch(info.url, { headers: auth });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect((await fetch(info.url)).status).toBe(401);
    // A phone number id answers the number's details, as Meta does.
    const details = await fetch(`${sim.graph}/${number.phoneNumberId}`, { headers: auth });
    expect(await details.json()).toMatchObject({
      id: number.phoneNumberId,
      display_phone_number: number.displayPhoneNumber,
    });
    expect((await fetch(`${sim.graph}/${media.id}`, { headers: { authorization: 'Bearer x' } })).status).toBe(
      401,
    );

    // The customer sends it as a photo: an image message carrying the media id.
    const { wamids } = await customerWrites(number, '5511987656000', {
      text: undefined,
      image: { mediaId: media.id, caption: 'Esse aqui' },
    });
    const hook = await waitFor(() =>
      webhooksOf(number).find((one) => one.body.entry[0]!.changes[0]!.value.messages?.[0]?.id === wamids[0]),
    );
    expect(hook.body.entry[0]!.changes[0]!.value.messages[0]).toMatchObject({
      type: 'image',
      image: { id: media.id, mime_type: 'image/png', sha256: info.sha256, caption: 'Esse aqui' },
    });
  });
});

describe('the webhook emitter', () => {
  it('signs the exact bytes it sends, with non-ASCII escaped as Meta does', async () => {
    const number = await newNumber();
    const body = 'Olá, a promoção do pão de açúcar 🎉 https://x.test/a';
    const { wamids } = await customerWrites(number, '5511987657000', { text: body, name: 'João Ânderson' });
    const hook = await waitFor(() => webhooksOf(number)[0]);
    const raw = hook.raw.toString('utf8');
    expect(hook.signature).toBe(expectedSignature(hook.raw));
    expect([...raw].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
    expect(raw).toContain('Ol\\u00e1');
    expect(raw).toContain('\\ud83c\\udf89');
    expect(raw).toContain('https:\\/\\/x.test');
    // Re-serialised, the body no longer matches its signature.
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(`sha256=${createHmac('sha256', TEST_APP_SECRET).update(reserialised).digest('hex')}`).not.toBe(
      hook.signature,
    );
    expect(hook.body).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: number.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: number.displayPhoneNumber.replace(/[^0-9]/g, ''),
                  phone_number_id: number.phoneNumberId,
                },
                contacts: [{ profile: { name: 'João Ânderson' }, wa_id: '5511987657000' }],
                messages: [
                  {
                    from: '5511987657000',
                    id: wamids[0],
                    timestamp: expect.stringMatching(/^[0-9]+$/),
                    type: 'text',
                    text: { body },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it('retries a body the app does not answer 200 until it does, the same bytes each time', async () => {
    const number = await newNumber();
    receiver.answerNext('5511987658000', 500, 503);
    const { wamids } = await customerWrites(number, '5511987658000');
    const hooks = await waitFor(() => {
      const found = webhooksOf(number);
      return found.length >= 3 ? found : null;
    });
    expect(hooks).toHaveLength(3);
    expect(new Set(hooks.map((hook) => hook.raw.toString()))).toHaveProperty('size', 1);
    expect(hooks[0]!.body.entry[0]!.changes[0]!.value.messages[0].id).toBe(wamids[0]);
    // The emitter records the answer after the receiver has seen the body, so the third arrival
    // can be observed before its 200 is written down: wait for the row to settle.
    const row = await waitFor(
      async () => {
        const { deliveries } = await control(sim.url, 'deliveries?limit=200');
        const found = deliveries.find((delivery: Json) => delivery.body === hooks[0]!.raw.toString());
        return found?.deliveredAt ? found : null;
      },
      { what: 'the delivery marked delivered' },
    );
    expect(row).toMatchObject({ attempts: 3, lastStatus: 200, deliveredAt: expect.any(String) });
  });
});

describe('faults', () => {
  it('duplicates: the same body twice', async () => {
    const number = await newNumber();
    const { wamids } = await customerWrites(number, '5511987659000', { faults: { duplicate: true } });
    const hooks = await waitFor(() => (webhooksOf(number).length === 2 ? webhooksOf(number) : null));
    expect(hooks[0]!.raw.equals(hooks[1]!.raw)).toBe(true);
    expect(hooks[0]!.body.entry[0]!.changes[0]!.value.messages[0].id).toBe(wamids[0]);
  });

  it('batches: several messages, changes or entries in one POST', async () => {
    const shapes = {
      messages: (hook: Json) => hook.body.entry[0].changes[0].value.messages.length,
      changes: (hook: Json) => hook.body.entry[0].changes.length,
      entries: (hook: Json) => hook.body.entry.length,
    };
    for (const [batch, count] of Object.entries(shapes)) {
      const number = await newNumber();
      const { wamids } = await customerWrites(number, '5511987659100', { count: 3, faults: { batch } });
      const [hook] = await waitFor(() => (webhooksOf(number).length >= 1 ? webhooksOf(number) : null));
      expect(count(hook), batch).toBe(3);
      const ids = hook!.body.entry.flatMap((entry) =>
        entry.changes.flatMap((change) => change.value.messages.map((m: Json) => m.id)),
      );
      expect(ids).toEqual(wamids);
      expect(webhooksOf(number)).toHaveLength(1);
    }
  });

  it('reordered statuses: read before delivered, and a read page action', async () => {
    const number = await newNumber();
    await customerWrites(number, '5511987659200');
    const { json } = await send(number, text('5511987659200'));
    const wamid = json.messages[0].id;
    await waitFor(() => statusesOf(number, wamid).length >= 2);
    await control(sim.url, 'statuses', {
      phoneNumberId: number.phoneNumberId,
      wamid,
      sequence: ['read', 'delivered'],
    });
    await waitFor(() => statusesOf(number, wamid).length >= 4);
    expect(statusesOf(number, wamid).map((s) => s.status)).toEqual([
      'sent',
      'delivered',
      'read',
      'delivered',
    ]);
    // The simulator's own record only moves forward.
    const { messages } = await control(
      sim.url,
      `conversation?phoneNumberId=${number.phoneNumberId}&customer=5511987659200`,
    );
    expect(messages.find((m: Json) => m.wamid === wamid).status).toBe('read');

    const second = await send(number, text('5511987659200', 'Mais uma'));
    await waitFor(() => statusesOf(number, second.json.messages[0].id).length >= 2);
    const read = await control(sim.url, 'read', {
      phoneNumberId: number.phoneNumberId,
      customer: '5511987659200',
    });
    expect(read.wamids).toEqual([second.json.messages[0].id]);
    await waitFor(() => statusesOf(number, second.json.messages[0].id).some((s) => s.status === 'read'));
  });

  it('echoes: what the owner sent from the phone app (coexistence only)', async () => {
    const plain = await newNumber();
    await expect(
      control(sim.url, 'echo', { phoneNumberId: plain.phoneNumberId, to: '5511987659300', text: 'Oi' }),
    ).rejects.toThrow(/400/);
    const number = await newNumber({ coexistence: true });
    const { wamid } = await control(sim.url, 'echo', {
      phoneNumberId: number.phoneNumberId,
      to: '5511987659300',
      text: 'Já separei seu pedido',
    });
    const hook = await waitFor(() => webhooksOf(number)[0]);
    const change = hook.body.entry[0]!.changes[0]!;
    expect(change.field).toBe('smb_message_echoes');
    expect(change.value.message_echoes).toEqual([
      {
        from: number.displayPhoneNumber.replace(/[^0-9]/g, ''),
        to: '5511987659300',
        id: wamid,
        timestamp: expect.stringMatching(/^[0-9]+$/),
        type: 'text',
        text: { body: 'Já separei seu pedido' },
      },
    ]);
  });

  it('history: chunks of three phases, out of order, progress up to 100; or declined (2593109)', async () => {
    const number = await newNumber({ coexistence: true });
    const { chunks } = await control(sim.url, 'history', {
      phoneNumberId: number.phoneNumberId,
      customer: '5511987659400',
      chunksPerPhase: 2,
      outOfOrder: true,
    });
    expect(chunks).toBe(6);
    const hooks = await waitFor(() => (webhooksOf(number).length >= 6 ? webhooksOf(number) : null));
    const metas = hooks.map((hook) => {
      const change = hook.body.entry[0]!.changes[0]!;
      expect(change.field).toBe('history');
      const [history] = change.value.history;
      expect(history.threads[0].id).toBe('5511987659400');
      expect(history.threads[0].messages[0]).toMatchObject({ history_context: { status: 'READ' } });
      return history.metadata;
    });
    expect(metas.map((m) => m.progress)).toEqual([100, 83, 67, 50, 33, 17]);
    expect(metas.map((m) => m.phase)).toEqual([2, 2, 1, 1, 0, 0]);
    expect(metas.map((m) => m.chunk_order)).toEqual([2, 1, 2, 1, 2, 1]);

    await control(sim.url, 'history', {
      phoneNumberId: number.phoneNumberId,
      customer: '5511987659400',
      declined: true,
    });
    const declined = await waitFor(() => webhooksOf(number)[6]);
    expect(declined.body.entry[0]!.changes[0]!.value.history[0].errors[0].code).toBe(2593109);
  });

  it('contact sync and ACCOUNT_OFFBOARDED', async () => {
    const number = await newNumber({ coexistence: true });
    await control(sim.url, 'contacts', {
      phoneNumberId: number.phoneNumberId,
      contacts: [
        { name: 'Maria Souza', phone: '5511987659500' },
        { name: 'José', phone: '5511987659501', action: 'remove' },
      ],
    });
    const sync = await waitFor(() => webhooksOf(number)[0]);
    expect(sync.body.entry[0]!.changes[0]).toEqual({
      field: 'smb_app_state_sync',
      value: expect.objectContaining({
        state_sync: [
          {
            type: 'contact',
            contact: { full_name: 'Maria Souza', first_name: 'Maria', phone_number: '5511987659500' },
            action: 'add',
            metadata: { timestamp: expect.stringMatching(/^[0-9]+$/) },
          },
          {
            type: 'contact',
            contact: { full_name: 'José', first_name: 'José', phone_number: '5511987659501' },
            action: 'remove',
            metadata: { timestamp: expect.stringMatching(/^[0-9]+$/) },
          },
        ],
      }),
    });
    await control(sim.url, 'offboard', { phoneNumberId: number.phoneNumberId });
    const offboarded = await waitFor(() => webhooksOf(number)[1]);
    expect(offboarded.body.entry[0]).toMatchObject({
      id: number.wabaId,
      changes: [{ field: 'account_update', value: { event: 'ACCOUNT_OFFBOARDED' } }],
    });
  });

  it('sends nothing for a number the app has not subscribed to', async () => {
    const number = await newNumber({ subscribed: false });
    await expect(customerWrites(number, '5511987659600')).rejects.toThrow(/400/);
  });
});

describe('several instances', () => {
  it('two emitters on one database send each queued body once', async () => {
    const [a, b] = [0, 1].map(() =>
      createWebhookEmitter({
        db: testDb.db,
        secret: async () => TEST_APP_SECRET,
        url: () => receiver.url,
        retryBaseMs: 20,
      }),
    );
    try {
      const marker = `two-instances-${Date.now()}`;
      const bodies = Array.from({ length: 12 }, (_, i) => ({
        object: 'whatsapp_business_account' as const,
        entry: [{ id: marker, changes: [{ field: 'messages' as const, value: { n: i } }] }],
      }));
      await a!.emit(bodies.slice(0, 6));
      await b!.emit(bodies.slice(6));
      a!.kick();
      b!.kick();
      const mine = () => receiver.received.filter((hook) => hook.body.entry[0]?.id === marker);
      await waitFor(() => mine().length >= 12);
      // Settle: anything sent twice would arrive now.
      a!.kick();
      b!.kick();
      await Promise.all([a!.close(), b!.close()]);
      expect(
        mine()
          .map((hook) => hook.body.entry[0]!.changes[0]!.value.n)
          .sort((x, y) => x - y),
      ).toEqual(Array.from({ length: 12 }, (_, i) => i));
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});
