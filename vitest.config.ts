import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { clientDefines } from './scripts/client-defines';

export default defineConfig({
  test: {
    // Two cores: two test files at a time (each server file boots its own database).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          setupFiles: ['tests/support/record-path-walks.ts'],
          // Limits only catch a hang: generating a chart's paths again takes seconds on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        // Fixed values, whatever the environment says: a hosted login on another origin, so tests
        // tell its links from the app's own.
        define: clientDefines({
          AUTH_URL: 'https://entrar.fechai.test',
          APP_STORE_URL: 'https://apps.apple.com/br/app/fechai/id0000000000',
          PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=br.com.fechai.app',
        }),
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/web-setup.ts', 'tests/support/record-path-walks.ts'],
          // Limits only catch a hang: the first test of a file also pays for loading the app's
          // modules, which takes seconds on a busy machine.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'coverage',
          environment: 'node',
          include: ['tests/chart-coverage/**/*.test.ts'],
          // Reads what the machines and web projects' replays recorded: runs once they are done.
          sequence: { groupOrder: 1 },
          // Limits only catch a hang: generating quick-task's paths again takes about a minute on a
          // busy 2-core machine.
          testTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
