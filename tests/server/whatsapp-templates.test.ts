import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappConnectionState } from '../../contracts/whatsapp-status';
import type { ApprovedTemplate, FollowUpTemplate } from '../../contracts/whatsapp-templates';
import { SEEDED_APPROVED_TEMPLATES } from '../../machines/follow-up-template/follow-up-template.paths';
import { createGraphClient, GraphError } from '../../server/integrations/whatsapp/graph-client';
import { insertTemplates, type SimTemplate } from '../../server/integrations/whatsapp/simulator/templates';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';
import { completeSignup, connectBody } from '../support/whatsapp-signup';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const CONNECTIONS = '/api/whatsapp-connections';
const TEMPLATES = '/api/whatsapp-connections/templates';
const FOLLOW_UP = '/api/whatsapp-connections/follow-up-template';
const GRAPH = () => `${server.url}/dev/whatsapp/graph`;

type Templates = { templates: ApprovedTemplate[] };
type FollowUp = { followUpTemplate: FollowUpTemplate | null };

let phones = 0;

/** A subscriber whose company connected a new Cloud API number, and that number's ids and token. */
async function connected(): Promise<Subscriber & { wabaId: string; phoneNumberId: string; token: string }> {
  const owner = await newSubscriber(server);
  phones += 1;
  const signup = await completeSignup(server.url, {
    businessName: `Empresa ${phones}`,
    phone: `55119777${String(phones).padStart(5, '0')}`,
  });
  const answer = await owner.api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(signup));
  expect(answer.body.data.status).toBe('connected');
  return { ...owner, ...(await numberOf(signup.data.phone_number_id!)) };
}

/** The number's account and the live business token the connection got for it. */
async function numberOf(phoneNumberId: string) {
  const { rows } = await server.db.query<{ waba_id: string; token: string }>(
    `SELECT n.waba_id, t.token FROM dev_whatsapp_numbers n
       JOIN dev_whatsapp_tokens t ON t.waba_id = n.waba_id AND t.revoked_at IS NULL
      WHERE n.phone_number_id = $1 ORDER BY t.created_at DESC LIMIT 1`,
    [phoneNumberId],
  );
  return { phoneNumberId, wabaId: rows[0]!.waba_id, token: rows[0]!.token };
}

/** `count` more templates named extra_000…, every other one approved with one body parameter. */
function extraTemplates(count: number): SimTemplate[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `extra_${String(i).padStart(3, '0')}`,
    language: 'pt_BR',
    status: i % 2 === 0 ? 'APPROVED' : 'PENDING',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: `Recado ${i}: {{1}} Obrigado!` }],
  }));
}

