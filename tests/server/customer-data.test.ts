import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerDataFileSchema,
  ERASE_CONFIRM_MISMATCH_TEXT,
  ERASED_AI_TEXT,
  ERASED_CUSTOMER_NAME,
  ERASED_FOLLOW_UP_TEXT,
} from '../../contracts/customer-data';
import type { Customer } from '../../contracts/customers';
import { ROLE_FORBIDDEN_TEXT } from '../../contracts/roles';
import {
  MEDIA_FETCH_FAILED_TEXT,
  MEDIA_NO_CONNECTION_TEXT,
} from '../../server/modules/customer-data/media-file';
import { createTestAccount, sessionHeadersFor, type TestAccount } from '../support/auth';
import { waitFor } from '../support/db';
import { openLiveEvents } from '../support/live-events';
import { startTestServer, type TestServer } from '../support/server';
import { type SignedInApi, signedInApi } from '../support/signed-in-api';
import { completeSignup, connectBody } from '../support/whatsapp-signup';

/**
 * A customer's data under the LGPD (issue 14): the export as one JSON file (record, tasks and
 * follow-ups, deals, blocklist entry, the whole conversation with media files fetched from the local
 * Cloud API) and the erase (managers and owners, one transaction, counts kept, audited), over HTTP against
 * the real server and database.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from('foto do bolo de aniversário')]);
/** More than one page of the export's conversation reads (100 messages a page). */
const TEXT_MESSAGES = 230;

let phoneSequence = 0;

interface Company {
  account: TestAccount;
  api: SignedInApi;
  phoneNumberId: string;
  connectionId: string;
  customerId: string;
  followUps: { pending: string; sent: string };
  taskId: string;
  dealId: string;
  imageId: string;
  goneMediaId: string;
}

