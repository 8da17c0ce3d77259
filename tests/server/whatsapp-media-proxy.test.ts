import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { signedInApi } from '../support/signed-in-api';
import { completeSignup, connectBody } from '../support/whatsapp-signup';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const mediaUrl = (messageId: string) => `/api/conversation-media/${messageId}`;

/** A connected company, with one customer. */
async function connectedCompany(phone: string) {
  const account = await createTestAccount(server.db, { subscription: 'trialing' });
  const api = signedInApi(server.url, account);
  const signup = await completeSignup(server.url, { phone });
  const answer = await api.post(`/api/whatsapp-connections`, connectBody(signup));
  expect(answer.status).toBe(200);
  const { rows } = await server.db.query<{ id: string }>(
    "INSERT INTO customers (company_id, name, phone) VALUES ($1, 'Maria', '5511977776666') RETURNING id",
    [account.companyId],
  );
  return { account, api, phoneNumberId: signup.data.phone_number_id!, customerId: rows[0]!.id };
}

/** A media message as the webhook processor stores it, its file held by the simulated Cloud API. */
async function mediaMessage(
  company: Awaited<ReturnType<typeof connectedCompany>>,
  file: { bytes: Buffer; mimeType: string; fileName?: string },
) {
  const mediaId = String(Date.now()) + String(Math.floor(Math.random() * 1e6));
  await server.db.query(
    `INSERT INTO dev_whatsapp_media (media_id, phone_number_id, mime_type, sha256, file_name, bytes)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      mediaId,
      company.phoneNumberId,
      file.mimeType,
      createHash('sha256').update(file.bytes).digest('base64'),
      file.fileName ?? null,
      file.bytes,
    ],
  );
  const { rows } = await server.db.query<{ id: string }>(
    `INSERT INTO conversation_messages (company_id, customer_id, wamid, direction, origin, type, details, sent_at)
     VALUES ($1, $2, $3, 'inbound', 'webhook', 'image', $4, now()) RETURNING id`,
    [
      company.account.companyId,
      company.customerId,
      `wamid.${randomUUID()}`,
      JSON.stringify({ mediaId, mimeType: file.mimeType, fileName: file.fileName ?? null, voice: false }),
    ],
  );
  return rows[0]!.id;
}

function get(path: string, accessToken: string) {
  return fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
}

describe('GET /api/conversation-media/:messageId', () => {
  it("streams the file from the Graph media endpoint with Meta's content type", async () => {
    const company = await connectedCompany('5511966665555');
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('uma foto de bolo')]);
    const messageId = await mediaMessage(company, { bytes: photo, mimeType: 'image/jpeg' });
    const response = await get(mediaUrl(messageId), company.account.accessToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(photo);
  });

  it('a document that a browser could run as a page downloads instead, under its name', async () => {
    const company = await connectedCompany('5511966664444');
    const messageId = await mediaMessage(company, {
      bytes: Buffer.from('<script>alert(1)</script>'),
      mimeType: 'text/html',
      fileName: 'orçamento.html',
    });
    const response = await get(mediaUrl(messageId), company.account.accessToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="or_amento.html"; filename*=UTF-8''${encodeURIComponent('orçamento.html')}`,
    );
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it("404 in the envelope for another company's message, an unknown id, a message without media, or once disconnected", async () => {
    const company = await connectedCompany('5511966663333');
    const messageId = await mediaMessage(company, { bytes: Buffer.from('x'), mimeType: 'image/png' });
    const other = await createTestAccount(server.db, { subscription: 'trialing' });
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO conversation_messages (company_id, customer_id, wamid, direction, origin, type, body, sent_at)
       VALUES ($1, $2, 'wamid.text', 'inbound', 'webhook', 'text', 'Oi', now()) RETURNING id`,
      [company.account.companyId, company.customerId],
    );
    for (const [path, token] of [
      [mediaUrl(messageId), other.accessToken],
      [mediaUrl(randomUUID()), company.account.accessToken],
      [mediaUrl('not-a-uuid'), company.account.accessToken],
      [mediaUrl(rows[0]!.id), company.account.accessToken],
    ] as const) {
      const response = await get(path, token);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: expect.any(String),
      });
    }
    await company.api.delete('/api/whatsapp-connections');
    expect((await get(mediaUrl(messageId), company.account.accessToken)).status).toBe(404);
  });

  it('an <img> of the page gets the file with the session cookie alone (it cannot send a header)', async () => {
    const company = await connectedCompany('5511966663333');
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('outra foto')]);
    const messageId = await mediaMessage(company, { bytes: photo, mimeType: 'image/jpeg' });
    const cookie = `theme=dark; access_token=${encodeURIComponent(company.account.accessToken)}; userId=x`;
    const response = await fetch(`${server.url}${mediaUrl(messageId)}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(photo);
    // Another company's session cookie is no way in.
    const other = await connectedCompany('5511966662222');
    const refused = await fetch(`${server.url}${mediaUrl(messageId)}`, {
      headers: { cookie: `access_token=${other.account.accessToken}` },
    });
    expect(refused.status).toBe(404);
  });

  it('401 without a session, or with a cookie that is no access token', async () => {
    expect((await fetch(`${server.url}${mediaUrl(randomUUID())}`)).status).toBe(401);
    const forged = await fetch(`${server.url}${mediaUrl(randomUUID())}`, {
      headers: { cookie: 'access_token=%E0%A4%A; refresh_token=abc' },
    });
    expect(forged.status).toBe(401);
  });
});
