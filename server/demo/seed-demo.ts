/**
 * Demo data on request (`npm run seed:demo`, or SEED_DEMO=1 at start): "Doces da Ana", a confeitaria
 * in São Paulo, and its owner's account, which can sign in with DEMO_USER_EMAIL / DEMO_USER_PASSWORD
 * and goes straight to the app (onboarding done, a subscription current for a year). Its customers,
 * sales board (the default stages, deals won this month and before), and tasks are placed relative to
 * the moment it runs, so the demo looks current; its AI training is filled in and its conversation
 * watcher is on (suggestions on home). Running it again changes nothing: the company has a fixed id
 * and is created only once, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { AiTrainingInput } from '../../contracts/ai-training';
import type { Role } from '../../contracts/roles';
import type { StageKind } from '../../contracts/sales';
import { hashPassword } from '../auth/hosted/passwords';
import type { Db, Queryable } from '../db/types';
import { enqueueFollowUpSend } from '../modules/tasks/follow-up-job';

export const DEMO_COMPANY_ID = 'd0ce5da0-a4a0-4000-8000-000000000001';
export const DEMO_USER_EMAIL = 'ana@docesdaana.example';
/** Public on purpose: it is demo data, printed by the seed and listed in the README. */
export const DEMO_USER_PASSWORD = 'docesdaana2026';

/**
 * A second demo business whose free trial ended two days ago: its owner signs in and lands on the
 * paywall (to try the checkout by hand, and for the end-to-end tests). Same password.
 */
export const TRIAL_ENDED_COMPANY_ID = 'd0ce5da0-a4a0-4000-8000-000000000002';
export const TRIAL_ENDED_USER_EMAIL = 'bruno@oficinadobruno.example';

/** A staff member of "Doces da Ana" (the counter): to see what that role is offered. Same password. */
export const DEMO_STAFF_EMAIL = 'carla@docesdaana.example';

export interface SeedDemoResult {
  /** false when the demo company was already there (nothing was written). */
  created: boolean;
  companyId: string;
  counts: {
    customers: number;
    services: number;
    dealStages: number;
    deals: number;
    tasks: number;
    followUpMessages: number;
  };
}

const customers = [
  {
    key: 'mariana',
    name: 'Mariana Souza',
    phone: '5511987654321',
    email: 'mariana.souza@email.com.br',
    notes: 'Mãe do Théo; pede bolo de aniversário todo ano em março.',
    tags: ['Aniversário', 'Cliente fiel'],
    source: 'instagram',
    lastContactDaysAgo: 2,
  },
  {
    key: 'carlos',
    name: 'Carlos Eduardo Lima',
    phone: '5511991234567',
    email: 'carlos.lima@contabilmais.com.br',
    notes: 'Escritório de contabilidade na Vila Mariana. Quer coffee break mensal.',
    tags: ['Empresa', 'Mensal'],
    source: 'indicacao',
    lastContactDaysAgo: 4,
  },
  {
    key: 'fernanda',
    name: 'Fernanda Oliveira',
    phone: '5511976543210',
    email: null,
    notes: 'Casamento em outubro. Gosta de bem-casados tradicionais.',
    tags: ['Casamento'],
    source: 'whatsapp',
    lastContactDaysAgo: 6,
  },
  {
    key: 'juliana',
    name: 'Juliana Costa',
    phone: '5511984561237',
    email: 'ju.costa@email.com.br',
    notes: 'Noiva. Casamento para 150 convidados em Moema.',
    tags: ['Casamento', 'Noiva'],
    source: 'instagram',
    lastContactDaysAgo: 1,
  },
  {
    key: 'rafael',
    name: 'Rafael Almeida',
    phone: '5511995553210',
    email: null,
    notes: 'Revende bolo de pote na faculdade.',
    tags: ['Revenda'],
    source: 'whatsapp',
    lastContactDaysAgo: 3,
  },
  {
    key: 'patricia',
    name: 'Patrícia Gomes',
    phone: '5511973218899',
    email: 'patricia.gomes@email.com.br',
    notes: null,
    tags: ['Aniversário'],
    source: 'site',
    lastContactDaysAgo: 3,
  },
  {
    key: 'bruno',
    name: 'Bruno Carvalho',
    phone: '5511982347766',
    email: null,
    notes: 'Alérgico a amendoim.',
    tags: ['Alergia'],
    source: 'loja',
    lastContactDaysAgo: null,
  },
  {
    key: 'camila',
    name: 'Camila Rodrigues',
    phone: '5511996785544',
    email: 'camila.rodrigues@email.com.br',
    notes: 'Chá de bebê em dois meses.',
    tags: ['Chá de bebê'],
    source: 'facebook',
    lastContactDaysAgo: 2,
  },
  {
    key: 'lucas',
    name: 'Lucas Pereira',
    phone: '5511971112233',
    email: null,
    notes: null,
    tags: [],
    source: 'whatsapp',
    lastContactDaysAgo: 12,
  },
  {
    key: 'beatriz',
    name: 'Beatriz Santos',
    phone: '5511988776655',
    email: 'bia.santos@email.com.br',
    notes: 'Festa de 15 anos da filha, tema lilás.',
    tags: ['15 anos'],
    source: 'instagram',
    lastContactDaysAgo: 1,
  },
  {
    key: 'thiago',
    name: 'Thiago Martins',
    phone: '5511993334455',
    email: null,
    notes: 'Prefere retirar na loja, aos sábados.',
    tags: ['Retira na loja'],
    source: 'loja',
    lastContactDaysAgo: 20,
  },
  {
    key: 'renata',
    name: 'Renata Ferreira',
    phone: '5511979990011',
    email: 'renata@buffetalegria.com.br',
    notes: 'Buffet infantil em Pinheiros; compra docinhos no atacado.',
    tags: ['Atacado', 'Buffet'],
    source: 'indicacao',
    lastContactDaysAgo: 5,
  },
] as const;
type CustomerKey = (typeof customers)[number]['key'];