describe('the local Cloud API: GET /{waba_id}/message_templates', () => {
  it("answers Meta's template objects and pages them by cursor, with next while there is more", async () => {
    const { wabaId, token } = await connected();
    const url = `${GRAPH()}/v23.0/${wabaId}/message_templates?fields=name,language,status,category,components&limit=4`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(first.status).toBe(200);
    const page = (await first.json()) as {
      data: Record<string, unknown>[];
      paging: { cursors: { before: string; after: string }; next?: string };
    };
    expect(page.data.map((template) => template.name)).toEqual([
      'boas_vindas',
      'cobranca_pendente',
      'lembrete_agendamento',
      'lembrete_retorno',
    ]);
    expect(page.data[3]).toEqual({
      id: expect.stringMatching(/^[1-9][0-9]{15}$/),
      name: 'lembrete_retorno',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        expect.objectContaining({ type: 'BODY', text: expect.stringContaining('{{1}}') }),
        { type: 'FOOTER', text: expect.any(String) },
      ],
    });
    expect(page.paging.cursors).toEqual({ before: expect.any(String), after: expect.any(String) });
    expect(new URL(page.paging.next!).searchParams.get('after')).toBe(page.paging.cursors.after);

    const second = (await (
      await fetch(page.paging.next!, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as typeof page;
    expect(second.data.map((template) => [template.name, template.status])).toEqual([
      ['pedido_a_caminho', 'APPROVED'],
      ['promocao_do_mes', 'PENDING'],
    ]);
    expect(second.paging.next).toBeUndefined();
  });

  it('refuses a bad token (190) and another account’s templates (100)', async () => {
    const one = await connected();
    const other = await connected();
    const graph = createGraphClient({ baseUrl: GRAPH, version: 'v23.0' });
    await expect(graph.listMessageTemplates('not-a-token', one.wabaId)).rejects.toMatchObject({
      status: 401,
      code: 190,
      kind: 'token',
    });
    const refusal = await graph.listMessageTemplates(other.token, one.wabaId).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(GraphError);
    expect(refusal).toMatchObject({ status: 400, code: 100 });
  });

  it('the Graph client reads every page', async () => {
    const { wabaId, token } = await connected();
    await insertTemplates(server.db, wabaId, extraTemplates(150));
    const pages: string[] = [];
    const graph = createGraphClient({
      baseUrl: GRAPH,
      version: 'v23.0',
      fetch: (input, init) => {
        pages.push(String(input));
        return fetch(input, init);
      },
    });
    const templates = await graph.listMessageTemplates(token, wabaId);
    expect(templates).toHaveLength(156);
    expect(new Set(templates.map((template) => template.name)).size).toBe(156);
    expect(pages).toHaveLength(2);
    expect(new URL(pages[1]!).searchParams.get('after')).toBeTruthy();
  });
});

describe('GET /api/whatsapp-connections/templates', () => {
  it('lists only the approved templates, with their body and number of parameters', async () => {
    const { api } = await connected();
    const answer = await api.get<Templates>(TEMPLATES);
    expect(answer.status).toBe(200);
    expect(answer.body.data.templates).toEqual(SEEDED_APPROVED_TEMPLATES);
  });

  it('follows the pages: approved templates past the first page are listed too', async () => {
    const { api, wabaId } = await connected();
    // 126 templates by name: the seeded lembrete_* and pedido_a_caminho come after the first 100.
    await insertTemplates(server.db, wabaId, extraTemplates(120));
    const { templates } = (await api.get<Templates>(TEMPLATES)).body.data;
    expect(templates).toHaveLength(4 + 60);
    expect(templates.filter((template) => !template.name.startsWith('extra_'))).toEqual(
      SEEDED_APPROVED_TEMPLATES,
    );
    expect(templates.map((template) => template.name)).toContain('extra_118');
    expect(templates.map((template) => template.name)).not.toContain('extra_119');
  });

  it("answers 502 with what to check when Meta refuses to list the account's templates", async () => {
    const { api, companyId } = await connected();
    // The account the token may not see: Meta's "does not exist or missing permissions" (100).
    await server.db.query(
      `UPDATE whatsapp_connections SET waba_id = '100000000000999' WHERE company_id = $1 AND status = 'connected'`,
      [companyId],
    );
    const answer = await api.get(TEMPLATES);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'WHATSAPP_GRAPH_REFUSED',
      error:
        'A Meta não deixou o Fechaí ler os modelos de mensagem desta conta do WhatsApp Business. Confira as permissões concedidas no Gerenciador do WhatsApp da Meta e tente de novo.',
    });
    expect((await api.get<WhatsappConnectionState>(`${CONNECTIONS}/status`)).body.data.status).toBe(
      'connected',
    );
  });

  it('a refused token marks the connection for reconnecting', async () => {
    const { api, wabaId } = await connected();
    await server.db.query('UPDATE dev_whatsapp_tokens SET revoked_at = now() WHERE waba_id = $1', [wabaId]);
    const answer = await api.get(TEMPLATES);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'WHATSAPP_NOT_CONNECTED',
      error: 'O WhatsApp da sua empresa precisa ser conectado de novo para usar os modelos de mensagem.',
    });
    const status = await api.get<WhatsappConnectionState>(`${CONNECTIONS}/status`);
    expect(status.body.data).toMatchObject({ status: 'needs_reconnect', problem: { code: '190' } });
  });
});

