import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has defaults that run on one machine with nothing set', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: './data',
      logLevel: 'info',
      logPretty: 'auto',
      nodeEnv: 'development',
      isProduction: false,
      clientDist: resolve('dist/client'),
      devPages: true,
      trustProxy: false,
      jobsEnabled: true,
      appUrl: 'http://localhost:3000',
      authUrl: 'http://localhost:3000',
      appUrlFollowsRequest: true,
      authUrlFollowsRequest: true,
      allowedReturnOrigins: ['http://localhost:3000'],
      authSecret: undefined,
      accessTokenTtlSeconds: 900,
      readCacheSeconds: 5,
      authRateLimitMultiplier: 10,
      smtpUrl: undefined,
      // No LLM_* set: the AI answers offline.
      llm: null,
      mailFrom: 'Fechaí <nao-responda@fechai.com.br>',
      seedDemo: false,
      sms: { provider: 'dev-outbox' },
      phoneCodeResendSeconds: 60,
      remoteConfigFromFirebase: false,
      branch: null,
      trialDays: 7,
      referralRewardMonths: 1,
      invitationResendSeconds: 60,
      followUpExpiryHours: 24,
      jobConcurrency: 4,
      billing: { priceCents: { monthly: 9700, yearly: 97000 }, stripe: null },
      whatsapp: {
        meta: null,
        graphUrl: 'https://graph.facebook.com',
        graphVersion: 'v23.0',
        tokenKey: undefined,
      },
      // Every analytics provider off: no key.
      analytics: {
        gtmId: '',
        gtmUrl: 'https://www.googletagmanager.com',
        posthogKey: '',
        posthogHost: 'https://us.i.posthog.com',
        sentryDsn: '',
        clarityId: '',
        clarityUrl: 'https://www.clarity.ms',
        intercomAppId: '',
        intercomUrl: 'https://widget.intercom.io',
      },
    });
  });

  it('keeps the real rate limits of the hosted login outside development unless told otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).authRateLimitMultiplier).toBe(1);
    expect(
      loadConfig({ NODE_ENV: 'production', APP_URL: 'https://app.fechai.com.br' }).authRateLimitMultiplier,
    ).toBe(1);
    expect(loadConfig({ AUTH_RATE_LIMIT_MULTIPLIER: '1' }).authRateLimitMultiplier).toBe(1);
  });

  it('reads every variable, and treats empty ones as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/fechai',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: '0',
      NODE_ENV: 'production',
      CLIENT_DIST: '/srv/client',
      DEV_PAGES: '1',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      JOBS_ENABLED: 'false',
      APP_URL: 'https://app.fechai.com.br/',
      AUTH_URL: 'https://entrar.fechai.com.br',
      ALLOWED_RETURN_ORIGINS: 'https://parceiro.com.br/x, https://app.fechai.com.br',
      AUTH_SECRET: 'k'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '600',
      READ_CACHE_SECONDS: '0',
      AUTH_RATE_LIMIT_MULTIPLIER: '5',
      SMTP_URL: 'smtps://u:p@smtp.exemplo.com.br:465',
      MAIL_FROM: 'Fechaí <oi@fechai.com.br>',
      SEED_DEMO: 'yes',
      UNRELATED: 'ignored',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/fechai',
      dataDir: 'memory://',
      logLevel: 'warn',
      logPretty: 'off',
      isProduction: true,
      clientDist: '/srv/client',
      devPages: true,
      trustProxy: '10.0.0.0/8, loopback',
      jobsEnabled: false,
      appUrl: 'https://app.fechai.com.br',
      authUrl: 'https://entrar.fechai.com.br',
      appUrlFollowsRequest: false,
      authUrlFollowsRequest: false,
      allowedReturnOrigins: ['https://app.fechai.com.br', 'https://parceiro.com.br'],
      authSecret: 'k'.repeat(40),
      accessTokenTtlSeconds: 600,
      readCacheSeconds: 0,
      authRateLimitMultiplier: 5,
      smtpUrl: 'smtps://u:p@smtp.exemplo.com.br:465',
      mailFrom: 'Fechaí <oi@fechai.com.br>',
      seedDemo: true,
    });
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('reads the referral reward in months (1–12)', () => {
    expect(loadConfig({ REFERRAL_REWARD_MONTHS: '3' }).referralRewardMonths).toBe(3);
    expect(() => loadConfig({ REFERRAL_REWARD_MONTHS: '0' })).toThrow(/REFERRAL_REWARD_MONTHS/);
    expect(() => loadConfig({ REFERRAL_REWARD_MONTHS: '13' })).toThrow(/REFERRAL_REWARD_MONTHS/);
  });

  it('follows PORT for the default app address, and refuses weak secrets and odd addresses', () => {
    expect(loadConfig({ PORT: '4310' })).toMatchObject({
      appUrl: 'http://localhost:4310',
      authUrl: 'http://localhost:4310',
      allowedReturnOrigins: ['http://localhost:4310'],
    });
    expect(() => loadConfig({ AUTH_SECRET: 'curto' })).toThrow(/AUTH_SECRET: use pelo menos 32/);
    expect(() => loadConfig({ APP_URL: 'app.fechai.com.br' })).toThrow(/APP_URL: deve ser um endereço/);
    expect(() => loadConfig({ ALLOWED_RETURN_ORIGINS: 'https://ok.com.br, nada' })).toThrow(/"nada"/);
    expect(() => loadConfig({ SMTP_URL: 'http://smtp' })).toThrow(/SMTP_URL/);
  });

  it('lets links follow the address a request was made on only where no address is configured', () => {
    const followed = (env: Record<string, string>) => {
      const { appUrlFollowsRequest, authUrlFollowsRequest } = loadConfig(env);
      return { app: appUrlFollowsRequest, auth: authUrlFollowsRequest };
    };
    expect(followed({ APP_URL: 'https://app.fechai.com.br' })).toEqual({ app: false, auth: false });
    expect(followed({ AUTH_URL: 'https://entrar.fechai.com.br' })).toEqual({ app: true, auth: false });
  });

  it('needs APP_URL in production, where e-mail links must not point at localhost', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_URL: obrigatório em produção/);
  });

  it('keeps dev pages off in production unless asked', () => {
    const production = { NODE_ENV: 'production', APP_URL: 'https://app.fechai.com.br' };
    expect(loadConfig(production).devPages).toBe(false);
    expect(loadConfig({ ...production, DEV_PAGES: '0' }).devPages).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).devPages).toBe(true);
  });

  it('reads TRUST_PROXY as on, off or a list', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
  });

  it('refuses bad values with one clear message naming each variable', () => {
    const attempt = () =>
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', JOBS_ENABLED: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    let message = '';
    try {
      attempt();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Configuração inválida:/);
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'JOBS_ENABLED'])
      expect(message).toContain(`- ${name}:`);
    expect(message).toContain('deve começar com postgres:// ou postgresql://');
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