/** What the owner taught the AI (Configurações › Treinamento da IA), as its first saved version. */
const training: AiTrainingInput = {
  businessDescription:
    'Confeitaria artesanal na Vila Mariana (São Paulo). Fazemos bolos decorados, docinhos gourmet e kits de festa sob encomenda, para aniversários, casamentos e eventos de empresas. Tudo feito no dia, sem conservantes.',
  toneOfVoice: 'Simpático e próximo, com no máximo um emoji por mensagem; sempre chamar o cliente pelo nome.',
  openingHours: 'Terça a sábado, das 9h às 18h. Domingo e segunda só retiradas agendadas.',
  paymentPolicy:
    'Encomendas com 50% de sinal por Pix na confirmação e o restante na entrega. Cartão de crédito em até 3x sem juros acima de R$ 300.',
  deliveryPolicy:
    'Entregamos em São Paulo capital com taxa a partir de R$ 15 (grátis acima de R$ 400). Retirada na loja sem custo. Bolos decorados pedem 5 dias de antecedência.',
  faqs: [
    {
      question: 'Vocês fazem bolo sem lactose?',
      answer: 'Sim, temos massa e recheios sem lactose por encomenda, com 7 dias de antecedência.',
    },
    {
      question: 'Qual o pedido mínimo de docinhos?',
      answer: 'O pedido mínimo é de 50 unidades por sabor.',
    },
  ],
  wordsToAvoid: ['barato', 'promoção relâmpago'],
};

const services = [
  {
    key: 'bolo',
    name: 'Bolo de aniversário decorado (2 kg)',
    description: 'Massa, dois recheios e decoração no tema da festa.',
    priceCents: 22_000,
    durationMinutes: null,
  },
  {
    key: 'docinhos',
    name: 'Cento de docinhos gourmet',
    description: 'Brigadeiro belga, beijinho, bicho-de-pé e casadinho.',
    priceCents: 16_000,
    durationMinutes: null,
  },
  {
    key: 'kit',
    name: 'Kit festa (bolo 1,5 kg + 100 docinhos)',
    description: 'Para até 25 pessoas.',
    priceCents: 35_000,
    durationMinutes: null,
  },
  {
    key: 'pote',
    name: 'Bolo de pote',
    description: 'Unidade de 250 ml; sabores do dia.',
    priceCents: 1_500,
    durationMinutes: null,
  },
  {
    key: 'degustacao',
    name: 'Degustação para casamento',
    description: 'Quatro sabores de massa e recheio, na loja, com hora marcada.',
    priceCents: 9_000,
    durationMinutes: 60,
  },
] as const;
type ServiceKey = (typeof services)[number]['key'];

