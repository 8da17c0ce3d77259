import { randomUUID } from 'node:crypto';
import type { AiTrainingInput } from '../../contracts/ai-training';
import type { Queryable } from '../../server/db/types';

/**
 * A small bakery's data as the advisor reads it (customers, conversations, tasks, deals, catalogue,
 * training), written straight into the company's tables, times relative to the database's now().
 * The advisor's tests and bench/advisor-eval.ts ask their questions over it.
 */

export const BAKERY_TRAINING: AiTrainingInput = {
  businessDescription:
    'Doceria artesanal em Campinas: bolos e doces para festas, feitos sob encomenda com ingredientes selecionados.',
  toneOfVoice: 'Informal e acolhedor, com emojis moderados',
  openingHours: 'Terça a sábado, das 9h às 18h',
  paymentPolicy: 'Pix, cartão de crédito em até 3x sem juros e 50% de sinal na encomenda.',
  deliveryPolicy: 'Entregamos em Campinas com taxa de R$ 15; retirada grátis na loja.',
  faqs: [
    { question: 'Vocês fazem bolo sem glúten?', answer: 'Sim, sob encomenda, com 5 dias de antecedência.' },
    { question: 'Qual o prazo para encomendas?', answer: 'Pedidos com pelo menos 3 dias de antecedência.' },
  ],
  wordsToAvoid: ['barato', 'promoção'],
};

export interface Bakery {
  customers: Record<'maria' | 'joao' | 'carla' | 'pedro' | 'beatriz' | 'roberto', string>;
  tasks: Record<'today' | 'overdue' | 'future' | 'done', string>;
  deals: Record<'stalled' | 'negotiating' | 'newContact' | 'won', string>;
  services: Record<'birthdayCake' | 'brigadeiro' | 'partyKit' | 'pie' | 'archived', string>;
  /** Maria's inbound message and the reply to Carla. */
  messages: Record<'maria' | 'joao' | 'carlaIn' | 'carlaOut' | 'pedro', string>;
}

async function one(q: Queryable, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await q.query<{ id: string }>(sql, params);
  return rows[0]!.id;
}

