import { describe, expect, it } from 'vitest';
import {
  BLOCKLIST_DUPLICATE_TEXT,
  BLOCKLIST_NAME_REQUIRED_TEXT,
  BLOCKLIST_PHONE_DIGITS_TEXT,
  BLOCKLIST_PHONE_MAX_TEXT,
  BLOCKLIST_PHONE_MIN_TEXT,
  type BlocklistEntry,
} from '../../contracts/blocklist';
import { newSubscriber, type SignedInApi, withSubscriberServer } from '../support/signed-in-api';

/** "Contatos ignorados" (spec §2, §5, §7 GET settings/whatsapp/blocklist). */

const setup = withSubscriberServer();
const url = '/api/settings/whatsapp/blocklist';

const list = async (api: SignedInApi) => {
  const answer = await api.get<BlocklistEntry[]>(url);
  expect(answer.status).toBe(200);
  return answer.body.data;
};

const stored = async (id: string) =>
  (
    await setup.server.db.query<{ company_id: string; phone: string }>(
      'SELECT company_id, phone FROM whatsapp_blocklist WHERE id = $1',
      [id],
    )
  ).rows[0];

describe('the blocklist', () => {
  it('starts empty, adds masked numbers with 55 and lists them newest first', async () => {
    const { api, companyId } = await newSubscriber(setup.server);
    expect(await list(api)).toEqual([]);
    const first = await api.post<BlocklistEntry>(url, {
      name: '  Spam da Silva ',
      phoneNumber: '(11) 98765-4321',
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({
      id: expect.any(String),
      name: 'Spam da Silva',
      phoneNumber: '11987654321',
      createdAt: expect.any(String),
    });
    expect(await stored(first.body.data.id)).toEqual({ company_id: companyId, phone: '5511987654321' });
    const landline = await api.post<BlocklistEntry>(url, {
      name: 'Telemarketing',
      phoneNumber: '+55 21 3456-7890',
    });
    expect(landline.status).toBe(201);
    expect(landline.body.data.phoneNumber).toBe('2134567890');
    expect((await list(api)).map((e) => e.name)).toEqual(['Telemarketing', 'Spam da Silva']);
  });

  it('treats the number with and without the ninth digit as the same (409 BLOCKLIST_DUPLICATE)', async () => {
    const { api } = await newSubscriber(setup.server);
    expect((await api.post(url, { name: 'Primeiro', phoneNumber: '11987654321' })).status).toBe(201);
    for (const phoneNumber of ['(11) 98765-4321', '1187654321']) {
      const again = await api.post(url, { name: 'Outro', phoneNumber });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        success: false,
        code: 'BLOCKLIST_DUPLICATE',
        error: BLOCKLIST_DUPLICATE_TEXT,
        issues: [{ path: 'phoneNumber', message: BLOCKLIST_DUPLICATE_TEXT }],
      });
    }
    expect(await list(api)).toHaveLength(1);
    // Another company may ignore the same number.
    const other = await newSubscriber(setup.server);
    expect((await other.api.post(url, { name: 'Primeiro', phoneNumber: '11987654321' })).status).toBe(201);
  });

  it.each([
    [{ name: '   ', phoneNumber: '11987654321' }, 'name', BLOCKLIST_NAME_REQUIRED_TEXT],
    [{ name: 'Ana', phoneNumber: '(11) 8765-432' }, 'phoneNumber', BLOCKLIST_PHONE_MIN_TEXT],
    [{ name: 'Ana', phoneNumber: '' }, 'phoneNumber', BLOCKLIST_PHONE_MIN_TEXT],
    [{ name: 'Ana', phoneNumber: '119876543210' }, 'phoneNumber', BLOCKLIST_PHONE_MAX_TEXT],
    [{ name: 'Ana', phoneNumber: '11 9876a-4321' }, 'phoneNumber', BLOCKLIST_PHONE_DIGITS_TEXT],
  ])('refuses %j with a 400 naming the field', async (body, path, message) => {
    const answer = await setup.owner.api.post(url, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      requestId: expect.any(String),
    });
    expect(answer.body.issues).toContainEqual({ path, message });
  });

  it('refuses unknown fields and missing ones with a 400', async () => {
    expect((await setup.owner.api.post(url, { name: 'Ana', phoneNumber: '11987654321', x: 1 })).status).toBe(
      400,
    );
    expect((await setup.owner.api.post(url, { name: 'Ana' })).status).toBe(400);
    expect((await setup.owner.api.post(url, 'texto')).status).toBe(400);
  });

  it("removes the company's own entries; another company's, a removed or a malformed id is a 404", async () => {
    const a = await newSubscriber(setup.server);
    const b = await newSubscriber(setup.server);
    const entry = (await a.api.post<BlocklistEntry>(url, { name: 'Spam', phoneNumber: '11912345678' })).body
      .data;
    const foreign = await b.api.delete(`${url}/${entry.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await list(b.api)).toEqual([]);
    expect(await list(a.api)).toHaveLength(1);
    const removed = await a.api.delete(`${url}/${entry.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ deleted: true });
    expect(await list(a.api)).toEqual([]);
    expect((await a.api.delete(`${url}/${entry.id}`)).status).toBe(404);
    expect((await a.api.delete(`${url}/not-a-uuid`)).status).toBe(404);
    // Removed, the number may be added again.
    expect((await a.api.post(url, { name: 'Spam', phoneNumber: '11912345678' })).status).toBe(201);
  });

  it('needs a signed-in subscriber', async () => {
    const answer = await fetch(`${setup.server.url}${url}`);
    expect(answer.status).toBe(401);
  });
});