/**
 * When something happened or is due, relative to now in São Paulo, so the demo always looks current:
 * - `day` days from today at `time`;
 * - `today`: a share of the way from midnight to now ('earlier') or from now to midnight ('later');
 * - `daysAgo` before now; `thisMonth`: a share of the way from the 1st of this month to now;
 *   `beforeThisMonth`: days before this month began.
 */
type When =
  | { day: number; time: string }
  | { today: 'earlier' | 'later'; share: number }
  | { daysAgo: number }
  | { thisMonth: number }
  | { beforeThisMonth: number };

/** One of contracts/sales.ts defaultStages, which migration 010 gives every new company. */
type Stage = 'Novo contato' | 'Em negociação' | 'Proposta enviada' | 'Fechado ganho' | 'Fechado perdido';

const deals: {
  title: string;
  customer: CustomerKey;
  stage: Stage;
  valueCents: number;
  /** When it entered its stage (for won and lost deals, when it closed). */
  entered: When;
  expectedCloseInDays?: number;
  notes?: string;
  lostReason?: string;
  services?: { service: ServiceKey; quantity: number }[];
}[] = [
  {
    title: 'Bolo de 15 anos — tema lilás',
    customer: 'beatriz',
    stage: 'Novo contato',
    valueCents: 45_000,
    entered: { daysAgo: 1 },
    expectedCloseInDays: 10,
    notes: 'Bolo de três andares com flores de açúcar.',
    services: [
      { service: 'bolo', quantity: 1 },
      { service: 'docinhos', quantity: 1 },
    ],
  },
  {
    title: 'Bolo de pote para revenda (20 un.)',
    customer: 'rafael',
    stage: 'Novo contato',
    valueCents: 30_000,
    entered: { daysAgo: 3 },
    services: [{ service: 'pote', quantity: 20 }],
  },
  {
    title: 'Bem-casados (200 unidades)',
    customer: 'fernanda',
    stage: 'Em negociação',
    valueCents: 70_000,
    entered: { daysAgo: 6 },
    expectedCloseInDays: 14,
    notes: 'Quer embalagem em tule branco com fita dourada.',
  },
  {
    title: 'Bolo de casamento — 150 convidados',
    customer: 'juliana',
    stage: 'Em negociação',
    valueCents: 280_000,
    entered: { daysAgo: 9 },
    expectedCloseInDays: 20,
    services: [{ service: 'degustacao', quantity: 1 }],
  },
  {
    title: 'Coffee break mensal do escritório',
    customer: 'carlos',
    stage: 'Proposta enviada',
    valueCents: 120_000,
    entered: { daysAgo: 4 },
    expectedCloseInDays: 7,
    services: [
      { service: 'docinhos', quantity: 4 },
      { service: 'pote', quantity: 30 },
    ],
  },
  {
    title: 'Docinhos para chá de bebê',
    customer: 'camila',
    stage: 'Proposta enviada',
    valueCents: 32_000,
    entered: { daysAgo: 2 },
    services: [{ service: 'docinhos', quantity: 2 }],
  },
  {
    title: 'Kit festa — aniversário de 5 anos do Théo',
    customer: 'mariana',
    stage: 'Fechado ganho',
    valueCents: 35_000,
    entered: { thisMonth: 0.8 },
    services: [{ service: 'kit', quantity: 1 }],
  },
  {
    title: 'Docinhos para o Buffet Alegria',
    customer: 'renata',
    stage: 'Fechado ganho',
    valueCents: 48_000,
    entered: { thisMonth: 0.3 },
    services: [{ service: 'docinhos', quantity: 3 }],
  },
  {
    title: 'Bolo de aniversário da Patrícia',
    customer: 'patricia',
    stage: 'Fechado ganho',
    valueCents: 22_000,
    entered: { beforeThisMonth: 10 },
    services: [{ service: 'bolo', quantity: 1 }],
  },
  {
    title: 'Kit festa da formatura',
    customer: 'thiago',
    stage: 'Fechado ganho',
    valueCents: 70_000,
    entered: { beforeThisMonth: 45 },
    services: [{ service: 'kit', quantity: 2 }],
  },
  {
    title: 'Torta de aniversário',
    customer: 'lucas',
    stage: 'Fechado perdido',
    valueCents: 18_000,
    entered: { daysAgo: 12 },
    lostReason: 'Achou mais barato em outra confeitaria.',
  },
];