export async function seedBakery(
  q: Queryable,
  companyId: string,
  training = BAKERY_TRAINING,
): Promise<Bakery> {
  await q.query(`UPDATE companies SET name = 'Doceria da Ana' WHERE id = $1`, [companyId]);
  await q.query(
    `INSERT INTO ai_training_versions (company_id, version, content)
     VALUES ($1, coalesce((SELECT max(version) FROM ai_training_versions WHERE company_id = $1), 0) + 1, $2::jsonb)`,
    [companyId, JSON.stringify(training)],
  );
  const customer = (name: string, phone: string, tags: string[] = [], notes: string | null = null) =>
    one(
      q,
      'INSERT INTO customers (company_id, name, phone, tags, notes) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [companyId, name, phone, tags, notes],
    );
  const customers = {
    maria: await customer('Maria Souza', '5519991110001', ['vip'], 'Prefere entrega à tarde.'),
    joao: await customer('João Pereira', '5519991110002'),
    carla: await customer('Carla Mendes', '5519991110003'),
    pedro: await customer('Pedro Alves', '5519991110004'),
    beatriz: await customer('Beatriz Lima', '5519991110005'),
    roberto: await customer('Roberto Dias', '5519991110006'),
  };

  const message = (customerId: string, direction: 'inbound' | 'outbound', body: string, ago: string) =>
    one(
      q,
      `INSERT INTO conversation_messages (company_id, customer_id, wamid, direction, origin, type, body, sent_at)
       VALUES ($1, $2, $3, $4, $5, 'text', $6, now() - $7::interval) RETURNING id`,
      [
        companyId,
        customerId,
        `wamid.${randomUUID()}`,
        direction,
        direction === 'inbound' ? 'webhook' : 'app',
        body,
        ago,
      ],
    );
  const messages = {
    maria: await message(
      customers.maria,
      'inbound',
      'Vocês fazem bolo de aniversário para 30 pessoas?',
      '3 days',
    ),
    joao: await message(customers.joao, 'inbound', 'Qual o preço do brigadeiro gourmet?', '5 days'),
    carlaIn: await message(customers.carla, 'inbound', 'Quero encomendar uma torta holandesa.', '3 days'),
    carlaOut: await message(customers.carla, 'outbound', 'Claro, Carla! Para quando?', '2 days 20 hours'),
    pedro: await message(customers.pedro, 'inbound', 'Bom dia, vocês abrem amanhã?', '1 hour'),
  };
  await q.query(
    `UPDATE customers c SET last_inbound_at = m.at, last_contact_at = m.at
       FROM (SELECT customer_id, max(sent_at) AS at FROM conversation_messages
              WHERE company_id = $1 AND direction = 'inbound' GROUP BY customer_id) m
      WHERE c.company_id = $1 AND c.id = m.customer_id`,
    [companyId],
  );

  // Due null: "today" in the company's time zone, halfway between now and its next midnight.
  const task = (title: string, customerId: string, due: string | null, done = false) =>
    one(
      q,
      `WITH day AS (
         SELECT (date_trunc('day', now() AT TIME ZONE timezone) + interval '1 day') AT TIME ZONE timezone AS ends
           FROM companies WHERE id = $1
       )
       INSERT INTO tasks (company_id, title, customer_id, due_at, status, completed_at)
       SELECT $1, $2, $3, coalesce(now() + $4::interval, now() + (day.ends - now()) / 2),
              CASE WHEN $5 THEN 'completed' ELSE 'pending' END, CASE WHEN $5 THEN now() END
         FROM day RETURNING id`,
      [companyId, title, customerId, due, done],
    );
  const tasks = {
    today: await task('Ligar para Beatriz sobre a encomenda', customers.beatriz, null),
    overdue: await task('Cobrar o sinal do Roberto', customers.roberto, '-2 days'),
    future: await task('Confirmar o sabor do bolo da Maria', customers.maria, '5 days'),
    done: await task('Enviar cardápio para Carla', customers.carla, '-1 day', true),
  };

  const deal = (title: string, customerId: string, stage: string, valueCents: number, enteredAgo: string) =>
    one(
      q,
      `INSERT INTO deals (company_id, customer_id, stage_id, title, value_cents, status, stage_entered_at, closed_at)
       SELECT $1, $2, s.id, $4, $5, s.kind, now() - $6::interval, CASE WHEN s.kind <> 'open' THEN now() END
         FROM deal_stages s WHERE s.company_id = $1 AND s.name = $3
       RETURNING id`,
      [companyId, customerId, stage, title, valueCents, enteredAgo],
    );
  const deals = {
    stalled: await deal('Bolo de casamento', customers.beatriz, 'Proposta enviada', 120_000, '10 days'),
    negotiating: await deal(
      'Kit festa infantil do Roberto',
      customers.roberto,
      'Em negociação',
      45_000,
      '1 day',
    ),
    newContact: await deal('Bolo para 30 pessoas', customers.maria, 'Novo contato', 25_000, '3 days'),
    won: await deal('Doces do batizado', customers.carla, 'Fechado ganho', 30_000, '20 days'),
  };

  const service = (name: string, priceCents: number, active = true, description: string | null = null) =>
    one(
      q,
      'INSERT INTO services (company_id, name, price_cents, active, description) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [companyId, name, priceCents, active, description],
    );
  const services = {
    birthdayCake: await service('Bolo de aniversário', 18_000, true, 'Para 20 pessoas, dois recheios.'),
    brigadeiro: await service('Brigadeiro gourmet (cento)', 12_000),
    partyKit: await service('Kit festa infantil', 35_000),
    pie: await service('Torta holandesa', 9_000),
    archived: await service('Pão de mel', 4_000, false),
  };
  return { customers, tasks, deals, services, messages };
}

/** Another company's look-alike rows: a customer, a conversation and a task the first must never see. */
export async function seedOtherCompany(
  q: Queryable,
  companyId: string,
): Promise<{ customerId: string; taskId: string }> {
  const customerId = await one(
    q,
    `INSERT INTO customers (company_id, name, phone, last_inbound_at) VALUES ($1, 'Gustavo Ferraz', '5521988880001', now() - interval '4 days') RETURNING id`,
    [companyId],
  );
  await q.query(
    `INSERT INTO conversation_messages (company_id, customer_id, wamid, direction, origin, type, body, sent_at)
     VALUES ($1, $2, $3, 'inbound', 'webhook', 'text', 'Segredo da outra empresa: orçamento de 9 mil', now() - interval '4 days')`,
    [companyId, customerId, `wamid.${randomUUID()}`],
  );
  const taskId = await one(
    q,
    `INSERT INTO tasks (company_id, title, customer_id, due_at) VALUES ($1, 'Tarefa atrasada do Gustavo', $2, now() - interval '3 days') RETURNING id`,
    [companyId, customerId],
  );
  await q.query(
    `INSERT INTO services (company_id, name, price_cents) VALUES ($1, 'Bolo de aniversário', 99900)`,
    [companyId],
  );
  return { customerId, taskId };
}
