import { resolve } from 'node:path';
import * as z from 'zod';
import { ptBR } from 'zod/locales';
import type { AnalyticsSettings } from '../contracts/analytics-providers';
import type { BranchSettings } from '../contracts/branch-hosts';
import { INVITATION_RESEND_SECONDS } from '../contracts/team';

const truthy = ['1', 'true', 'yes', 'on'];
const falsy = ['0', 'false', 'no', 'off'];

/** An on/off variable: 1/true/yes/on or 0/false/no/off. */
const flag = (fallback: boolean) =>
  z
    .enum([...truthy, ...falsy] as [string, ...string[]], {
      error: 'use 1 ou 0 (true/false, yes/no, on/off)',
    })
    .optional()
    .transform((value) => (value === undefined ? fallback : truthy.includes(value)));

/**
 * Fastify's trustProxy: on (trust any proxy: only when nothing else can reach this port), off, or a
 * comma-separated list of proxy addresses, CIDR ranges or proxy-addr names (loopback, uniquelocal).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | string => {
    if (value === undefined || falsy.includes(value)) return false;
    if (truthy.includes(value)) return true;
    return value;
  });

/** An absolute http(s) URL, kept without a trailing slash. */
const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/]/, { error: 'deve ser um endereço http:// ou https://' })
  .transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'deve começar com postgres:// ou postgresql://' })
    .optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: z.enum(['auto', ...truthy, ...falsy] as [string, ...string[]]).default('auto'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  CLIENT_DIST: z.string().default('dist/client'),
  DEV_PAGES: flag(false),
  TRUST_PROXY: trustProxy,
  JOBS_ENABLED: flag(true),
  APP_URL: httpUrl.optional(),
  AUTH_URL: httpUrl.optional(),
  ALLOWED_RETURN_ORIGINS: z.string().optional(),
  AUTH_SECRET: z.string().min(32, { error: 'use pelo menos 32 caracteres aleatórios' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  AUTH_RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'deve começar com smtp:// ou smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('Fechaí <nao-responda@fechai.com.br>'),
  SEED_DEMO: flag(false),
  SMS_PROVIDER: z.enum(['dev-outbox', 'twilio']).default('dev-outbox'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'deve ser o Account SID da Twilio (AC seguido de 32 caracteres)' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$/, {
      error: 'deve ser um número no formato +5511912345678 ou o SID de um Messaging Service (MG…)',
    })
    .optional(),
  TWILIO_API_BASE: httpUrl.default('https://api.twilio.com'),
  PHONE_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  REFERRAL_REWARD_MONTHS: z.coerce.number().int().min(1).max(12).default(1),
  INVITATION_RESEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(INVITATION_RESEND_SECONDS),
  FOLLOW_UP_EXPIRY_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, {
      error: 'deve ser uma chave secreta da Stripe (sk_live_… ou sk_test_…)',
    })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { error: 'deve ser o segredo de assinatura do webhook da Stripe (whsec_…)' })
    .optional(),
  STRIPE_API_BASE: httpUrl.default('https://api.stripe.com'),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  PLAN_MONTHLY_PRICE_CENTS: z.coerce.number().int().min(100).max(10_000_000).default(9700),
  PLAN_YEARLY_PRICE_CENTS: z.coerce.number().int().min(100).max(100_000_000).default(97000),
  WHATSAPP_APP_ID: z
    .string()
    .regex(/^[0-9]{1,32}$/, { error: 'deve ser o ID (numérico) do app da Meta' })
    .optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, {
      error: 'deve ser a chave secreta do app da Meta (32 caracteres hexadecimais)',
    })
    .optional(),
  WHATSAPP_CONFIG_ID: z
    .string()
    .regex(/^[0-9]{1,32}$/, { error: 'deve ser o ID (numérico) da configuração do Cadastro Incorporado' })
    .optional(),
  WHATSAPP_COEXISTENCE_CONFIG_ID: z
    .string()
    .regex(/^[0-9]{1,32}$/, {
      error: 'deve ser o ID (numérico) da configuração do Cadastro Incorporado para coexistência',
    })
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .min(16, { error: 'use pelo menos 16 caracteres aleatórios' })
    .max(256, { error: 'use no máximo 256 caracteres' })
    .optional(),
  WHATSAPP_GRAPH_URL: httpUrl.default('https://graph.facebook.com'),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v[0-9]{1,3}\.[0-9]{1,2}$/, { error: 'deve ser uma versão da Graph API como v23.0' })
    .default('v23.0'),
  WHATSAPP_TOKEN_KEY: z
    .string()
    .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
      error: 'deve ser uma chave de 32 bytes em base64 (gere com: openssl rand -base64 32)',
    })
    .optional(),
  // The analytics providers the client was built with (scripts/client-defines.ts, same names and
  // defaults): the content security policy allows their hosts.
  GTM_ID: z.string().default(''),
  GTM_URL: httpUrl.default('https://www.googletagmanager.com'),
  POSTHOG_KEY: z.string().default(''),
  POSTHOG_HOST: httpUrl.default('https://us.i.posthog.com'),
  SENTRY_DSN: httpUrl.optional(),
  CLARITY_ID: z.string().default(''),
  CLARITY_URL: httpUrl.default('https://www.clarity.ms'),
  INTERCOM_APP_ID: z.string().default(''),
  INTERCOM_URL: httpUrl.default('https://widget.intercom.io'),
  // The client reads remote configuration from Firebase when it was built with it (the same variable).
  FIREBASE_PROJECT_ID: z.string().default(''),
  // Branch, when the client was built with its key (the same variables): the policy allows its hosts.
  BRANCH_KEY: z.string().default(''),
  BRANCH_API_URL: httpUrl.default('https://api2.branch.io'),
  // The LLM behind the advisor, the suggestions and the watcher: any OpenAI-compatible endpoint.
  LLM_BASE_URL: httpUrl.optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  LLM_MAX_TOKENS: z.coerce.number().int().min(16).max(32_000).default(800),
  LLM_MONTHLY_BUDGET_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(5000),
  // A small model's prices (about US$0.15 in, US$0.60 out per million tokens) in centavos.
  LLM_PRICE_INPUT_CENTS_PER_MTOK: z.coerce.number().min(0).max(1_000_000).default(85),
  LLM_PRICE_OUTPUT_CENTS_PER_MTOK: z.coerce.number().min(0).max(1_000_000).default(340),
});