interface SeedTask {
  key: string;
  title: string;
  description?: string;
  customer?: CustomerKey;
  due: When;
  completedAt?: When;
  recurrence?: 'none' | 'weekly' | 'monthly';
  /** The completed occurrence this one was created from (a recurring task). */
  recurrenceOf?: string;
  followUp?: { body: string; status: 'scheduled' | 'waiting_connection' | 'sent' };
}

const tasks: SeedTask[] = [
  {
    key: 'sinal',
    title: 'Cobrar o sinal do bolo de casamento',
    description: '50% na confirmação, o restante na entrega.',
    customer: 'juliana',
    due: { day: -2, time: '14:00' },
  },
  {
    key: 'sabor',
    title: 'Confirmar sabor do bolo de 15 anos',
    customer: 'beatriz',
    due: { day: -1, time: '10:00' },
  },
  {
    key: 'compras',
    title: 'Comprar chocolate belga e leite condensado',
    description: 'Atacadão da Marginal.',
    due: { today: 'earlier', share: 0.4 },
    recurrence: 'weekly',
  },
  {
    key: 'orcamento',
    title: 'Enviar orçamento dos bem-casados',
    customer: 'fernanda',
    due: { today: 'earlier', share: 0.8 },
    // Its time came with no WhatsApp connected: it waits ("aguardando conexão").
    followUp: {
      body: 'Oi, Fernanda! Preparei o orçamento dos 200 bem-casados. Posso te mandar por aqui?',
      status: 'waiting_connection',
    },
  },
  {
    key: 'entrega',
    title: 'Confirmar entrega do kit festa',
    customer: 'mariana',
    due: { today: 'later', share: 0.5 },
    followUp: {
      body: 'Oi, Mariana! Tudo certo para a entrega do kit festa do Théo no sábado? Levo às 14h. 🎉',
      status: 'scheduled',
    },
  },
  {
    key: 'coffee-anterior',
    title: 'Retomar contato sobre o coffee break',
    customer: 'carlos',
    due: { day: -28, time: '10:00' },
    completedAt: { day: -28, time: '10:05' },
    recurrence: 'monthly',
    followUp: {
      body: 'Olá, Carlos! Conseguiu ver a proposta do coffee break mensal? Posso ajustar os itens, se precisar.',
      status: 'sent',
    },
  },
  {
    key: 'coffee',
    title: 'Retomar contato sobre o coffee break',
    customer: 'carlos',
    // Monthly (30 days) after the occurrence above.
    due: { day: 2, time: '10:00' },
    recurrence: 'monthly',
    recurrenceOf: 'coffee-anterior',
    followUp: {
      body: 'Olá, Carlos! Conseguiu ver a proposta do coffee break mensal? Posso ajustar os itens, se precisar.',
      status: 'scheduled',
    },
  },
  {
    key: 'degustacao',
    title: 'Degustação com os noivos',
    customer: 'juliana',
    due: { day: 3, time: '15:00' },
  },
  {
    key: 'avaliacao',
    title: 'Pedir avaliação no Google',
    customer: 'mariana',
    due: { day: 5, time: '18:00' },
  },
  { key: 'caixa', title: 'Fechar o caixa do mês', due: { day: 12, time: '19:00' }, recurrence: 'monthly' },
  {
    key: 'fotos',
    title: 'Enviar fotos do bolo para a Patrícia',
    customer: 'patricia',
    due: { day: -3, time: '17:00' },
    completedAt: { day: -3, time: '17:20' },
    followUp: {
      body: 'Oi, Patrícia! Seguem as fotos do bolo. Obrigada pela preferência! 💕',
      status: 'sent',
    },
  },
];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// São Paulo has kept UTC−3 all year since 2019.
const SAO_PAULO_UTC_OFFSET_HOURS = 3;

