import { startAuthSession } from '../../server/auth/sessions/auth-sessions';
import { createAccessTokens } from '../../server/auth/tokens/access-tokens';
import { loadSigningKey } from '../../server/auth/tokens/signing-key';
import type { Config } from '../../server/config';
import type { Db } from '../../server/db/types';

export interface WorkspaceOwner {
  companyId: string;
  userId: string;
  accessToken: string;
}

/** A signed-in owner of a company with a paid subscription, written directly (no sign-in pages). */
export async function createWorkspaceOwner(db: Db, config: Config): Promise<WorkspaceOwner> {
  const userId = (
    await db.query<{ id: string }>(
      `INSERT INTO users (email, name, email_verified_at, signup_completed_at, name_confirmed_at)
       VALUES ('dona@bench.example', 'Dona do Bench', now(), now(), now()) RETURNING id`,
    )
  ).rows[0]!.id;
  const companyId = (
    await db.query<{ id: string }>(`INSERT INTO companies (name) VALUES ('Empresa do Bench') RETURNING id`)
  ).rows[0]!.id;
  await db.query('INSERT INTO memberships (company_id, user_id) VALUES ($1, $2)', [companyId, userId]);
  await db.query('UPDATE users SET current_company_id = $1 WHERE id = $2', [companyId, userId]);
  await db.query(
    `INSERT INTO subscriptions (company_id, status, current_period_start, current_period_end)
     VALUES ($1, 'active', now() - interval '1 day', now() + interval '30 days')`,
    [companyId],
  );
  const { sessionId } = await startAuthSession(db, { userId, userAgent: 'bench' });
  const tokens = createAccessTokens({
    key: await loadSigningKey(db, config.authSecret),
    issuer: config.authUrl,
    // Outlives the longest run.
    ttlSeconds: 4 * 3600,
  });
  return { companyId, userId, accessToken: await tokens.sign({ userId, sessionId }) };
}

// Common Brazilian names, accents included, so "joao" has to find "João".
const FIRST_NAMES = [
  'João',
  'Maria',
  'José',
  'Ana',
  'Antônio',
  'Francisca',
  'Carlos',
  'Paula',
  'Lúcia',
  'Pedro',
  'Luís',
  'Márcia',
  'Fábio',
  'Cláudia',
  'Sérgio',
  'Patrícia',
  'Raimundo',
  'Juliana',
  'Marcos',
  'Aline',
  'Rafael',
  'Camila',
  'Thiago',
  'Fernanda',
  'Bruno',
  'Letícia',
  'Gustavo',
  'Bárbara',
  'Vinícius',
  'Júlia',
  'André',
  'Renata',
  'Caio',
  'Débora',
  'Mateus',
  'Simone',
  'Otávio',
  'Beatriz',
  'Rogério',
  'Tânia',
];
const SURNAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Conceição',
  'Araújo',
  'Simões',
  'Ribeiro',
  'Brandão',
  'Carvalho',
  'Gonçalves',
  'Magalhães',
  'Damião',
  'Falcão',
  'Costa',
  'Martins',
  'Rocha',
  'Barbosa',
  'Teixeira',
  'Moraes',
  'Cardoso',
  'Nogueira',
  'Assunção',
  'Leão',
];

const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`;

/**
 * `count` customers in one statement: two or three names, a unique mobile (DDD 11–89) for nine in
 * ten, an e-mail for one in three, a source for half, spread over the last two years.
 */
export async function insertCustomers(db: Db, companyId: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO customers (company_id, name, phone, email, source, created_at)
     SELECT $1,
            f.name || CASE WHEN g % 3 = 0 THEN ' ' || (${sqlArray(SURNAMES)})[1 + (g / 7) % ${SURNAMES.length}] ELSE '' END
              || ' ' || s.name,
            CASE WHEN g % 10 <> 0 THEN
              '55' || (11 + g % 79)::text || '9' || lpad(((g::bigint * 7919 + 1234567) % 100000000)::text, 8, '0')
            END,
            CASE WHEN g % 3 = 1 THEN replace(customer_search_text(f.name), ' ', '') || '.' || g || '@exemplo.com.br' END,
            (ARRAY['whatsapp', 'instagram', 'indicacao', 'loja', NULL, NULL, NULL, NULL])[1 + g % 8],
            now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute'
       FROM generate_series(1, $2::int) g
       CROSS JOIN LATERAL (SELECT (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] AS name) f
       CROSS JOIN LATERAL (SELECT (${sqlArray(SURNAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${SURNAMES.length}] AS name) s`,
    [companyId, count],
  );
}