/** A connected company with Ana Souza: her record, a task with two follow-ups, a deal, a blocked number, a conversation. */
async function companyWithAna(): Promise<Company> {
  phoneSequence += 1;
  const account = await createTestAccount(server.db, { subscription: 'active' });
  const companyId = account.companyId!;
  const api = signedInApi(server.url, account);
  const signup = await completeSignup(server.url, {
    phone: `55119555${String(phoneSequence).padStart(5, '0')}`,
  });
  expect((await api.post('/api/whatsapp-connections', connectBody(signup))).status).toBe(200);
  const phoneNumberId = signup.data.phone_number_id!;
  const db = server.db;
  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(sql, params)).rows[0]!.id;

  const connectionId = await one('SELECT id FROM whatsapp_connections WHERE company_id = $1', [companyId]);
  const customerId = await one(
    `INSERT INTO customers (company_id, name, phone, email, notes, tags, source, whatsapp_user_id, last_inbound_at)
     VALUES ($1, 'Ana Souza', '5511987654321', 'ana@exemplo.com.br', 'Alérgica a amendoim', '{vip,encomendas}',
             'instagram', 'BR.1501234', now() - interval '1 hour')
     RETURNING id`,
    [companyId],
  );
  const taskId = await one(
    `INSERT INTO tasks (company_id, title, description, customer_id, due_at)
     VALUES ($1, 'Confirmar o bolo', 'Chocolate, 2 kg', $2, now() + interval '1 day') RETURNING id`,
    [companyId, customerId],
  );
  const pending = await one(
    `INSERT INTO follow_up_messages (company_id, task_id, customer_id, body, scheduled_for)
     VALUES ($1, $2, $3, 'Oi Ana, confirma o bolo de sábado?', now() + interval '1 day') RETURNING id`,
    [companyId, taskId, customerId],
  );
  const sent = await one(
    `INSERT INTO follow_up_messages (company_id, task_id, customer_id, body, scheduled_for, status, sent_at, sent_as)
     VALUES ($1, $2, $3, 'Oi Ana, seu pedido saiu!', now() - interval '1 day', 'sent', now() - interval '1 day', 'text')
     RETURNING id`,
    [companyId, taskId, customerId],
  );
  await db.query(
    `INSERT INTO whatsapp_send_attempts (company_id, connection_id, customer_id, purpose, follow_up_message_id,
                                         sent_as, recipient, body, template_parameters, outcome, answered_at, wamid, wa_id)
     VALUES ($1, $2, $3, 'follow_up', $4, 'text', '5511987654321', 'Oi Ana, seu pedido saiu!', '["Ana"]',
             'accepted', now(), $5, '5511987654321')`,
    [companyId, connectionId, customerId, sent, `wamid.${randomUUID()}`],
  );
  const stageId = await one('SELECT id FROM deal_stages WHERE company_id = $1 ORDER BY position LIMIT 1', [
    companyId,
  ]);
  const dealId = await one(
    `INSERT INTO deals (company_id, customer_id, stage_id, title, value_cents) VALUES ($1, $2, $3, 'Bolo de casamento', 45000)
     RETURNING id`,
    [companyId, customerId, stageId],
  );
  await db.query(
    `INSERT INTO whatsapp_blocklist (company_id, name, phone) VALUES ($1, 'Ana (não responder)', '551187654321')`,
    [companyId],
  );

  // The conversation: many texts over time, then a photo the simulator holds, a file it no longer
  // has, and a location.
  await db.query(
    `INSERT INTO conversation_messages (company_id, customer_id, connection_id, wamid, direction, origin, type, body, sent_at)
     SELECT $1, $2, $3, 'wamid.text.' || $4 || '.' || n, CASE WHEN n % 2 = 0 THEN 'inbound' ELSE 'outbound' END,
            'webhook', 'text', 'Mensagem ' || n, now() - interval '3 days' + n * interval '1 minute'
       FROM generate_series(1, ${TEXT_MESSAGES}) AS n`,
    [companyId, customerId, connectionId, randomUUID()],
  );
  const mediaId = `${Date.now()}${phoneSequence}`;
  await db.query(
    `INSERT INTO dev_whatsapp_media (media_id, phone_number_id, mime_type, sha256, file_name, bytes)
     VALUES ($1, $2, 'image/jpeg', $3, 'bolo.jpg', $4)`,
    [mediaId, phoneNumberId, createHash('sha256').update(PHOTO).digest('base64'), PHOTO],
  );
  const message = (type: string, body: string | null, details: object, minutesAgo: number) =>
    one(
      `INSERT INTO conversation_messages (company_id, customer_id, connection_id, wamid, direction, origin, type, body, details, sent_at)
       VALUES ($1, $2, $3, $4, 'inbound', 'webhook', $5, $6, $7, now() - $8 * interval '1 minute') RETURNING id`,
      [
        companyId,
        customerId,
        connectionId,
        `wamid.${randomUUID()}`,
        type,
        body,
        JSON.stringify(details),
        minutesAgo,
      ],
    );
  const imageId = await message(
    'image',
    'Olha a foto',
    { mediaId, mimeType: 'image/jpeg', fileName: 'bolo.jpg', voice: false },
    30,
  );
  const goneMediaId = await message(
    'document',
    null,
    { mediaId: '999000111', mimeType: 'application/pdf', fileName: 'orcamento.pdf', voice: false },
    20,
  );
  await message(
    'location',
    null,
    { latitude: -23.55, longitude: -46.63, name: 'Casa da Ana', address: 'Rua A, 1' },
    10,
  );

  return {
    account,
    api,
    phoneNumberId,
    connectionId,
    customerId,
    followUps: { pending, sent },
    taskId,
    dealId,
    imageId,
    goneMediaId,
  };
}

const exportUrl = (customerId: string) => `/api/customers/${customerId}/data-export`;
const eraseUrl = (customerId: string) => `/api/customers/${customerId}/erase`;

function download(path: string, account: { accessToken: string }) {
  return fetch(`${server.url}${path}`, { headers: sessionHeadersFor(account) });
}

async function auditRows(companyId: string) {
  return (
    await server.db.query<Record<string, unknown>>(
      'SELECT * FROM audit_events WHERE company_id = $1 ORDER BY at, action',
      [companyId],
    )
  ).rows;
}

