import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvisorMessage, AdvisorSource } from '../../contracts/advisor';
import { OFFLINE_NOTHING_FOUND_TEXT } from '../../server/modules/advisor/offline-answers';
import { type Bakery, seedBakery } from '../support/advisor-company';
import { startTestServer, type TestServer } from '../support/server';
import { newSubscriber, type Subscriber } from '../support/signed-in-api';

/**
 * The offline advisor (no LLM configured, issue 18): every kind of owner question answered from the
 * company's own records, with the records it used as sources linked to their pages.
 */

let server: TestServer;
let owner: Subscriber;
let bakery: Bakery;

beforeAll(async () => {
  server = await startTestServer();
  owner = await newSubscriber(server);
  bakery = await seedBakery(server.db, owner.companyId);
});
afterAll(() => server?.close());

async function ask(question: string): Promise<AdvisorMessage> {
  const answer = await owner.api.post<AdvisorMessage>('/api/advisor/conversation/messages', { question });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data).toMatchObject({ role: 'assistant', mode: 'offline', status: 'complete' });
  return answer.body.data;
}

const ids = (sources: AdvisorSource[], kind?: AdvisorSource['kind']) =>
  sources.filter((s) => !kind || s.kind === kind).map((s) => s.id);

describe('each kind of question, offline', () => {
  it('customers without an answer for more than N days: last message theirs and older, oldest first', async () => {
    const answer = await ask('Quais clientes estão sem resposta há mais de 2 dias?');
    expect(ids(answer.sources)).toEqual([bakery.customers.joao, bakery.customers.maria]);
    expect(answer.sources[0]).toEqual({
      kind: 'customer',
      id: bakery.customers.joao,
      label: 'João Pereira',
      href: `/customers/${bakery.customers.joao}`,
    });
    expect(answer.text).toContain('Clientes sem resposta há mais de 2 dias:');
    expect(answer.text).toContain('Qual o preço do brigadeiro gourmet?');
    expect(answer.text).not.toContain('Carla');
    expect(answer.text).not.toContain('Pedro');

    const longer = await ask('quem esta sem resposta ha mais de 4 dias');
    expect(ids(longer.sources)).toEqual([bakery.customers.joao]);
    const none = await ask('clientes sem resposta há mais de 10 dias?');
    expect(none.sources).toEqual([]);
    expect(none.text).toBe('Nenhum cliente está sem resposta há mais de 10 dias.');
  });

  it("today's tasks, overdue tasks, a customer's tasks", async () => {
    const today = await ask('Quais tarefas tenho para hoje?');
    expect(ids(today.sources)).toEqual([bakery.tasks.today]);
    expect(today.sources[0]!.href).toBe(`/tasks/${bakery.tasks.today}`);
    expect(today.text).toContain('Ligar para Beatriz sobre a encomenda');

    const overdue = await ask('tem TAREFA atrasada?');
    expect(ids(overdue.sources)).toEqual([bakery.tasks.overdue]);
    expect(overdue.text).toContain('Tarefas atrasadas:');

    const ofMaria = await ask('Quais as tarefas da Maria Souza?');
    expect(ids(ofMaria.sources, 'task')).toEqual([bakery.tasks.future]);
    expect(ids(ofMaria.sources, 'customer')).toEqual([bakery.customers.maria]);
  });

  it('open deals, deals stalled in their stage, deals of one stage', async () => {
    const open = await ask('Quais vendas estão em aberto?');
    expect(ids(open.sources).sort()).toEqual(
      [bakery.deals.stalled, bakery.deals.negotiating, bakery.deals.newContact].sort(),
    );
    expect(open.sources.find((s) => s.id === bakery.deals.stalled)!.href).toBe(
      `/sales/${bakery.deals.stalled}`,
    );
    expect(open.text).toContain('R$ 1.200,00');

    const stalled = await ask('Tem alguma venda parada?');
    expect(ids(stalled.sources)).toEqual([bakery.deals.stalled]);
    expect(stalled.text).toContain('há 10 dias nesta etapa');

    const stage = await ask('quais negócios estão em negociação?');
    expect(ids(stage.sources)).toEqual([bakery.deals.negotiating]);
  });

  it('services of the catalogue by name, and the whole catalogue (active only)', async () => {
    const brigadeiro = await ask('Quanto custa o brigadeiro?');
    expect(ids(brigadeiro.sources)).toEqual([bakery.services.brigadeiro]);
    expect(brigadeiro.text).toContain('Brigadeiro gourmet (cento): R$ 120,00');
    expect(brigadeiro.sources[0]!.href).toBe(`/settings/services/${bakery.services.brigadeiro}/edit`);

    const catalogue = await ask('Quais serviços eu ofereço?');
    expect(ids(catalogue.sources).sort()).toEqual(
      [
        bakery.services.birthdayCake,
        bakery.services.brigadeiro,
        bakery.services.partyKit,
        bakery.services.pie,
      ].sort(),
    );
  });

  it("a named customer's recent messages, accent- and case-insensitively", async () => {
    const maria = await ask('O que a maria souza falou na conversa?');
    expect(ids(maria.sources, 'customer')).toEqual([bakery.customers.maria]);
    expect(ids(maria.sources, 'conversation')).toEqual([bakery.messages.maria]);
    expect(maria.text).toContain('Vocês fazem bolo de aniversário para 30 pessoas?');

    const joao = await ask('JOAO PEREIRA mandou mensagem?');
    expect(ids(joao.sources, 'customer')).toEqual([bakery.customers.joao]);
    expect(ids(joao.sources, 'conversation')).toEqual([bakery.messages.joao]);
  });

  it('a price objection: a reply in the training tone, with its payment policy and the cheapest services', async () => {
    const answer = await ask('Como respondo um cliente que achou caro?');
    expect(answer.sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'training', id: 'toneOfVoice', href: '/settings/ai-training' }),
        expect.objectContaining({ kind: 'training', id: 'paymentPolicy' }),
        expect.objectContaining({ kind: 'service', id: bakery.services.pie }),
        expect.objectContaining({ kind: 'service', id: bakery.services.brigadeiro }),
      ]),
    );
    expect(answer.text).toContain('3x sem juros');
    expect(answer.text).toContain('Torta holandesa por R$ 90,00');
    // The training's words to avoid are never written.
    expect(answer.text.toLowerCase()).not.toMatch(/barato|promoção/);
  });

  it("the training's policies and FAQ answers", async () => {
    const payment = await ask('Quais as formas de pagamento?');
    expect(ids(payment.sources)).toEqual(['paymentPolicy']);
    expect(payment.text).toContain('Pix, cartão de crédito em até 3x sem juros');

    const faq = await ask('Vocês fazem bolo sem glúten?');
    expect(ids(faq.sources, 'training')).toEqual(['faq-1']);
    expect(faq.text).toContain('Sim, sob encomenda, com 5 dias de antecedência.');

    const hours = await ask('Que horas a loja abre?');
    expect(ids(hours.sources)).toEqual(['openingHours']);
  });

  it('says plainly when nothing in the data answers the question', async () => {
    const answer = await ask('Qual a capital da França?');
    expect(answer).toMatchObject({ text: OFFLINE_NOTHING_FOUND_TEXT, sources: [] });
  });
});