export interface Config {
  port: number;
  /** 127.0.0.1 keeps the server on this machine; 0.0.0.0 opens it to the local network. */
  host: string;
  /** A PostgreSQL server; undefined means the embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** PGlite's folder, or `memory://` for a database that lives only as long as the process. */
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Human-readable logs: forced on or off, or `auto` (a terminal outside production). */
  logPretty: 'auto' | 'on' | 'off';
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** Absolute path of the built client (index.html and assets/). */
  clientDist: string;
  /** Dev-only pages and simulators: always outside production, in production only when DEV_PAGES=1. */
  devPages: boolean;
  trustProxy: boolean | string;
  /** Whether this instance runs the job worker (turn off on API-only instances). */
  jobsEnabled: boolean;
  /** Where users open the app (links in e-mails, the hosted login's default return). No trailing slash. */
  appUrl: string;
  /** Public base of the hosted login (`/auth` pages); the app's own origin unless it runs elsewhere. */
  authUrl: string;
  /**
   * APP_URL (or, for the hosted login, AUTH_URL and APP_URL) unset: `appUrl`/`authUrl` are only
   * defaults, and a request made on an address of this server keeps its links on that address
   * (server/http/public-urls.ts).
   */
  appUrlFollowsRequest: boolean;
  authUrlFollowsRequest: boolean;
  /** Origins the hosted login may send people back to: the app's, plus ALLOWED_RETURN_ORIGINS. */
  allowedReturnOrigins: string[];
  /** Signs access tokens (HS256); unset: a key generated once and kept in the database. */
  authSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /**
   * How long the dashboard, the sales board and the customer and task lists are kept per company
   * (READ_CACHE_SECONDS; 0: every read goes to the database). Changes drop them at once; this
   * bounds what changes with the clock.
   */
  readCacheSeconds: number;
  /** Multiplies the hosted login's per-address rate limits (AUTH_RATE_LIMIT_MULTIPLIER). */
  authRateLimitMultiplier: number;
  /** An SMTP relay (smtp://user:pass@host:587); unset: e-mails go to the dev outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Create the demo company and its owner's account at start, when missing (npm run seed:demo does the same). */
  seedDemo: boolean;
  /** Plans, prices and who takes the payments (Stripe, the embedded simulator, or nobody). */
  billing: BillingConfig;
  /** Where verification codes go by SMS: the dev outbox (default) or Twilio. */
  sms: SmsConfig;
  /** Seconds before another verification code may be asked for (the resend countdown). */
  phoneCodeResendSeconds: number;
  /** Length of the free trial that ends onboarding. */
  trialDays: number;
  /**
   * Indique e Ganhe: months of the referrer's plan price credited on its next invoice when a company
   * it referred pays its first subscription.
   */
  referralRewardMonths: number;
  /** Seconds before a team invitation's e-mail may be sent again ("Reenviar convite"). */
  invitationResendSeconds: number;
  /**
   * A follow-up whose time (or "enviar agora") is older than this when it could go out is not sent
   * but expires: a message meant for yesterday is worse than none.
   */
  followUpExpiryHours: number;
  /**
   * Jobs one instance runs at once. Sends spend most of their time waiting for Meta, so they overlap;
   * PGlite runs one statement at a time, so fewer help there.
   */
  jobConcurrency: number;
  /** WhatsApp Business (Meta's Cloud API, or the embedded simulator). */
  whatsapp: WhatsappConfig;
  /** The analytics providers the client loads (each on only with its key). */
  analytics: AnalyticsSettings;
  /** The client reads remote configuration from Firebase (FIREBASE_PROJECT_ID), not from this server. */
  remoteConfigFromFirebase: boolean;
  /** Branch (BRANCH_KEY) for referral links and first-session data; null: the client has none. */
  branch: BranchSettings | null;
  /** The OpenAI-compatible endpoint the AI features call; null: they answer in their offline mode. */
  llm: LlmConfig | null;
}