/** Everything an erase touches, as stored, to tell "nothing changed". */
async function customerRows(companyId: string, customerId: string) {
  const rows = async (table: string) =>
    (
      await server.db.query(
        `SELECT * FROM ${table} t WHERE company_id = $1 AND customer_id = $2 ORDER BY t::text`,
        [companyId, customerId],
      )
    ).rows;
  return {
    customer: (await server.db.query('SELECT * FROM customers WHERE id = $1', [customerId])).rows,
    messages: await rows('conversation_messages'),
    followUps: await rows('follow_up_messages'),
    attempts: await rows('whatsapp_send_attempts'),
    audit: await auditRows(companyId),
  };
}

describe('GET /api/customers/:id/data-export', () => {
  it('is one JSON file with the record, tasks and follow-ups, deals, blocklist entry and the whole conversation with its media', async () => {
    const company = await companyWithAna();
    const response = await download(exportUrl(company.customerId), company.account);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="dados-ana-souza-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = customerDataFileSchema.parse(await response.json());

    expect(file.customer).toMatchObject({
      id: company.customerId,
      name: 'Ana Souza',
      phone: '5511987654321',
      email: 'ana@exemplo.com.br',
      notes: 'Alérgica a amendoim',
      tags: ['vip', 'encomendas'],
      source: 'instagram',
      whatsappUserId: 'BR.1501234',
      erasedAt: null,
    });
    expect(file.tasks).toHaveLength(1);
    expect(file.tasks[0]).toMatchObject({
      id: company.taskId,
      title: 'Confirmar o bolo',
      description: 'Chocolate, 2 kg',
    });
    expect(file.tasks[0]!.followUps.map((f) => [f.id, f.message, f.status])).toEqual([
      [company.followUps.sent, 'Oi Ana, seu pedido saiu!', 'sent'],
      [company.followUps.pending, 'Oi Ana, confirma o bolo de sábado?', 'scheduled'],
    ]);
    expect(file.followUpsWithoutTask).toEqual([]);
    expect(file.deals).toEqual([
      expect.objectContaining({ id: company.dealId, title: 'Bolo de casamento', valueCents: 45000 }),
    ]);
    // The blocked number is hers without the ninth digit: the same person.
    expect(file.blocklist).toMatchObject({ name: 'Ana (não responder)', phone: '551187654321' });

    // Every message, oldest first, across pages.
    expect(file.conversation).toHaveLength(TEXT_MESSAGES + 3);
    const times = file.conversation.map((m) => m.sentAt);
    expect([...times].sort()).toEqual(times);
    expect(file.conversation[0]).toMatchObject({ type: 'text', body: 'Mensagem 1', direction: 'outbound' });
    expect(new Set(file.conversation.map((m) => m.id)).size).toBe(file.conversation.length);

    const image = file.conversation.find((m) => m.id === company.imageId)!;
    expect(image.body).toBe('Olha a foto');
    expect(image.media).toEqual({
      mimeType: 'image/jpeg',
      fileName: 'bolo.jpg',
      sizeBytes: PHOTO.length,
      base64: PHOTO.toString('base64'),
    });
    // A file WhatsApp no longer has is listed with why, and the rest of the file is whole.
    const gone = file.conversation.find((m) => m.id === company.goneMediaId)!;
    expect(gone.media).toEqual({
      mimeType: 'application/pdf',
      fileName: 'orcamento.pdf',
      unavailable: MEDIA_FETCH_FAILED_TEXT,
    });
    expect(file.conversation.at(-1)).toMatchObject({
      type: 'location',
      details: { latitude: -23.55, longitude: -46.63, name: 'Casa da Ana' },
      media: null,
    });
  });

  it('is recorded in the audit trail: who, what, when, and nothing that names the customer', async () => {
    const company = await companyWithAna();
    expect((await download(exportUrl(company.customerId), company.account)).status).toBe(200);
    const audit = await auditRows(company.account.companyId!);
    expect(audit).toEqual([
      {
        id: expect.any(String),
        company_id: company.account.companyId,
        actor_user_id: company.account.userId,
        action: 'customer.exported',
        entity_name: 'customer',
        entity_id: company.customerId,
        at: expect.any(String),
      },
    ]);
  });

  it("another company's customer, an unknown id or a malformed one: 404 in the envelope, and nothing audited", async () => {
    const company = await companyWithAna();
    const other = await createTestAccount(server.db, { subscription: 'active' });
    for (const [path, account] of [
      [exportUrl(company.customerId), other],
      [exportUrl(randomUUID()), company.account],
      [exportUrl('nao-e-um-id'), company.account],
    ] as const) {
      const response = await download(path, account);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: expect.any(String),
      });
    }
    expect(await auditRows(company.account.companyId!)).toEqual([]);
    expect(await auditRows(other.companyId!)).toEqual([]);
  });

  it('once WhatsApp is disconnected the files are listed with why, and everything else is exported', async () => {
    const company = await companyWithAna();
    expect((await company.api.delete('/api/whatsapp-connections')).status).toBe(200);
    const response = await download(exportUrl(company.customerId), company.account);
    expect(response.status).toBe(200);
    const file = customerDataFileSchema.parse(await response.json());
    expect(file.conversation).toHaveLength(TEXT_MESSAGES + 3);
    expect(file.conversation.find((m) => m.id === company.imageId)!.media).toEqual({
      mimeType: 'image/jpeg',
      fileName: 'bolo.jpg',
      unavailable: MEDIA_NO_CONNECTION_TEXT,
    });
  });

  it('401 without a session', async () => {
    expect((await fetch(`${server.url}${exportUrl(randomUUID())}`)).status).toBe(401);
  });
});

