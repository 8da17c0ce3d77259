/**
 * Demo data on request (`npm run seed:demo`, or SEED_DEMO=1 at start): "Doces da Ana", a confeitaria
 * in São Paulo, and its owner's account, which can sign in with DEMO_USER_EMAIL / DEMO_USER_PASSWORD
 * and goes straight to the app (onboarding done, a subscription current for a year). Running it again
 * changes nothing: the company has a fixed id and is created only once, in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/hosted/passwords';
import type { Db, Queryable } from '../db/types';

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
  },
  {
    key: 'carlos',
    name: 'Carlos Eduardo Lima',
    phone: '5511991234567',
    email: 'carlos.lima@contabilmais.com.br',
    notes: 'Escritório de contabilidade na Vila Mariana. Quer coffee break mensal.',
  },
  {
    key: 'fernanda',
    name: 'Fernanda Oliveira',
    phone: '5511976543210',
    email: null,
    notes: 'Casamento em outubro. Gosta de bem-casados tradicionais.',
  },
  {
    key: 'juliana',
    name: 'Juliana Costa',
    phone: '5511984561237',
    email: 'ju.costa@email.com.br',
    notes: 'Noiva. Casamento para 150 convidados em Moema.',
  },
  {
    key: 'rafael',
    name: 'Rafael Almeida',
    phone: '5511995553210',
    email: null,
    notes: 'Revende bolo de pote na faculdade.',
  },
  {
    key: 'patricia',
    name: 'Patrícia Gomes',
    phone: '5511973218899',
    email: 'patricia.gomes@email.com.br',
    notes: null,
  },
  {
    key: 'bruno',
    name: 'Bruno Carvalho',
    phone: '5511982347766',
    email: null,
    notes: 'Alérgico a amendoim.',
  },
  {
    key: 'camila',
    name: 'Camila Rodrigues',
    phone: '5511996785544',
    email: 'camila.rodrigues@email.com.br',
    notes: 'Chá de bebê em dois meses.',
  },
  { key: 'lucas', name: 'Lucas Pereira', phone: '5511971112233', email: null, notes: null },
  {
    key: 'beatriz',
    name: 'Beatriz Santos',
    phone: '5511988776655',
    email: 'bia.santos@email.com.br',
    notes: 'Festa de 15 anos da filha, tema lilás.',
  },
  {
    key: 'thiago',
    name: 'Thiago Martins',
    phone: '5511993334455',
    email: null,
    notes: 'Prefere retirar na loja, aos sábados.',
  },
  {
    key: 'renata',
    name: 'Renata Ferreira',
    phone: '5511979990011',
    email: 'renata@buffetalegria.com.br',
    notes: 'Buffet infantil em Pinheiros; compra docinhos no atacado.',
  },
] as const;
type CustomerKey = (typeof customers)[number]['key'];

const services = [
  {
    name: 'Bolo de aniversário decorado (2 kg)',
    description: 'Massa, dois recheios e decoração no tema da festa.',
    priceCents: 22_000,
    durationMinutes: null,
  },
  {
    name: 'Cento de docinhos gourmet',
    description: 'Brigadeiro belga, beijinho, bicho-de-pé e casadinho.',
    priceCents: 16_000,
    durationMinutes: null,
  },
  {
    name: 'Kit festa (bolo 1,5 kg + 100 docinhos)',
    description: 'Para até 25 pessoas.',
    priceCents: 35_000,
    durationMinutes: null,
  },
  {
    name: 'Bolo de pote',
    description: 'Unidade de 250 ml; sabores do dia.',
    priceCents: 1_500,
    durationMinutes: null,
  },
  {
    name: 'Degustação para casamento',
    description: 'Quatro sabores de massa e recheio, na loja, com hora marcada.',
    priceCents: 9_000,
    durationMinutes: 60,
  },
] as const;

const stages = ['Novo contato', 'Orçamento enviado', 'Negociação', 'Fechado'] as const;
type Stage = (typeof stages)[number];

const deals: {
  title: string;
  customer: CustomerKey;
  stage: Stage;
  valueCents: number;
  status: 'open' | 'won' | 'lost';
}[] = [
  {
    title: 'Bolo de 15 anos — tema lilás',
    customer: 'beatriz',
    stage: 'Novo contato',
    valueCents: 45_000,
    status: 'open',
  },
  {
    title: 'Bolo de pote para revenda (20 un.)',
    customer: 'rafael',
    stage: 'Novo contato',
    valueCents: 30_000,
    status: 'open',
  },
  {
    title: 'Docinhos para chá de bebê',
    customer: 'camila',
    stage: 'Orçamento enviado',
    valueCents: 32_000,
    status: 'open',
  },
  {
    title: 'Bem-casados (200 unidades)',
    customer: 'fernanda',
    stage: 'Orçamento enviado',
    valueCents: 70_000,
    status: 'open',
  },
  {
    title: 'Bolo de casamento — 150 convidados',
    customer: 'juliana',
    stage: 'Negociação',
    valueCents: 280_000,
    status: 'open',
  },
  {
    title: 'Coffee break mensal do escritório',
    customer: 'carlos',
    stage: 'Negociação',
    valueCents: 120_000,
    status: 'open',
  },
  {
    title: 'Kit festa — aniversário de 5 anos do Théo',
    customer: 'mariana',
    stage: 'Fechado',
    valueCents: 35_000,
    status: 'won',
  },
  { title: 'Torta de aniversário', customer: 'lucas', stage: 'Fechado', valueCents: 18_000, status: 'lost' },
];

type When = { day: number; time: string };
const tasks: {
  title: string;
  description?: string;
  customer?: CustomerKey;
  due: When;
  completedAt?: When;
  recurrence?: 'none' | 'weekly' | 'monthly';
  followUp?: { body: string; scheduledFor: When; sent: boolean };
}[] = [
  { title: 'Confirmar sabor do bolo de 15 anos', customer: 'beatriz', due: { day: -1, time: '10:00' } },
  {
    title: 'Cobrar o sinal do bolo de casamento',
    description: '50% na confirmação, o restante na entrega.',
    customer: 'juliana',
    due: { day: -2, time: '14:00' },
  },
  {
    title: 'Comprar chocolate belga e leite condensado',
    description: 'Atacadão da Marginal.',
    due: { day: 0, time: '09:00' },
    recurrence: 'weekly',
  },
  { title: 'Enviar orçamento dos bem-casados', customer: 'fernanda', due: { day: 0, time: '11:00' } },
  {
    title: 'Confirmar entrega do kit festa',
    customer: 'mariana',
    due: { day: 0, time: '16:00' },
    followUp: {
      body: 'Oi, Mariana! Tudo certo para a entrega do kit festa do Théo no sábado? Levo às 14h. 🎉',
      scheduledFor: { day: 0, time: '16:00' },
      sent: false,
    },
  },
  {
    title: 'Retomar contato sobre o coffee break',
    customer: 'carlos',
    due: { day: 2, time: '10:00' },
    followUp: {
      body: 'Olá, Carlos! Conseguiu ver a proposta do coffee break mensal? Posso ajustar os itens, se precisar.',
      scheduledFor: { day: 2, time: '10:00' },
      sent: false,
    },
  },
  { title: 'Degustação com os noivos', customer: 'juliana', due: { day: 3, time: '15:00' } },
  { title: 'Pedir avaliação no Google', customer: 'mariana', due: { day: 5, time: '18:00' } },
  { title: 'Fechar o caixa do mês', due: { day: 12, time: '19:00' }, recurrence: 'monthly' },
  {
    title: 'Enviar fotos do bolo para a Patrícia',
    customer: 'patricia',
    due: { day: -3, time: '17:00' },
    completedAt: { day: -3, time: '17:20' },
    followUp: {
      body: 'Oi, Patrícia! Seguem as fotos do bolo. Obrigada pela preferência! 💕',
      scheduledFor: { day: -3, time: '17:15' },
      sent: true,
    },
  },
];

/** A moment in São Paulo (UTC−3 all year since 2019), `day` days from today there. */
function inSaoPaulo(now: Date, { day, time }: When): Date {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(now)
    .split('-')
    .map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d + day, hh + 3, mm));
}