export interface LlmConfig {
  /** The endpoint's base, `/v1` included (https://api.openai.com/v1, or the local stand-in). */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Per attempt, until the answer starts; while it streams, the longest silence between pieces. */
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx, a time-out or a dropped connection. */
  maxRetries: number;
  /** The most tokens any answer may have, whatever a caller asks for. */
  maxTokens: number;
  /** What one company may spend per calendar month (America/Sao_Paulo), in centavos. */
  monthlyBudgetCents: number;
  /** Centavos per million tokens, to cost every call. */
  priceCentsPerMTok: { input: number; output: number };
}

export interface WhatsappConfig {
  /**
   * Meta's app when WHATSAPP_APP_ID is set. Null: the embedded simulator when dev pages are on,
   * otherwise WhatsApp is unavailable.
   */
  meta: WhatsappMetaConfig | null;
  /** https://graph.facebook.com, or a Graph API simulator in tests. No trailing slash. */
  graphUrl: string;
  /** The Graph API version every call names (v23.0). */
  graphVersion: string;
  /** Encrypts business tokens at rest (32 bytes); unset: a key generated once and kept in the database. */
  tokenKey: Buffer | undefined;
}

export interface WhatsappMetaConfig {
  appId: string;
  appSecret: string;
  /** Embedded Signup configuration for a Cloud API number. */
  configId: string;
  /** Embedded Signup configuration for coexistence with the WhatsApp Business app. */
  coexistenceConfigId: string;
  /** The webhook verification handshake's token. */
  verifyToken: string;
}

export type SmsConfig =
  | { provider: 'dev-outbox' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** A sender number (+E.164) or a Messaging Service SID (MG…). */
      from: string;
      /** https://api.twilio.com, or a local simulator in tests. No trailing slash. */
      apiBase: string;
    };

export interface BillingConfig {
  /** What each plan costs, in centavos (BRL): the paywall shows these. */
  priceCents: { monthly: number; yearly: number };
  /**
   * Stripe's API when STRIPE_SECRET_KEY is set. Null: the embedded simulator when dev pages are on,
   * otherwise payments are unavailable.
   */
  stripe: StripeConfig | null;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a Stripe simulator in tests. No trailing slash. */
  apiBase: string;
  /** The Stripe price each plan is sold at. */
  priceIds: { monthly: string; yearly: string };
}

/** `https://a.com.br, https://b.com.br` → their origins; anything that is not a URL is refused. */
function originList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      try {
        return new URL(item).origin;
      } catch {
        throw new ConfigError(
          `Configuração inválida:\n  - ALLOWED_RETURN_ORIGINS: "${item}" não é um endereço.`,
        );
      }
    });
}