/** Today's date in São Paulo. */
function saoPauloToday(now: Date): [number, number, number] {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(now)
    .split('-')
    .map(Number) as [number, number, number];
}

/** `share` of the way from `from` to `to`, on a 5-minute mark when one fits strictly between them. */
function between(from: number, to: number, share: number): Date {
  const exact = from + (to - from) * share;
  const rounded = Math.round(exact / (5 * MINUTE)) * 5 * MINUTE;
  return new Date(rounded > from && rounded < to ? rounded : exact);
}

/** The moment `when` names, relative to `now` (see When). */
function momentOf(now: Date, when: When): Date {
  const [y, m, d] = saoPauloToday(now);
  const midnight = (day: number) => Date.UTC(y, m - 1, d + day, SAO_PAULO_UTC_OFFSET_HOURS);
  const monthStart = Date.UTC(y, m - 1, 1, SAO_PAULO_UTC_OFFSET_HOURS);
  if ('day' in when) {
    const [hh, mm] = when.time.split(':').map(Number) as [number, number];
    return new Date(midnight(when.day) + hh * 60 * MINUTE + mm * MINUTE);
  }
  if ('today' in when) {
    return when.today === 'earlier'
      ? between(midnight(0), now.getTime(), when.share)
      : between(now.getTime(), midnight(1), when.share);
  }
  if ('daysAgo' in when) return new Date(now.getTime() - when.daysAgo * DAY);
  if ('thisMonth' in when) return between(monthStart, now.getTime(), when.thisMonth);
  return new Date(monthStart - when.beforeThisMonth * DAY);
}

