import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../contracts/conversation';
import { INVALID_CURSOR_TEXT, type PageInfo } from '../../contracts/pagination';
import type { TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';
import {
  connectWhatsapp,
  echoMessage,
  envelope,
  seconds,
  startWebhookTestServer,
  type TestConnection,
  textMessage,
  type WebhookTestServer,
  wamid,
} from '../support/whatsapp-webhooks';

let server: TestServer;
let hooks: WebhookTestServer;
let owner: Subscriber;
let connection: TestConnection;

const CUSTOMER = '5511990000001';

beforeAll(async () => {
  hooks = await startWebhookTestServer();
  ({ server } = hooks);
  owner = await newSubscriber(server);
  connection = await connectWhatsapp(server.db, owner.companyId, { mode: 'coexistence' });
});
afterAll(() => hooks?.close());

const receive = (value: unknown) => hooks.receive(value);

type Page = { items: ConversationMessage[]; pageInfo: PageInfo };

async function customerIdOf(companyId: string, phone: string): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    'SELECT id FROM customers WHERE company_id = $1 AND phone = $2',
    [companyId, phone],
  );
  return rows[0]!.id;
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe('GET /api/customers/:id/conversation', () => {
  it('shows media, locations, replies and reactions on their message, newest first', async () => {
    const photo = wamid();
    const question = wamid();
    const base = { from: CUSTOMER };
    await receive(
      envelope(connection, [
        textMessage(
          { waId: CUSTOMER, name: 'Helena' },
          'Vocês fazem bolo de aniversário? 🎂',
          question,
          at(50),
        ),
        {
          field: 'messages',
          value: {
            contacts: [{ profile: { name: 'Helena' }, wa_id: CUSTOMER }],
            messages: [
              {
                ...base,
                id: photo,
                timestamp: seconds(at(49)),
                type: 'image',
                image: { id: 'media-1', mime_type: 'image/jpeg', sha256: 'abc', caption: 'Assim, ó' },
              },
              {
                ...base,
                id: wamid(),
                timestamp: seconds(at(48)),
                type: 'audio',
                audio: { id: 'media-2', mime_type: 'audio/ogg; codecs=opus', voice: true },
              },
              {
                ...base,
                id: wamid(),
                timestamp: seconds(at(47)),
                type: 'location',
                location: {
                  latitude: -23.5614,
                  longitude: -46.6559,
                  name: 'Av. Paulista',
                  address: 'São Paulo',
                },
              },
              {
                ...base,
                id: wamid(),
                timestamp: seconds(at(46)),
                type: 'reaction',
                reaction: { message_id: question, emoji: '👍' },
              },
              {
                ...base,
                id: wamid(),
                timestamp: seconds(at(45)),
                type: 'reaction',
                reaction: { message_id: question, emoji: '❤️' },
              },
            ],
          },
        },
        echoMessage(connection, CUSTOMER, 'Fazemos sim!', wamid(), {
          timestamp: seconds(at(44)),
          context: { id: question },
        }),
      ]),
    );

    const customerId = await customerIdOf(owner.companyId, CUSTOMER);
    const answer = await owner.api.get<Page>(`/api/customers/${customerId}/conversation`);
    expect(answer.status).toBe(200);
    const items = answer.body.data.items;
    expect(items.map((item) => item.type)).toEqual(['text', 'location', 'audio', 'image', 'text']);
    const [reply, place, voice, image, first] = items;
    expect(reply).toMatchObject({
      direction: 'outbound',
      origin: 'echo',
      body: 'Fazemos sim!',
      replyTo: {
        id: first!.id,
        type: 'text',
        body: 'Vocês fazem bolo de aniversário? 🎂',
        direction: 'inbound',
      },
    });
    expect(first!.reactions).toEqual([{ emoji: '❤️', direction: 'inbound' }]);
    expect(image!.media).toEqual({
      url: `/api/conversation-media/${image!.id}`,
      mimeType: 'image/jpeg',
      fileName: null,
      voice: false,
    });
    expect(image!.body).toBe('Assim, ó');
    expect(voice!.media).toMatchObject({ voice: true, mimeType: 'audio/ogg; codecs=opus' });
    expect(place!.location).toEqual({
      latitude: -23.5614,
      longitude: -46.6559,
      name: 'Av. Paulista',
      address: 'São Paulo',
    });
    expect(answer.body.data.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
  });

  it('pages newest first with a cursor, and refuses a forged one', async () => {
    const phone = '5511990000002';
    // 25 messages, two of them in the same second (same sent_at: the id breaks the tie).
    const changes = Array.from({ length: 25 }, (_, i) =>
      textMessage({ waId: phone, name: 'Ícaro' }, `mensagem ${i}`, wamid(), at(100 - Math.min(i, 23))),
    );
    await receive(envelope(connection, changes));
    const customerId = await customerIdOf(owner.companyId, phone);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=10&cursor=${encodeURIComponent(cursor)}` : '?limit=10';
      const answer = await owner.api.get<Page>(`/api/customers/${customerId}/conversation${query}`);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.data.items.map((item) => item.body!));
      cursor = answer.body.data.pageInfo.hasNextPage ? answer.body.data.pageInfo.endCursor : null;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen[0]).toMatch(/^mensagem 2[34]$/);
    expect(seen.at(-1)).toBe('mensagem 0');

    for (const forged of [
      'bm90LWpzb24',
      Buffer.from(JSON.stringify({ a: '2026-02-30T00:00:00.000000Z', i: customerId })).toString('base64url'),
      Buffer.from(JSON.stringify({ a: '2026-01-01T00:00:00.000000Z', i: 'x' })).toString('base64url'),
    ]) {
      const answer = await owner.api.get(`/api/customers/${customerId}/conversation?cursor=${forged}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(INVALID_CURSOR_TEXT);
    }
  });

  it("answers 404 for another company's customer and for an unknown id", async () => {
    const customerId = await customerIdOf(owner.companyId, CUSTOMER);
    const stranger = await newSubscriber(server);
    const theirs = await stranger.api.get(`/api/customers/${customerId}/conversation`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.success).toBe(false);
    expect(
      (await owner.api.get('/api/customers/00000000-0000-4000-8000-000000000000/conversation')).status,
    ).toBe(404);
    expect((await owner.api.get('/api/customers/not-an-id/conversation')).status).toBe(404);
  });
});