/** Twilio needs all three credentials; naming the missing ones beats failing at the first SMS. */
function smsConfig(e: z.infer<typeof envSchema>): SmsConfig {
  if (e.SMS_PROVIDER === 'dev-outbox') return { provider: 'dev-outbox' };
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
    (key) => !e[key],
  );
  if (missing.length > 0) {
    throw new ConfigError(
      `Configuração inválida:\n${missing.map((key) => `  - ${key}: obrigatório com SMS_PROVIDER=twilio.`).join('\n')}`,
    );
  }
  return {
    provider: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    from: e.TWILIO_FROM!,
    apiBase: e.TWILIO_API_BASE,
  };
}

/** Stripe's key and webhook secret go together, and a live setup needs both prices. */
function billingConfig(e: z.infer<typeof envSchema>): BillingConfig {
  const priceCents = { monthly: e.PLAN_MONTHLY_PRICE_CENTS, yearly: e.PLAN_YEARLY_PRICE_CENTS };
  if (!e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) return { priceCents, stripe: null };
  const missing = [
    !e.STRIPE_SECRET_KEY && '  - STRIPE_SECRET_KEY: obrigatório junto com STRIPE_WEBHOOK_SECRET.',
    !e.STRIPE_WEBHOOK_SECRET && '  - STRIPE_WEBHOOK_SECRET: obrigatório junto com STRIPE_SECRET_KEY.',
    !e.STRIPE_PRICE_MONTHLY &&
      '  - STRIPE_PRICE_MONTHLY: obrigatório com STRIPE_SECRET_KEY (o preço do plano mensal, price_…).',
    !e.STRIPE_PRICE_YEARLY &&
      '  - STRIPE_PRICE_YEARLY: obrigatório com STRIPE_SECRET_KEY (o preço do plano anual, price_…).',
  ].filter((line): line is string => Boolean(line));
  if (missing.length > 0) throw new ConfigError(`Configuração inválida:\n${missing.join('\n')}`);
  return {
    priceCents,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiBase: e.STRIPE_API_BASE,
      priceIds: { monthly: e.STRIPE_PRICE_MONTHLY!, yearly: e.STRIPE_PRICE_YEARLY! },
    },
  };
}

/** Meta's settings go together: naming every missing one beats a connection failing later. */
function whatsappConfig(e: z.infer<typeof envSchema>, isProduction: boolean): WhatsappConfig {
  const keys = [
    'WHATSAPP_APP_ID',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_CONFIG_ID',
    'WHATSAPP_COEXISTENCE_CONFIG_ID',
    'WHATSAPP_VERIFY_TOKEN',
  ] as const;
  const given = keys.filter((key) => e[key]);
  const missing = given.length > 0 ? keys.filter((key) => !e[key]) : [];
  const lines = missing.map(
    (key) =>
      `  - ${key}: obrigatório junto com ${given.join(', ')} (as configurações do app da Meta vão juntas).`,
  );
  // Real business tokens need a key kept outside the database; the simulator's tokens are worthless.
  if (isProduction && given.length > 0 && !e.WHATSAPP_TOKEN_KEY) {
    lines.push(
      '  - WHATSAPP_TOKEN_KEY: obrigatório em produção (cifra os tokens do WhatsApp; gere com: openssl rand -base64 32).',
    );
  }
  if (lines.length > 0) throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  return {
    meta:
      given.length > 0
        ? {
            appId: e.WHATSAPP_APP_ID!,
            appSecret: e.WHATSAPP_APP_SECRET!,
            configId: e.WHATSAPP_CONFIG_ID!,
            coexistenceConfigId: e.WHATSAPP_COEXISTENCE_CONFIG_ID!,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
          }
        : null,
    graphUrl: e.WHATSAPP_GRAPH_URL,
    graphVersion: e.WHATSAPP_GRAPH_VERSION,
    tokenKey: e.WHATSAPP_TOKEN_KEY ? Buffer.from(e.WHATSAPP_TOKEN_KEY, 'base64') : undefined,
  };
}

