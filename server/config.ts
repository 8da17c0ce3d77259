import { resolve } from 'node:path';
import * as z from 'zod';
import { ptBR } from 'zod/locales';

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
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'deve começar com smtp:// ou smtps://' })
    .optional(),
  MAIL_FROM: z.string().default('Fechaí <nao-responda@fechai.com.br>'),
  SEED_DEMO: flag(false),
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
  /** Origins the hosted login may send people back to: the app's, plus ALLOWED_RETURN_ORIGINS. */
  allowedReturnOrigins: string[];
  /** Signs access tokens (HS256); unset: a key generated once and kept in the database. */
  authSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** An SMTP relay (smtp://user:pass@host:587); unset: e-mails go to the dev outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Create the demo company and its owner's account at start, when missing (npm run seed:demo does the same). */
  seedDemo: boolean;
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

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment (or any object, for tests). Empty values count as unset. */
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
    devPages: !isProduction || e.DEV_PAGES,
    trustProxy: e.TRUST_PROXY,
    jobsEnabled: e.JOBS_ENABLED,
    appUrl,
    authUrl: e.AUTH_URL ?? appUrl,
    allowedReturnOrigins: [...new Set([new URL(appUrl).origin, ...originList(e.ALLOWED_RETURN_ORIGINS)])],
    authSecret: e.AUTH_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
  };
}
