import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import {
  ADVISOR_QUESTION_MAX,
  ADVISOR_QUESTION_REQUIRED_TEXT,
  type AdvisorMessage,
  type AdvisorStreamEvent,
  advisorStreamEventSchema,
} from '../../contracts/advisor';
import { ASKS_PER_MINUTE } from '../../server/modules/advisor/routes';
import { type Bakery, seedBakery, seedOtherCompany } from '../support/advisor-company';
import { sessionHeadersFor, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type SignedInApi, type Subscriber, signedInApi } from '../support/signed-in-api';
import { createTeamMember } from '../support/team-members';

/**
 * The advisor's chat over HTTP (issue 18): JSON and server-sent answers, each member's own
 * conversation, clearing it, bad input, and one company's data never reaching another's answers.
 */

let server: TestServer;
let owner: Subscriber;
let bakery: Bakery;
let other: Subscriber;
let othersRows: { customerId: string; taskId: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await newSubscriber(server);
  bakery = await seedBakery(server.db, owner.companyId);
  other = await newSubscriber(server);
  othersRows = await seedOtherCompany(server.db, other.companyId);
});
afterAll(() => server?.close());

const ASK = '/api/advisor/conversation/messages';
const CONVERSATION = '/api/advisor/conversation';

const conversation = async (api: SignedInApi) =>
  (await api.get<{ messages: AdvisorMessage[] }>(CONVERSATION)).body.data.messages;

