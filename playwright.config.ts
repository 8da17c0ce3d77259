import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium';
import { E2E_AUTH_SECRET } from './e2e/support/tokens';

const port = Number(process.env.E2E_PORT ?? 4310);
const origin = `http://127.0.0.1:${port}`;

// End-to-end: the built client served by the real server, on a fresh in-memory PGlite, in Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Not test-results itself: Playwright empties its output folder, and test-results/coverage holds
  // what vitest's replays recorded (path-coverage.ts).
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: origin,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${origin}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The demo owner signs in in most specs; links in e-mails and the hosted login's return use this origin.
      SEED_DEMO: '1',
      APP_URL: origin,
      // Known to the specs so they can forge expired tokens of ours (e2e/support/tokens.ts).
      AUTH_SECRET: E2E_AUTH_SECRET,
      // Every spec signs in from 127.0.0.1: the suite is many people behind one address.
      AUTH_RATE_LIMIT_MULTIPLIER: '10',
      // The team chart's replay resends an invitation made a moment before (the 429 is made by a resend).
      INVITATION_RESEND_SECONDS: '2',
    },
  },
});