/** Creates the demo company once; later calls only report what is there. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<SeedDemoResult> {
  return db.transaction(async (tx) => {
    // Migration 010's trigger gives the new company the default stages.
    const inserted = await tx.query(
      `INSERT INTO companies (id, name, business_name, document_number, document_type, email, city, state,
                              description, sentinel_watcher_enabled)
       VALUES ($1, 'Doces da Ana', 'Ana Paula Ribeiro Confeitaria ME', '12345678000195', 'cnpj',
               'contato@docesdaana.example', 'São Paulo', 'SP',
               'Confeitaria artesanal na Vila Mariana: bolos decorados, docinhos gourmet e kits de festa sob encomenda.',
               true)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [DEMO_COMPANY_ID],
    );
    const created = inserted.rows.length > 0;
    if (created) await fill(tx, now);
    await seedTrialEnded(tx, now);
    return { created, companyId: DEMO_COMPANY_ID, counts: await count(tx) };
  });
}

async function fill(tx: Queryable, now: Date) {
  const company = DEMO_COMPANY_ID;
  const at = (when: When) => momentOf(now, when);

  const ownerId = await insertMember(tx, {
    name: 'Ana Paula Ribeiro',
    email: DEMO_USER_EMAIL,
    mobilePhone: '5511940028922',
    companyId: company,
    role: 'owner',
  });
  await insertMember(tx, {
    name: 'Carla Mendes',
    email: DEMO_STAFF_EMAIL,
    mobilePhone: '5511940028933',
    companyId: company,
    role: 'staff',
  });
  await tx.query(
    `INSERT INTO subscriptions (company_id, status, plan, amount_cents, currency, billing_interval,
                                current_period_start, current_period_end)
     VALUES ($1, 'active', 'yearly', 97000, 'brl', 'year',
             $2::timestamptz - interval '1 day', $2::timestamptz + interval '365 days')`,
    [company, now],
  );
  await tx.query(
    `INSERT INTO ai_training_versions (company_id, version, content, author_id, created_at)
     VALUES ($1, 1, $2::jsonb, $3, $4::timestamptz - interval '20 days')`,
    [company, JSON.stringify(training), ownerId, now],
  );

  const customerIds = new Map<CustomerKey, string>();
  for (const [i, c] of customers.entries()) {
    const id = randomUUID();
    customerIds.set(c.key, id);
    await tx.query(
      `INSERT INTO customers (id, company_id, name, phone, email, notes, tags, source, last_contact_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        company,
        c.name,
        c.phone,
        c.email,
        c.notes,
        [...c.tags],
        c.source,
        c.lastContactDaysAgo === null ? null : at({ daysAgo: c.lastContactDaysAgo }),
        // Customers arrived over the last months, the first one earliest.
        at({ daysAgo: 90 - i * 7 }),
      ],
    );
  }

  const serviceIds = new Map<ServiceKey, string>();
  for (const s of services) {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO services (company_id, name, description, price_cents, duration_minutes)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [company, s.name, s.description, s.priceCents, s.durationMinutes],
    );
    serviceIds.set(s.key, rows[0]!.id);
  }

  const stages = await tx.query<{ id: string; name: Stage; kind: StageKind }>(
    'SELECT id, name, kind FROM deal_stages WHERE company_id = $1',
    [company],
  );
  const stageOf = (name: Stage) => {
    const stage = stages.rows.find((s) => s.name === name);
    if (!stage) throw new Error(`the demo company has no stage "${name}"`);
    return stage;
  };
  const positions = new Map<Stage, number>();
  for (const d of deals) {
    const stage = stageOf(d.stage);
    const position = positions.get(d.stage) ?? 0;
    positions.set(d.stage, position + 1);
    const entered = at(d.entered);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO deals (company_id, customer_id, stage_id, title, value_cents, status, position, stage_entered_at,
                          closed_at, expected_close_date, notes, lost_reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING id`,
      [
        company,
        customerIds.get(d.customer),
        stage.id,
        d.title,
        d.valueCents,
        stage.kind,
        position,
        entered,
        stage.kind === 'open' ? null : entered,
        d.expectedCloseInDays === undefined
          ? null
          : new Date(now.getTime() + d.expectedCloseInDays * DAY).toISOString().slice(0, 10),
        d.notes ?? null,
        d.lostReason ?? null,
        new Date(entered.getTime() - 2 * DAY),
      ],
    );
    for (const [index, line] of (d.services ?? []).entries()) {
      const service = services.find((s) => s.key === line.service)!;
      await tx.query(
        `INSERT INTO deal_services (company_id, deal_id, service_id, price_cents, quantity, position)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [company, rows[0]!.id, serviceIds.get(line.service), service.priceCents, line.quantity, index],
      );
    }
  }

  const taskIds = new Map<string, string>();
  for (const t of tasks) {
    const taskId = randomUUID();
    taskIds.set(t.key, taskId);
    const customerId = t.customer ? customerIds.get(t.customer)! : null;
    // A follow-up message goes to a customer; the task refers to it only when it is written.
    const messageId = t.followUp && customerId ? randomUUID() : null;
    const due = at(t.due);
    await tx.query(
      `INSERT INTO tasks (id, company_id, title, description, customer_id, due_at, status, completed_at,
                          recurrence, reference_entity_name, reference_entity_id, recurrence_source_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        taskId,
        company,
        t.title,
        t.description ?? null,
        customerId,
        due,
        t.completedAt ? 'completed' : 'pending',
        t.completedAt ? at(t.completedAt) : null,
        t.recurrence ?? 'none',
        messageId ? 'follow_up_message' : null,
        messageId,
        t.recurrenceOf ? taskIds.get(t.recurrenceOf) : null,
        new Date(Math.min(due.getTime(), now.getTime()) - 2 * DAY),
      ],
    );
    if (t.followUp && messageId && customerId) {
      const sent = t.followUp.status === 'sent';
      await tx.query(
        `INSERT INTO follow_up_messages (id, company_id, task_id, customer_id, body, scheduled_for, status, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [messageId, company, taskId, customerId, t.followUp.body, due, t.followUp.status, sent ? due : null],
      );
      // As the task form does: the send is a job at the task's time.
      if (t.followUp.status === 'scheduled') await enqueueFollowUpSend(tx, company, messageId);
    }
  }
}

/** "Oficina do Bruno": onboarding done, a 7-day trial that ended two days ago, nothing paid. */
async function seedTrialEnded(tx: Queryable, now: Date) {
  const inserted = await tx.query(
    `INSERT INTO companies (id, name, business_name, document_number, document_type)
     VALUES ($1, 'Oficina do Bruno', 'Bruno Carvalho Mecânica ME', '11222333000181', 'cnpj')
     ON CONFLICT (id) DO NOTHING
     RETURNING id`,
    [TRIAL_ENDED_COMPANY_ID],
  );
  if (inserted.rows.length === 0) return;
  await insertMember(tx, {
    name: 'Bruno Carvalho',
    email: TRIAL_ENDED_USER_EMAIL,
    mobilePhone: '5521987650000',
    role: 'owner',
    companyId: TRIAL_ENDED_COMPANY_ID,
  });
  await tx.query(
    `INSERT INTO subscriptions (company_id, status, plan, current_period_start, current_period_end)
     VALUES ($1, 'trialing', 'trial', $2::timestamptz - interval '9 days', $2::timestamptz - interval '2 days')`,
    [TRIAL_ENDED_COMPANY_ID, now],
  );
}

