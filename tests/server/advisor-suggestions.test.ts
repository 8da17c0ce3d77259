import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_AI_TRAINING } from '../../contracts/ai-training';
import { SUGGESTION_NEEDS_CUSTOMER_TEXT } from '../../server/modules/advisor/texts';
import { type Bakery, seedBakery, seedOtherCompany } from '../support/advisor-company';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';

/**
 * The AI training's preview (a draft, nothing kept) and "Sugerir mensagem" (a WhatsApp draft for a
 * task's, a deal's or a conversation's customer; nothing sent), offline.
 */

let server: TestServer;
let owner: Subscriber;
let bakery: Bakery;
let othersRows: { customerId: string; taskId: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await newSubscriber(server);
  bakery = await seedBakery(server.db, owner.companyId);
  othersRows = await seedOtherCompany(server.db, (await newSubscriber(server)).companyId);
});
afterAll(() => server?.close());

const count = async (table: string) =>
  Number((await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);

interface Suggestion {
  text: string;
  mode: string;
  customerId: string;
  customerName: string;
  sources: { kind: string; id: string }[];
}

describe('preview', () => {
  it('answers with the draft training, not the saved one, and keeps nothing', async () => {
    const answer = await owner.api.post<{ text: string; mode: string; sources: { id: string }[] }>(
      '/api/advisor/preview',
      {
        question: 'Quais as formas de pagamento?',
        training: { ...EMPTY_AI_TRAINING, paymentPolicy: 'Somente Pix, à vista.' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      text: 'Formas de pagamento: Somente Pix, à vista.',
      mode: 'offline',
      sources: [
        {
          kind: 'training',
          id: 'paymentPolicy',
          label: 'Formas de pagamento',
          href: '/settings/ai-training',
        },
      ],
    });
    expect(await count('advisor_messages')).toBe(0);
  });

  it('refuses an invalid draft with a 400 on its field', async () => {
    const answer = await owner.api.post('/api/advisor/preview', {
      question: 'Oi',
      training: { ...EMPTY_AI_TRAINING, toneOfVoice: 'x'.repeat(501) },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.map((i) => i.path)).toEqual(['training.toneOfVoice']);
  });
});

describe('suggest-message', () => {
  const suggest = (body: unknown) => owner.api.post<Suggestion>('/api/advisor/suggest-message', body);

  it("a task's customer: a draft about the task, in the training's informal tone", async () => {
    const answer = await suggest({ taskId: bakery.tasks.today });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      mode: 'offline',
      customerId: bakery.customers.beatriz,
      customerName: 'Beatriz Lima',
      sources: [
        { kind: 'customer', id: bakery.customers.beatriz },
        { kind: 'task', id: bakery.tasks.today },
      ],
    });
    expect(answer.body.data.text).toBe(
      'Oi, Beatriz! Tudo bem? Passando para falar sobre: Ligar para Beatriz sobre a encomenda. Qualquer coisa, é só chamar!',
    );
  });

  it("a deal's customer, and a conversation that ends with the customer's message", async () => {
    const deal = await suggest({ dealId: bakery.deals.stalled });
    expect(deal.body.data.text).toContain('Bolo de casamento');
    expect(deal.body.data.sources.map((s) => s.id)).toEqual([bakery.customers.beatriz, bakery.deals.stalled]);

    const conversation = await suggest({ customerId: bakery.customers.maria });
    expect(conversation.body.data.text).toContain('Obrigado pela mensagem');
    expect(conversation.body.data.customerName).toBe('Maria Souza');
    // Nothing is sent: no message was added to her conversation.
    expect(await count('conversation_messages')).toBe(6);
  });

  it("a formal tone, and the training's words to avoid", async () => {
    const company = await newSubscriber(server);
    const rows = await seedBakery(server.db, company.companyId, {
      ...EMPTY_AI_TRAINING,
      toneOfVoice: 'Formal, tratando por senhor ou senhora',
      wordsToAvoid: ['dúvida'],
    });
    const answer = await company.api.post<Suggestion>('/api/advisor/suggest-message', {
      dealId: rows.deals.stalled,
    });
    expect(answer.body.data.text).toBe(
      'Olá, Beatriz. Como vai? Fico à disposição para ajudar no que for preciso.',
    );
  });

  it("another company's task, deal or customer is a 404; a task without a customer a 400", async () => {
    expect((await suggest({ taskId: othersRows.taskId })).status).toBe(404);
    expect((await suggest({ customerId: othersRows.customerId })).status).toBe(404);
    expect((await suggest({ dealId: randomUUID() })).status).toBe(404);
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO tasks (company_id, title) VALUES ($1, 'Sem cliente') RETURNING id`,
      [owner.companyId],
    );
    const lonely = await suggest({ taskId: rows[0]!.id });
    expect(lonely.status).toBe(400);
    expect(lonely.body.issues).toEqual([{ path: 'taskId', message: SUGGESTION_NEEDS_CUSTOMER_TEXT }]);
  });

  it('bad input: none or two subjects, an id that is not one', async () => {
    expect((await suggest({})).status).toBe(400);
    expect((await suggest({ taskId: bakery.tasks.today, dealId: bakery.deals.stalled })).status).toBe(400);
    expect((await suggest({ customerId: 'nope' })).status).toBe(400);
  });
});