describe('the follow-up template', () => {
  it('is null until chosen, then the approved template with one body parameter', async () => {
    const { api } = await connected();
    expect((await api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({ followUpTemplate: null });

    const chosen = await api.put<{ followUpTemplate: ApprovedTemplate }>(FOLLOW_UP, {
      template: {
        name: 'lembrete_retorno',
        language: 'pt_BR',
      },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.followUpTemplate).toEqual(SEEDED_APPROVED_TEMPLATES[2]);
    expect((await api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({
      followUpTemplate: { name: 'lembrete_retorno', language: 'pt_BR' },
    });

    expect((await api.delete<FollowUp>(FOLLOW_UP)).body.data).toEqual({ followUpTemplate: null });
    expect((await api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({ followUpTemplate: null });
  });

  it.each([
    [
      'promocao_do_mes',
      'pt_BR',
      'O modelo "promocao_do_mes" ainda está em análise pela Meta. Só modelos aprovados podem ser enviados.',
    ],
    [
      'cobranca_pendente',
      'pt_BR',
      'O modelo "cobranca_pendente" foi rejeitado pela Meta. Só modelos aprovados podem ser enviados.',
    ],
    [
      'pedido_a_caminho',
      'pt_BR',
      'O modelo "pedido_a_caminho" tem 2 parâmetros no texto. Escolha um modelo com exatamente um ({{1}}), que recebe o texto do follow-up.',
    ],
    [
      'boas_vindas',
      'pt_BR',
      'O modelo "boas_vindas" tem 0 parâmetros no texto. Escolha um modelo com exatamente um ({{1}}), que recebe o texto do follow-up.',
    ],
    [
      'lembrete_agendamento',
      'pt_BR',
      'O modelo "lembrete_agendamento" pede outros dados além do texto do follow-up (no cabeçalho ou nos botões). Escolha um modelo com um único parâmetro no texto.',
    ],
    [
      'nao_existe',
      'pt_BR',
      'Não encontramos o modelo "nao_existe" (pt_BR) na conta do WhatsApp Business da sua empresa.',
    ],
    [
      'lembrete_retorno',
      'en_US',
      'Não encontramos o modelo "lembrete_retorno" (en_US) na conta do WhatsApp Business da sua empresa.',
    ],
  ])('refuses %s (%s) with a 422 that says why, keeping the previous choice', async (name, language, why) => {
    const { api } = await connected();
    await api.put(FOLLOW_UP, { template: { name: 'lembrete_retorno', language: 'pt_BR' } });
    const answer = await api.put(FOLLOW_UP, { template: { name, language } });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'WHATSAPP_TEMPLATE_UNUSABLE',
      error: why,
      issues: [{ path: 'template.name', message: why }],
    });
    expect((await api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({
      followUpTemplate: { name: 'lembrete_retorno', language: 'pt_BR' },
    });
  });

  it('refuses a template Meta paused after it was listed (the local Cloud API changed as Meta would)', async () => {
    const { api, phoneNumberId } = await connected();
    const simulator = (body: unknown) =>
      fetch(`${server.url}/dev/whatsapp/api/templates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const recado = (status: string) => ({
      phoneNumberId,
      templates: [
        { name: 'recado', language: 'pt_BR', status, category: 'UTILITY', body: 'Oi! {{1}} Até mais.' },
      ],
    });
    expect((await simulator(recado('APPROVED'))).status).toBe(200);
    const listed = (await api.get<Templates>(TEMPLATES)).body.data.templates;
    expect(listed.map((t) => [t.name, t.followUpReady])).toContainEqual(['recado', true]);
    expect(listed.filter((t) => t.name === 'lembrete_retorno')).toHaveLength(1);

    expect((await simulator(recado('PAUSED'))).status).toBe(200);
    const refused = await api.put(FOLLOW_UP, { template: { name: 'recado', language: 'pt_BR' } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(
      'O modelo "recado" foi pausado pela Meta. Só modelos aprovados podem ser enviados.',
    );

    expect((await simulator(recado('APPROVED'))).status).toBe(200);
    expect((await api.put(FOLLOW_UP, { template: { name: 'recado', language: 'pt_BR' } })).status).toBe(200);
    // A status the simulator does not know is its 400, in the envelope.
    const bad = await simulator(recado('SOMETIMES'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('refuses a malformed choice with a 400 before asking Meta', async () => {
    const { api } = await connected();
    for (const body of [
      { template: { name: 'Lembrete Retorno', language: 'pt_BR' } },
      { template: { name: 'lembrete_retorno', language: 'português' } },
      { template: { name: 'lembrete_retorno' } },
      { template: { name: 'lembrete_retorno', language: 'pt_BR', category: 'UTILITY' } },
      { name: 'lembrete_retorno', language: 'pt_BR' },
    ]) {
      const answer = await api.put(FOLLOW_UP, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(answer.body.issues?.length).toBeGreaterThan(0);
    }
  });

  it("is each company's own: another company neither reads nor changes it", async () => {
    const owner = await connected();
    const other = await connected();
    await insertTemplates(server.db, owner.wabaId, [
      {
        name: 'so_da_primeira',
        language: 'pt_BR',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Só nossa: {{1}} Até mais!' }],
      },
    ]);
    await owner.api.put(FOLLOW_UP, { template: { name: 'so_da_primeira', language: 'pt_BR' } });

    // The other company sees its own account's templates and cannot choose this one's.
    const theirs = (await other.api.get<Templates>(TEMPLATES)).body.data.templates;
    expect(theirs).toEqual(SEEDED_APPROVED_TEMPLATES);
    expect((await other.api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({ followUpTemplate: null });
    const refused = await other.api.put(FOLLOW_UP, {
      template: { name: 'so_da_primeira', language: 'pt_BR' },
    });
    expect(refused.status).toBe(422);
    await other.api.put(FOLLOW_UP, { template: { name: 'lembrete_retorno', language: 'pt_BR' } });
    await other.api.delete(FOLLOW_UP);

    // A company without a connection reaches nothing.
    const stranger = await newSubscriber(server);
    for (const answer of [
      await stranger.api.get(TEMPLATES),
      await stranger.api.get(FOLLOW_UP),
      await stranger.api.put(FOLLOW_UP, { template: { name: 'so_da_primeira', language: 'pt_BR' } }),
      await stranger.api.delete(FOLLOW_UP),
    ]) {
      expect(answer.status).toBe(409);
    }

    expect((await owner.api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({
      followUpTemplate: { name: 'so_da_primeira', language: 'pt_BR' },
    });
  });

  it('answers 409 WHATSAPP_NOT_CONNECTED without a connection', async () => {
    const { api } = await newSubscriber(server);
    for (const answer of [
      await api.get(TEMPLATES),
      await api.get(FOLLOW_UP),
      await api.put(FOLLOW_UP, { template: { name: 'lembrete_retorno', language: 'pt_BR' } }),
      await api.delete(FOLLOW_UP),
    ]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'WHATSAPP_NOT_CONNECTED',
        error: 'Conecte o WhatsApp da sua empresa para usar os modelos de mensagem.',
      });
    }
  });

  it('is forgotten when the connection is disconnected', async () => {
    const { api, phoneNumberId, companyId } = await connected();
    await api.put(FOLLOW_UP, { template: { name: 'lembrete_retorno', language: 'pt_BR' } });
    expect((await api.delete(CONNECTIONS)).status).toBe(200);
    expect((await api.get(FOLLOW_UP)).status).toBe(409);
    const { rows } = await server.db.query(
      `SELECT 1 FROM whatsapp_connections WHERE company_id = $1 AND follow_up_template_name IS NOT NULL`,
      [companyId],
    );
    expect(rows).toEqual([]);

    const again = await completeSignup(server.url, { existing: phoneNumberId });
    expect((await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(again))).body.data.status).toBe(
      'connected',
    );
    expect((await api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({ followUpTemplate: null });
  });

  it('is forgotten when a connection to reconnect is replaced', async () => {
    const { api, phoneNumberId, wabaId } = await connected();
    await api.put(FOLLOW_UP, { template: { name: 'lembrete_retorno', language: 'pt_BR' } });
    await server.db.query('UPDATE dev_whatsapp_tokens SET revoked_at = now() WHERE waba_id = $1', [wabaId]);
    expect((await api.get(TEMPLATES)).status).toBe(409);
    // Still the needs-reconnect connection's choice until it is replaced.
    expect((await api.get<FollowUp>(FOLLOW_UP)).body.data.followUpTemplate).toEqual({
      name: 'lembrete_retorno',
      language: 'pt_BR',
    });

    const again = await completeSignup(server.url, { existing: phoneNumberId });
    expect((await api.post<WhatsappConnectionState>(CONNECTIONS, connectBody(again))).body.data.status).toBe(
      'connected',
    );
    expect((await api.get<FollowUp>(FOLLOW_UP)).body.data).toEqual({ followUpTemplate: null });
    expect((await api.get<Templates>(TEMPLATES)).body.data.templates).toEqual(SEEDED_APPROVED_TEMPLATES);
  });
});