/**
 * A demo company's member (its owner, or one of the team), done with sign-up and onboarding (e-mail
 * and phone verified, name confirmed), signing in with DEMO_USER_PASSWORD and landing on that company.
 */
async function insertMember(
  tx: Queryable,
  owner: { name: string; email: string; mobilePhone: string; companyId: string; role: Role },
): Promise<string> {
  const user = await tx.query<{ id: string }>(
    `INSERT INTO users (email, name, mobile_phone, email_verified_at, mobile_phone_verified_at, signup_completed_at,
                        name_confirmed_at)
     VALUES ($1, $2, $3, now(), now(), now(), now())
     ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
     RETURNING id`,
    [owner.email, owner.name, owner.mobilePhone],
  );
  const userId = user.rows[0]!.id;
  await tx.query(
    `INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, company_id) DO NOTHING`,
    [owner.companyId, userId, owner.role],
  );
  await tx.query('UPDATE users SET current_company_id = $2 WHERE id = $1 AND current_company_id IS NULL', [
    userId,
    owner.companyId,
  ]);
  await tx.query(
    `INSERT INTO password_credentials (user_id, password_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO NOTHING`,
    [userId, await hashPassword(DEMO_USER_PASSWORD)],
  );
  return userId;
}

async function count(tx: Queryable): Promise<SeedDemoResult['counts']> {
  const { rows } = await tx.query<Record<keyof SeedDemoResult['counts'], number | string>>(
    `SELECT
       (SELECT count(*) FROM customers WHERE company_id = $1) AS "customers",
       (SELECT count(*) FROM services WHERE company_id = $1) AS "services",
       (SELECT count(*) FROM deal_stages WHERE company_id = $1) AS "dealStages",
       (SELECT count(*) FROM deals WHERE company_id = $1) AS "deals",
       (SELECT count(*) FROM tasks WHERE company_id = $1) AS "tasks",
       (SELECT count(*) FROM follow_up_messages WHERE company_id = $1) AS "followUpMessages"`,
    [DEMO_COMPANY_ID],
  );
  const row = rows[0]!;
  return {
    customers: Number(row.customers),
    services: Number(row.services),
    dealStages: Number(row.dealStages),
    deals: Number(row.deals),
    tasks: Number(row.tasks),
    followUpMessages: Number(row.followUpMessages),
  };
}

export function describeSeed({ created, counts }: SeedDemoResult): string {
  const lines = [
    created
      ? 'Empresa de demonstração “Doces da Ana” criada.'
      : 'A empresa de demonstração “Doces da Ana” já existia; nada foi alterado.',
    `  ${counts.customers} clientes, ${counts.services} serviços, ${counts.dealStages} etapas de venda,`,
    `  ${counts.deals} negócios, ${counts.tasks} tarefas e ${counts.followUpMessages} mensagens de acompanhamento.`,
    `  Entre com ${DEMO_USER_EMAIL} e a senha ${DEMO_USER_PASSWORD}.`,
    `  Para ver a tela de assinatura (teste grátis encerrado): ${TRIAL_ENDED_USER_EMAIL}, mesma senha.`,
    `  Para ver o que uma atendente da equipe vê: ${DEMO_STAFF_EMAIL}, mesma senha.`,
  ];
  return lines.join('\n');
}