/** The endpoint, its key and the model go together: naming the missing ones beats failing at the first question. */
function llmConfig(e: z.infer<typeof envSchema>): LlmConfig | null {
  const keys = ['LLM_BASE_URL', 'LLM_API_KEY', 'LLM_MODEL'] as const;
  const given = keys.filter((key) => e[key]);
  if (given.length === 0) return null;
  const missing = keys.filter((key) => !e[key]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Configuração inválida:\n${missing.map((key) => `  - ${key}: obrigatório junto com ${given.join(', ')} (o endereço, a chave e o modelo da IA vão juntos).`).join('\n')}`,
    );
  }
  return {
    baseUrl: e.LLM_BASE_URL!,
    apiKey: e.LLM_API_KEY!,
    model: e.LLM_MODEL!,
    timeoutMs: e.LLM_TIMEOUT_MS,
    maxRetries: e.LLM_MAX_RETRIES,
    maxTokens: e.LLM_MAX_TOKENS,
    monthlyBudgetCents: e.LLM_MONTHLY_BUDGET_CENTS,
    priceCentsPerMTok: { input: e.LLM_PRICE_INPUT_CENTS_PER_MTOK, output: e.LLM_PRICE_OUTPUT_CENTS_PER_MTOK },
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment (or any object, for tests). Empty values count as unset. */
/** Jobs at once per instance when JOB_CONCURRENCY is not set: PGlite runs one statement at a time. */
export const defaultJobConcurrency = (databaseUrl: string | undefined): number => (databaseUrl ? 16 : 4);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in envSchema.shape && value !== undefined && value !== '',
    ),
  );
  const parsed = envSchema.safeParse(present, { error: ptBR().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(
      `Configuração inválida:\n${lines.join('\n')}\nCorrija as variáveis de ambiente e tente de novo.`,
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.APP_URL) {
    throw new ConfigError(
      'Configuração inválida:\n  - APP_URL: obrigatório em produção (os links dos e-mails apontam para ele).',
    );
  }
  const appUrl = e.APP_URL ?? `http://localhost:${e.PORT}`;
  const devPages = !isProduction || e.DEV_PAGES;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY === 'auto' ? 'auto' : truthy.includes(e.LOG_PRETTY) ? 'on' : 'off',
    nodeEnv: e.NODE_ENV,
    isProduction,
    clientDist: resolve(e.CLIENT_DIST),
    devPages,
    trustProxy: e.TRUST_PROXY,
    jobsEnabled: e.JOBS_ENABLED,
    appUrl,
    authUrl: e.AUTH_URL ?? appUrl,
    appUrlFollowsRequest: !e.APP_URL,
    authUrlFollowsRequest: !e.AUTH_URL && !e.APP_URL,
    allowedReturnOrigins: [...new Set([new URL(appUrl).origin, ...originList(e.ALLOWED_RETURN_ORIGINS)])],
    authSecret: e.AUTH_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    readCacheSeconds: e.READ_CACHE_SECONDS,
    // A developer or tester on `npm start` signs many people up from one machine (replaying every
    // chart makes an account per chart); production and the test suites keep the real limits.
    authRateLimitMultiplier: e.AUTH_RATE_LIMIT_MULTIPLIER ?? (e.NODE_ENV === 'development' ? 10 : 1),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    billing: billingConfig(e),
    sms: smsConfig(e),
    phoneCodeResendSeconds: e.PHONE_CODE_RESEND_SECONDS,
    trialDays: e.TRIAL_DAYS,
    referralRewardMonths: e.REFERRAL_REWARD_MONTHS,
    invitationResendSeconds: e.INVITATION_RESEND_SECONDS,
    followUpExpiryHours: e.FOLLOW_UP_EXPIRY_HOURS,
    jobConcurrency: e.JOB_CONCURRENCY ?? defaultJobConcurrency(e.DATABASE_URL),
    whatsapp: whatsappConfig(e, isProduction),
    analytics: {
      gtmId: e.GTM_ID,
      gtmUrl: e.GTM_URL,
      posthogKey: e.POSTHOG_KEY,
      posthogHost: e.POSTHOG_HOST,
      sentryDsn: e.SENTRY_DSN ?? '',
      clarityId: e.CLARITY_ID,
      clarityUrl: e.CLARITY_URL,
      intercomAppId: e.INTERCOM_APP_ID,
      intercomUrl: e.INTERCOM_URL,
    },
    remoteConfigFromFirebase: e.FIREBASE_PROJECT_ID.trim() !== '',
    branch: e.BRANCH_KEY.trim() ? { key: e.BRANCH_KEY.trim(), apiUrl: e.BRANCH_API_URL } : null,
    llm: llmConfig(e),
  };
}