/** Creates the demo company once; later calls only report what is there. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<SeedDemoResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO companies (id, name, business_name, document_number, document_type)
       VALUES ($1, 'Doces da Ana', 'Ana Paula Ribeiro Confeitaria ME', '12345678000195', 'cnpj')
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
  const at = (when: When) => inSaoPaulo(now, when);

  await insertOwner(tx, {
    name: 'Ana Paula Ribeiro',
    email: DEMO_USER_EMAIL,
    mobilePhone: '5511940028922',
    companyId: company,
  });
  await tx.query(
    `INSERT INTO subscriptions (company_id, status, plan, amount_cents, currency, billing_interval,
                                current_period_start, current_period_end)
     VALUES ($1, 'active', 'yearly', 97000, 'brl', 'year',
             $2::timestamptz - interval '1 day', $2::timestamptz + interval '365 days')`,
    [company, now],
  );

  const customerIds = new Map<CustomerKey, string>();
  for (const c of customers) {
    const id = randomUUID();
    customerIds.set(c.key, id);
    await tx.query(
      'INSERT INTO customers (id, company_id, name, phone, email, notes) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, company, c.name, c.phone, c.email, c.notes],
    );
  }

  for (const s of services) {
    await tx.query(
      `INSERT INTO services (company_id, name, description, price_cents, duration_minutes)
       VALUES ($1, $2, $3, $4, $5)`,
      [company, s.name, s.description, s.priceCents, s.durationMinutes],
    );
  }

  const stageIds = new Map<Stage, string>();
  for (const [position, name] of stages.entries()) {
    const id = randomUUID();
    stageIds.set(name, id);
    await tx.query('INSERT INTO deal_stages (id, company_id, name, position) VALUES ($1, $2, $3, $4)', [
      id,
      company,
      name,
      position,
    ]);
  }

  const positions = new Map<Stage, number>();
  for (const d of deals) {
    const position = positions.get(d.stage) ?? 0;
    positions.set(d.stage, position + 1);
    await tx.query(
      `INSERT INTO deals (company_id, customer_id, stage_id, title, value_cents, status, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        company,
        customerIds.get(d.customer),
        stageIds.get(d.stage),
        d.title,
        d.valueCents,
        d.status,
        position,
      ],
    );
  }

  for (const t of tasks) {
    const taskId = randomUUID();
    const customerId = t.customer ? customerIds.get(t.customer)! : null;
    // A follow-up message goes to a customer; the task refers to it only when it is written.
    const messageId = t.followUp && customerId ? randomUUID() : null;
    await tx.query(
      `INSERT INTO tasks (id, company_id, title, description, customer_id, due_at, status, completed_at,
                          recurrence, reference_entity_name, reference_entity_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        taskId,
        company,
        t.title,
        t.description ?? null,
        customerId,
        at(t.due),
        t.completedAt ? 'completed' : 'pending',
        t.completedAt ? at(t.completedAt) : null,
        t.recurrence ?? 'none',
        messageId ? 'follow_up_message' : null,
        messageId,
      ],
    );
    if (t.followUp && messageId && customerId) {
      const scheduledFor = at(t.followUp.scheduledFor);
      await tx.query(
        `INSERT INTO follow_up_messages (id, company_id, task_id, customer_id, body, scheduled_for, status, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          messageId,
          company,
          taskId,
          customerId,
          t.followUp.body,
          scheduledFor,
          t.followUp.sent ? 'sent' : 'scheduled',
          t.followUp.sent ? scheduledFor : null,
        ],
      );
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
  await insertOwner(tx, {
    name: 'Bruno Carvalho',
    email: TRIAL_ENDED_USER_EMAIL,
    mobilePhone: '5521987650000',
    companyId: TRIAL_ENDED_COMPANY_ID,
  });
  await tx.query(
    `INSERT INTO subscriptions (company_id, status, plan, current_period_start, current_period_end)
     VALUES ($1, 'trialing', 'trial', $2::timestamptz - interval '9 days', $2::timestamptz - interval '2 days')`,
    [TRIAL_ENDED_COMPANY_ID, now],
  );
}

/**
 * A demo company's owner, done with sign-up and onboarding (e-mail and phone verified, name
 * confirmed), signing in with DEMO_USER_PASSWORD and landing on that company.
 */
async function insertOwner(
  tx: Queryable,
  owner: { name: string; email: string; mobilePhone: string; companyId: string },
): Promise<void> {
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
    `INSERT INTO memberships (company_id, user_id, role) VALUES ($1, $2, 'owner')
     ON CONFLICT (user_id, company_id) DO NOTHING`,
    [owner.companyId, userId],
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
  ];
  return lines.join('\n');
}
