import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestAccount, sessionHeadersFor, type TestAccount } from '../support/auth';
import { startTestServer, type TestServer } from '../support/server';
import { type ContractCall, workspaceContracts } from '../support/workspace-contracts';

/**
 * Every call of the sales workspace is for a signed-in person whose company has a current
 * subscription (spec §1: "needs an active subscription to use the main area"), whatever the input:
 * the client's guards are not the only lock. The routes are read from the contracts, so a route
 * added later is covered without touching this file.
 */

const contracts = workspaceContracts;

const SOME_ID = '0b6f3c5e-8d0a-4c1e-9a57-3f1d2b4c6e8a';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SOME_ID);

let server: TestServer;
let noCompany: TestAccount;
let trialEnded: TestAccount;
let canceled: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  noCompany = await createTestAccount(server.db, { company: false, signupComplete: false });
  trialEnded = await createTestAccount(server.db, { subscription: 'expired' });
  canceled = await createTestAccount(server.db, { subscription: 'canceled' });
});
afterAll(() => server?.close());

async function call(contract: ContractCall, account?: TestAccount) {
  const response = await fetch(`${server.url}${concrete(contract.url)}`, {
    method: contract.method,
    headers: {
      ...(account && sessionHeadersFor({ accessToken: account.accessToken })),
      ...(contract.method !== 'GET' &&
        contract.method !== 'DELETE' && { 'content-type': 'application/json' }),
    },
    // Deliberately empty: the lock is checked before the input is.
    ...(contract.method !== 'GET' && contract.method !== 'DELETE' && { body: '{}' }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { success: boolean; code?: string; error?: string },
  };
}

test('the contracts declare the workspace calls this test walks', () => {
  expect(contracts.length).toBeGreaterThan(30);
});

describe.each(contracts.map((c) => [`${c.method} ${c.url}`, c] as const))('%s', (_name, contract) => {
  test('without a session: 401', async () => {
    const { status, body } = await call(contract);
    expect(status).toBe(401);
    expect(body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  test('without a company: 403', async () => {
    const { status, body } = await call(contract, noCompany);
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  test('when the trial or subscription ended: 402 in pt-BR', async () => {
    for (const account of [trialEnded, canceled]) {
      const { status, body } = await call(contract, account);
      expect(status).toBe(402);
      expect(body).toEqual({
        success: false,
        code: 'SUBSCRIPTION_REQUIRED',
        error: 'Sua assinatura não está ativa. Assine um plano para continuar.',
        requestId: expect.any(String),
      });
    }
  });
});