/** An ask with `Accept: text/event-stream`, its events read as a client reads them. */
async function askStreaming(account: TestAccount, question: string) {
  const response = await fetch(`${server.url}${ASK}`, {
    method: 'POST',
    headers: {
      ...sessionHeadersFor(account),
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({ question }),
  });
  const raw = await response.text();
  const frames = raw.split('\n\n').filter(Boolean);
  const events = frames.map((frame) => {
    expect(frame).toMatch(/^data: /);
    const parsed = safeParse(advisorStreamEventSchema, JSON.parse(frame.slice('data: '.length)));
    expect(parsed.success, frame).toBe(true);
    return parsed.data as AdvisorStreamEvent;
  });
  return { response, raw, events };
}

describe('answers', () => {
  it('JSON: the finished answer, kept after the question in the caller’s conversation', async () => {
    const member = await newSubscriber(server);
    await seedBakery(server.db, member.companyId);
    const answer = await member.api.post<AdvisorMessage>(ASK, {
      question: '  Quais tarefas tenho para hoje?  ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: expect.any(String),
      role: 'assistant',
      text: expect.stringContaining('Tarefas de hoje:'),
      sources: [expect.objectContaining({ kind: 'task' })],
      mode: 'offline',
      status: 'complete',
      createdAt: expect.any(String),
    });
    const kept = await conversation(member.api);
    expect(kept.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Quais tarefas tenho para hoje?'],
      ['assistant', answer.body.data.text],
    ]);
    expect(kept[0]).toMatchObject({ mode: null, status: 'complete', sources: [] });
    expect(kept[1]).toEqual(answer.body.data);
  });

  it('server-sent events: started, deltas that add up to the answer, done; both messages kept', async () => {
    const { response, events } = await askStreaming(
      owner.account,
      'Quais clientes estão sem resposta há mais de 2 dias?',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('started');
    expect(types.at(-1)).toBe('done');
    expect(types.slice(1, -1).every((t) => t === 'delta')).toBe(true);
    expect(types.length).toBeGreaterThanOrEqual(4);
    const started = events[0] as Extract<AdvisorStreamEvent, { type: 'started' }>;
    const done = events.at(-1) as Extract<AdvisorStreamEvent, { type: 'done' }>;
    expect(started.question).toMatchObject({
      role: 'user',
      text: 'Quais clientes estão sem resposta há mais de 2 dias?',
    });
    const deltas = events.flatMap((e) => (e.type === 'delta' ? [e.text] : []));
    expect(deltas.join('')).toBe(done.answer.text);
    expect(done.answer.sources.map((s) => s.id)).toEqual([bakery.customers.joao, bakery.customers.maria]);

    const kept = await conversation(owner.api);
    expect(kept.slice(-2)).toEqual([started.question, done.answer]);
  });
});

describe('each member’s conversation', () => {
  it('another member of the company sees only theirs; clearing forgets only the caller’s', async () => {
    const company = await newSubscriber(server);
    const manager = await createTeamMember(server.db, company.companyId, 'manager');
    const managerApi = signedInApi(server.url, manager);
    await company.api.post(ASK, { question: 'Quais vendas estão em aberto?' });
    await company.api.post(ASK, { question: 'Quais serviços eu ofereço?' });
    await managerApi.post(ASK, { question: 'Tem tarefa atrasada?' });

    expect((await conversation(company.api)).filter((m) => m.role === 'user').map((m) => m.text)).toEqual([
      'Quais vendas estão em aberto?',
      'Quais serviços eu ofereço?',
    ]);
    expect((await conversation(managerApi)).filter((m) => m.role === 'user').map((m) => m.text)).toEqual([
      'Tem tarefa atrasada?',
    ]);

    const cleared = await company.api.delete<{ cleared: number }>(CONVERSATION);
    expect(cleared).toMatchObject({ status: 200, body: { data: { cleared: 4 } } });
    expect(await conversation(company.api)).toEqual([]);
    expect(await conversation(managerApi)).toHaveLength(2);
    expect((await company.api.delete<{ cleared: number }>(CONVERSATION)).body.data).toEqual({ cleared: 0 });
  });
});

describe('bad input: a 400 in the envelope, nothing kept', () => {
  it.each([
    ['no question', {}, 'question'],
    ['an empty question', { question: '   ' }, 'question'],
    ['a question too long', { question: 'a'.repeat(ADVISOR_QUESTION_MAX + 1) }, 'question'],
    ['a NUL character', { question: 'oi\u0000' }, 'question'],
    ['an unknown field', { question: 'Oi', extra: true }, ''],
  ])('%s', async (_name, body, path) => {
    const member = await newSubscriber(server);
    const answer = await member.api.post(ASK, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    if (path) expect(answer.body.issues?.map((i) => i.path)).toContain(path);
    expect(await conversation(member.api)).toEqual([]);
  });

  it('the empty question names what to do', async () => {
    const answer = await owner.api.post(ASK, { question: '' });
    expect(answer.body.issues).toEqual([{ path: 'question', message: ADVISOR_QUESTION_REQUIRED_TEXT }]);
  });
});

describe('tenant isolation', () => {
  it("another company's customer named in the question is never found nor cited", async () => {
    const answer = await owner.api.post<AdvisorMessage>(ASK, {
      question: 'O que o Gustavo Ferraz falou na conversa?',
    });
    expect(answer.body.data.sources).toEqual([]);
    expect(answer.body.data.text).not.toContain('Gustavo');
    expect(answer.body.data.text).not.toContain('Segredo');

    const unanswered = await owner.api.post<AdvisorMessage>(ASK, {
      question: 'clientes sem resposta há mais de 2 dias',
    });
    expect(unanswered.body.data.sources.map((s) => s.id)).not.toContain(othersRows.customerId);
    const overdue = await owner.api.post<AdvisorMessage>(ASK, { question: 'tarefas atrasadas' });
    expect(overdue.body.data.sources.map((s) => s.id)).toEqual([bakery.tasks.overdue]);

    const theirs = await other.api.post<AdvisorMessage>(ASK, {
      question: 'O que a Maria Souza pediu? E o João Pereira?',
    });
    expect(JSON.stringify(theirs.body.data)).not.toMatch(/Maria|João|bolo de aniversário para 30/);
    const catalogue = await other.api.post<AdvisorMessage>(ASK, { question: 'quais serviços eu ofereço?' });
    expect(catalogue.body.data.text).toContain('R$ 999,00');
    expect(catalogue.body.data.text).not.toContain('Brigadeiro');
  });
});

describe('rate limit', () => {
  it(`${ASKS_PER_MINUTE} asks a minute per member, then a 429 in the envelope`, async () => {
    const member = await newSubscriber(server);
    for (let i = 0; i < ASKS_PER_MINUTE; i++) {
      expect((await member.api.post(ASK, { question: `pergunta ${i}` })).status).toBe(200);
    }
    const refused = await member.api.post(ASK, { question: 'mais uma' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Another member of the same company still asks.
    const colleague = signedInApi(server.url, await createTeamMember(server.db, member.companyId, 'staff'));
    expect((await colleague.post(ASK, { question: 'oi' })).status).toBe(200);
  });
});
