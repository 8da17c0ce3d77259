import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappConnectionState } from '../../contracts/whatsapp-status';
import { createTestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { signedInApi } from '../support/signed-in-api';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const STATUS = '/api/whatsapp-connections/status';

describe('GET /api/whatsapp-connections/status', () => {
  it('answers the company as disconnected while it has no WhatsApp connection', async () => {
    const account = await createTestAccount(server.db, { subscription: 'trialing' });
    const answer = await signedInApi(server.url, account).get<WhatsappConnectionState>(STATUS);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      data: {
        status: 'disconnected',
        mode: null,
        phoneNumber: null,
        displayName: null,
        connectedAt: null,
        problem: null,
        historyProgress: null,
      },
    });
  });

  it('401 without a session, 403 without a company, 402 without a current subscription', async () => {
    expect((await fetch(`${server.url}${STATUS}`)).status).toBe(401);
    const noCompany = await createTestAccount(server.db, { company: false, signupComplete: false });
    expect(await signedInApi(server.url, noCompany).get(STATUS)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    for (const account of [
      await createTestAccount(server.db, { subscription: 'expired' }),
      await createTestAccount(server.db, { subscription: 'canceled' }),
      await createTestAccount(server.db),
    ]) {
      expect(await signedInApi(server.url, account).get(STATUS)).toMatchObject({
        status: 402,
        body: { code: 'SUBSCRIPTION_REQUIRED' },
      });
    }
  });
});