describe('POST /api/customers/:id/erase', () => {
  it('removes what names the customer in one go, keeps the rows and counts, cancels what could still go out, and audits it', async () => {
    const company = await companyWithAna();
    const companyId = company.account.companyId!;
    const countsBefore = (
      await server.db.query('SELECT total FROM customer_counts WHERE company_id = $1', [companyId])
    ).rows;
    const typesBefore = (
      await server.db.query<{ type: string; total: number }>(
        `SELECT type, count(*)::int AS total FROM conversation_messages WHERE customer_id = $1 GROUP BY type ORDER BY type`,
        [company.customerId],
      )
    ).rows;

    const answer = await company.api.post<{ customer: Customer }>(eraseUrl(company.customerId), {
      confirm: 'Ana Souza',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.customer).toMatchObject({
      id: company.customerId,
      name: ERASED_CUSTOMER_NAME,
      phone: null,
      email: null,
      notes: null,
      tags: [],
    });

    // The page reads the anonymised customer; the conversation keeps its messages, without content.
    const detail = await company.api.get<{ customer: Customer; tasks: unknown[]; deals: unknown[] }>(
      `/api/customers/${company.customerId}`,
    );
    expect(detail.body.data.customer.name).toBe(ERASED_CUSTOMER_NAME);
    expect(detail.body.data.tasks).toHaveLength(1);
    expect(detail.body.data.deals).toHaveLength(1);
    const conversation = await company.api.get<{
      items: { type: string; body: unknown; media: unknown; location: unknown }[];
    }>(`/api/customers/${company.customerId}/conversation?limit=10`);
    expect(conversation.status).toBe(200);
    expect(conversation.body.data.items.map((m) => [m.type, m.body, m.media, m.location])).toContainEqual([
      'location',
      null,
      null,
      null,
    ]);
    expect(conversation.body.data.items.every((m) => m.body === null && m.media === null)).toBe(true);

    const stored = await customerRows(companyId, company.customerId);
    expect(stored.customer[0]).toMatchObject({
      name: ERASED_CUSTOMER_NAME,
      phone: null,
      email: null,
      notes: null,
      tags: [],
      whatsapp_user_id: null,
      erased_at: expect.any(String),
    });
    // Counts stay: the same messages by type, the same number of customers.
    const typesAfter = (
      await server.db.query<{ type: string; total: number }>(
        `SELECT type, count(*)::int AS total FROM conversation_messages WHERE customer_id = $1 GROUP BY type ORDER BY type`,
        [company.customerId],
      )
    ).rows;
    expect(typesAfter).toEqual(typesBefore);
    expect(
      (await server.db.query('SELECT total FROM customer_counts WHERE company_id = $1', [companyId])).rows,
    ).toEqual(countsBefore);
    expect(stored.messages.every((m) => m.body === null && JSON.stringify(m.details) === '{}')).toBe(true);
    expect(
      stored.messages.every((m) => typeof m.sent_at === 'string' && !Number.isNaN(Date.parse(m.sent_at))),
    ).toBe(true);

    const followUps = new Map(stored.followUps.map((f) => [f.id, f]));
    expect(followUps.get(company.followUps.pending)).toMatchObject({
      status: 'cancelled',
      body: ERASED_FOLLOW_UP_TEXT,
    });
    expect(followUps.get(company.followUps.sent)).toMatchObject({
      status: 'sent',
      body: ERASED_FOLLOW_UP_TEXT,
    });
    expect(stored.attempts).toEqual([
      expect.objectContaining({
        body: null,
        template_parameters: null,
        recipient: '',
        wa_id: null,
        outcome: 'accepted',
      }),
    ]);
    expect(stored.audit).toEqual([
      expect.objectContaining({
        actor_user_id: company.account.userId,
        action: 'customer.erased',
        entity_name: 'customer',
        entity_id: company.customerId,
      }),
    ]);
    // Nothing that named her is left in the audit trail either.
    expect(JSON.stringify(stored.audit)).not.toMatch(/Ana|5511987654321/);

    // An export now holds no content either.
    const file = customerDataFileSchema.parse(
      await (await download(exportUrl(company.customerId), company.account)).json(),
    );
    expect(file.customer).toMatchObject({
      name: ERASED_CUSTOMER_NAME,
      phone: null,
      erasedAt: expect.any(String),
    });
    expect(file.conversation.every((m) => m.body === null && m.media === null)).toBe(true);
    expect(JSON.stringify(file)).not.toMatch(/Ana Souza|5511987654321|amendoim|Mensagem 1\b/);
  });

  it('what the AI wrote about them goes: suggestions lose their texts (a pending one is dismissed), answers citing them lose text and sources', async () => {
    const owner = await createTestAccount(server.db, { subscription: 'active' });
    const companyId = owner.companyId!;
    const api = signedInApi(server.url, owner);
    const one = async (sql: string, params: unknown[]) =>
      (await server.db.query<{ id: string }>(sql, params)).rows[0]!.id;
    const customer = (name: string) =>
      one('INSERT INTO customers (company_id, name) VALUES ($1, $2) RETURNING id', [companyId, name]);
    const anaId = await customer('Ana Souza');
    const brunoId = await customer('Bruno Dias');
    const message = (customerId: string, body: string) =>
      one(
        `INSERT INTO conversation_messages (company_id, customer_id, wamid, direction, origin, type, body, sent_at)
         VALUES ($1, $2, $3, 'inbound', 'webhook', 'text', $4, now()) RETURNING id`,
        [companyId, customerId, `wamid.erase${randomUUID()}`, body],
      );
    const suggestion = (customerId: string, messageId: string, fields: string, values: unknown[]) =>
      one(
        `INSERT INTO ai_suggestions (company_id, customer_id, message_id, ${fields})
         VALUES ($1, $2, $3, ${values.map((_, i) => `$${i + 4}`).join(', ')}) RETURNING id`,
        [companyId, customerId, messageId, ...values],
      );
    const pending = await suggestion(
      anaId,
      await message(anaId, 'Quanto fica o bolo de 2 kg?'),
      'kind, reason, task_description, task_due_at',
      ['task', 'Ana Souza perguntou o preço do bolo', 'Mandar o orçamento do bolo à Ana', new Date()],
    );
    const accepted = await suggestion(
      anaId,
      await message(anaId, 'Fechado, pode fazer'),
      'kind, reason, deal_title, status, decided_at, decided_by_user_id',
      ['deal', 'Ana Souza fechou a encomenda', 'Bolo da Ana', 'accepted', new Date(), owner.userId],
    );
    const brunos = await suggestion(
      brunoId,
      await message(brunoId, 'Tem sem lactose?'),
      'kind, reason, task_description, task_due_at',
      ['task', 'Bruno quer saber de opções sem lactose', 'Responder ao Bruno', new Date()],
    );
    const advisor = (role: 'user' | 'assistant', text: string, sources: object[]) =>
      one(
        `INSERT INTO advisor_messages (company_id, user_id, role, text, sources, mode)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING id`,
        [companyId, owner.userId, role, text, JSON.stringify(sources), role === 'user' ? null : 'offline'],
      );
    const question = await advisor('user', 'Quem pediu bolo essa semana?', []);
    const citesRecord = await advisor('assistant', 'Ana Souza pediu um bolo de 2 kg.', [
      { kind: 'customer', id: anaId, label: 'Ana Souza', href: `/customers/${anaId}` },
      { kind: 'customer', id: brunoId, label: 'Bruno Dias', href: `/customers/${brunoId}` },
    ]);
    const citesConversation = await advisor('assistant', 'Ela escreveu "Fechado, pode fazer".', [
      { kind: 'conversation', id: randomUUID(), label: 'Ana Souza, ontem', href: `/customers/${anaId}` },
    ]);
    const citesBruno = await advisor('assistant', 'Bruno Dias quer sem lactose.', [
      { kind: 'customer', id: brunoId, label: 'Bruno Dias', href: `/customers/${brunoId}` },
    ]);
    const tab = await openLiveEvents(server.url, owner.accessToken);

    const erased = await api.post(eraseUrl(anaId), { confirm: 'Ana Souza' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    const suggestions = await server.db.query(
      `SELECT id, kind, status, reason, task_description, deal_title, decided_by_user_id
         FROM ai_suggestions WHERE company_id = $1 ORDER BY created_at, id`,
      [companyId],
    );
    const byId = new Map(suggestions.rows.map((row) => [row.id, row]));
    expect(byId.get(pending)).toMatchObject({
      kind: 'task',
      status: 'dismissed',
      reason: ERASED_AI_TEXT,
      task_description: ERASED_AI_TEXT,
      deal_title: null,
      decided_by_user_id: owner.userId,
    });
    expect(byId.get(accepted)).toMatchObject({
      kind: 'deal',
      status: 'accepted',
      reason: ERASED_AI_TEXT,
      task_description: null,
      deal_title: ERASED_AI_TEXT,
    });
    expect(byId.get(brunos)).toMatchObject({
      status: 'pending',
      reason: 'Bruno quer saber de opções sem lactose',
      task_description: 'Responder ao Bruno',
    });
    const answers = await server.db.query<{
      id: string;
      text: string;
      sources: unknown[];
      mode: string | null;
    }>('SELECT id, text, sources, mode FROM advisor_messages WHERE company_id = $1', [companyId]);
    const answer = new Map(
      answers.rows.map((row) => [row.id, { text: row.text, sources: row.sources, mode: row.mode }]),
    );
    expect(answer.get(question)).toEqual({ text: 'Quem pediu bolo essa semana?', sources: [], mode: null });
    // Nothing is left to say how an erased answer was written (no offline notice above it).
    expect(answer.get(citesRecord)).toEqual({ text: ERASED_AI_TEXT, sources: [], mode: null });
    expect(answer.get(citesConversation)).toEqual({ text: ERASED_AI_TEXT, sources: [], mode: null });
    expect(answer.get(citesBruno)).toMatchObject({ text: 'Bruno Dias quer sem lactose.', mode: 'offline' });
    // Open tabs drop the dismissed suggestion from home and the customer's page.
    await waitFor(
      () =>
        tab
          .of('ai.suggestion.changed')
          .some((event) => event.payload.suggestionId === pending && event.payload.status === 'dismissed'),
      { what: 'ai.suggestion.changed dismissed' },
    );
    tab.close();
  });

  it('a second erase is harmless: same answer, nothing more changed, one audit entry', async () => {
    const company = await companyWithAna();
    const companyId = company.account.companyId!;
    expect((await company.api.post(eraseUrl(company.customerId), { confirm: 'Ana Souza' })).status).toBe(200);
    const before = await customerRows(companyId, company.customerId);
    const again = await company.api.post<{ customer: Customer }>(eraseUrl(company.customerId), {
      confirm: ERASED_CUSTOMER_NAME,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.customer.name).toBe(ERASED_CUSTOMER_NAME);
    expect(await customerRows(companyId, company.customerId)).toEqual(before);
  });

  it('bad input is a 400 in the envelope and erases nothing', async () => {
    const company = await companyWithAna();
    const companyId = company.account.companyId!;
    const before = await customerRows(companyId, company.customerId);
    for (const body of [{}, { confirm: '' }, { confirm: 42 }, { confirm: 'Ana Souza', extra: true }]) {
      const answer = await company.api.post(eraseUrl(company.customerId), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        error: expect.any(String),
      });
    }
    const wrong = await company.api.post(eraseUrl(company.customerId), { confirm: 'Ana' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error: ERASE_CONFIRM_MISMATCH_TEXT,
      issues: [{ path: 'confirm', message: ERASE_CONFIRM_MISMATCH_TEXT }],
    });
    expect(await customerRows(companyId, company.customerId)).toEqual(before);
  });

  it('staff neither erase nor export (403, nothing changes); a manager does both', async () => {
    const company = await companyWithAna();
    const companyId = company.account.companyId!;
    const before = await customerRows(companyId, company.customerId);
    const member = async (role: 'staff' | 'manager') => {
      const account = await createTestAccount(server.db, { company: false });
      await server.db.query('INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, $3)', [
        companyId,
        account.userId,
        role,
      ]);
      await server.db.query('UPDATE users SET current_company_id = $1 WHERE id = $2', [
        companyId,
        account.userId,
      ]);
      return account;
    };
    const staff = await member('staff');
    const erase = await signedInApi(server.url, staff).post(eraseUrl(company.customerId), {
      confirm: 'Ana Souza',
    });
    expect(erase.status).toBe(403);
    expect(erase.body).toMatchObject({ success: false, code: 'FORBIDDEN', error: ROLE_FORBIDDEN_TEXT });
    expect((await download(exportUrl(company.customerId), staff)).status).toBe(403);
    expect(await customerRows(companyId, company.customerId)).toEqual(before);

    const manager = await member('manager');
    expect((await download(exportUrl(company.customerId), manager)).status).toBe(200);
    const erased = await signedInApi(server.url, manager).post(eraseUrl(company.customerId), {
      confirm: 'Ana Souza',
    });
    expect(erased.status).toBe(200);
    const after = await customerRows(companyId, company.customerId);
    expect(after.audit.map((row) => row.action)).toEqual(['customer.exported', 'customer.erased']);
  });

  it("another company's customer or an unknown one: 404, and the customer is untouched", async () => {
    const company = await companyWithAna();
    const companyId = company.account.companyId!;
    const before = await customerRows(companyId, company.customerId);
    const other = await createTestAccount(server.db, { subscription: 'active' });
    const intruder = signedInApi(server.url, other);
    for (const path of [eraseUrl(company.customerId), eraseUrl(randomUUID()), eraseUrl('nao-e-um-id')]) {
      const answer = await intruder.post(path, { confirm: 'Ana Souza' });
      expect(answer.status, path).toBe(404);
      expect(answer.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect(await customerRows(companyId, company.customerId)).toEqual(before);
    expect(await auditRows(other.companyId!)).toEqual([]);
  });

  it('nothing is half-written when the erase fails at its last step', async () => {
    const company = await companyWithAna();
    const companyId = company.account.companyId!;
    const before = await customerRows(companyId, company.customerId);
    // The audit entry is written last: make the database refuse it.
    await server.db.query(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END; $$`);
    await server.db.query(
      'CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION refuse_audit()',
    );
    try {
      const answer = await company.api.post(eraseUrl(company.customerId), { confirm: 'Ana Souza' });
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ success: false, code: 'INTERNAL_ERROR' });
    } finally {
      await server.db.query('DROP TRIGGER refuse_audit ON audit_events');
      await server.db.query('DROP FUNCTION refuse_audit()');
    }
    expect(await customerRows(companyId, company.customerId)).toEqual(before);
    // And once the database takes it again, the erase goes through.
    expect((await company.api.post(eraseUrl(company.customerId), { confirm: 'Ana Souza' })).status).toBe(200);
  });
});