/**
 * `count` tasks in one statement, half of them for a customer: 40% done (in the last 90 days), 20%
 * overdue (up to 60 days late), about 1% due today, the rest in the coming 180 days. "Today" is the
 * company's day (America/Sao_Paulo).
 */
export async function insertTasks(db: Db, companyId: string, count: number): Promise<void> {
  await db.query(
    `WITH customer_ids AS (
       SELECT array_agg(id ORDER BY id) AS ids FROM customers WHERE company_id = $1
     ), today AS (
       SELECT (date_trunc('day', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo') AS start
     ), shaped AS (
       SELECT g,
              CASE WHEN g % 100 < 40 THEN 'completed'
                   WHEN g % 100 < 60 THEN 'overdue'
                   WHEN g % 100 = 60 THEN 'today'
                   ELSE 'future' END AS kind
         FROM generate_series(1, $2::int) g
     )
     INSERT INTO tasks (company_id, title, customer_id, due_at, status, completed_at)
     SELECT $1,
            (ARRAY['Ligar para', 'Enviar orçamento para', 'Confirmar entrega de', 'Cobrar', 'Mandar fotos para'])[1 + g % 5]
              || ' cliente ' || g,
            CASE WHEN g % 2 = 0 THEN customer_ids.ids[1 + (g * 37) % cardinality(customer_ids.ids)] END,
            CASE kind
              WHEN 'completed' THEN today.start - (1 + g % 90) * interval '1 day' + (g % 600) * interval '1 minute'
              WHEN 'overdue' THEN today.start - (1 + g % 60) * interval '1 day' + (g % 600) * interval '1 minute'
              WHEN 'today' THEN today.start + (g % 1380) * interval '1 minute'
              ELSE today.start + (1 + g % 180) * interval '1 day' + (g % 600) * interval '1 minute'
            END,
            CASE WHEN kind = 'completed' THEN 'completed' ELSE 'pending' END,
            CASE WHEN kind = 'completed' THEN today.start - (g % 90) * interval '1 day' END
       FROM shaped, today, customer_ids`,
    [companyId, count],
  );
}

/**
 * `count` deals spread over the company's stages (a deal's status is its stage's kind), numbered
 * 0, 1, 2… inside each column, a third of them for a customer, the closed ones closed in the last
 * year and a half, values up to R$ 5.000.
 */
export async function insertDeals(db: Db, companyId: string, count: number): Promise<void> {
  await db.query(
    `WITH stages AS (
       SELECT array_agg(id ORDER BY position) AS ids, array_agg(kind ORDER BY position) AS kinds
         FROM deal_stages WHERE company_id = $1
     ), customer_ids AS (
       SELECT array_agg(id ORDER BY id) AS ids FROM (SELECT id FROM customers WHERE company_id = $1 LIMIT 10000) c
     ), shaped AS (
       SELECT g, 1 + g % cardinality(stages.ids) AS stage_index FROM generate_series(1, $2::int) g, stages
     )
     INSERT INTO deals (company_id, title, customer_id, stage_id, status, value_cents, position, closed_at)
     SELECT $1,
            'Negócio ' || g,
            CASE WHEN g % 3 = 0 AND cardinality(customer_ids.ids) > 0
                 THEN customer_ids.ids[1 + (g * 31) % cardinality(customer_ids.ids)] END,
            stages.ids[stage_index],
            stages.kinds[stage_index],
            (g * 7919) % 500000,
            (row_number() OVER (PARTITION BY stage_index ORDER BY g) - 1)::int,
            CASE WHEN stages.kinds[stage_index] <> 'open' THEN now() - (g % 540) * interval '1 day' END
       FROM shaped, stages, customer_ids`,
    [companyId, count],
  );
}
