import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../server/db/types';
import { HostedBrowser } from './hosted-login';
import { startTestServer, type TestServer } from './server';

/** Another app the hosted login may send people back to (ALLOWED_RETURN_ORIGINS). */
export const OTHER_APP = 'https://parceiro.fechai.test';

export interface HostedLoginServer {
  readonly app: FastifyInstance;
  readonly db: Db;
  /** A fresh browser, with no cookies and an address of its own. */
  browser(): HostedBrowser;
}

/** The real server for a file of hosted-login tests: started before them, closed after them. */
export function withHostedLoginServer(): HostedLoginServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ env: { ALLOWED_RETURN_ORIGINS: OTHER_APP } });
  });
  afterAll(async () => {
    await server?.close();
  });
  const started = (): TestServer => {
    if (!server) throw new Error('The hosted login server is used before it started');
    return server;
  };
  return {
    get app() {
      return started().app;
    },
    get db() {
      return started().db;
    },
    browser: () => new HostedBrowser(started().app),
  };
}
