import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphClient, GraphError } from '../../server/integrations/whatsapp/graph-client';
import { loadWhatsappSimulatorCredentials } from '../../server/integrations/whatsapp/simulator/credentials';
import { startTestServer, type TestServer } from '../support/server';
import { completeSignup } from '../support/whatsapp-signup';

let server: TestServer;
let silent: Server;
let silentUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  // A Graph API that takes requests and never answers.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
  await server?.close();
});

const simulatorGraph = () =>
  createGraphClient({ baseUrl: () => `${server.url}/dev/whatsapp/graph`, version: 'v23.0' });

async function refusal(call: Promise<unknown>): Promise<GraphError> {
  const error = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(GraphError);
  return error as GraphError;
}

describe('the Graph API client', () => {
  it("reads Meta's error object into a typed error (status, code, subcode, type, fbtrace_id, kind)", async () => {
    const { appId, appSecret } = await loadWhatsappSimulatorCredentials(server.db);
    const graph = simulatorGraph();
    const signup = await completeSignup(server.url);
    const { accessToken } = await graph.exchangeCode({
      clientId: appId,
      clientSecret: appSecret,
      code: signup.code!,
    });
    expect(accessToken).toMatch(/^EAA/);

    const used = await refusal(
      graph.exchangeCode({ clientId: appId, clientSecret: appSecret, code: signup.code! }),
    );
    expect(used).toMatchObject({
      status: 400,
      code: 100,
      subcode: 36009,
      type: 'OAuthException',
      kind: 'other',
    });
    expect(used.fbtraceId).toEqual(expect.any(String));
    expect(used.retryable).toBe(false);

    const badSecret = await refusal(graph.exchangeCode({ clientId: appId, clientSecret: 'x', code: 'AQx' }));
    expect(badSecret).toMatchObject({ status: 400, code: 1 });

    const revoked = await refusal(graph.subscribeApp('EAAwrong', signup.data.waba_id!));
    expect(revoked).toMatchObject({ status: 401, code: 190, kind: 'token' });

    const foreign = await refusal(graph.getPhoneNumber(accessToken, '123'));
    expect(foreign).toMatchObject({ status: 400, code: 100, subcode: 33 });

    expect(await graph.getPhoneNumber(accessToken, signup.data.phone_number_id!)).toMatchObject({
      id: signup.data.phone_number_id,
      display_phone_number: '+55 11 98888-7777',
      verified_name: 'Doces da Ana',
    });
  });

  it('gives up on a Graph API that does not answer in time: a transient, retryable failure', async () => {
    const graph = createGraphClient({ baseUrl: () => silentUrl, version: 'v23.0', timeoutMs: 200 });
    const error = await refusal(graph.subscribeApp('EAAtoken', '123'));
    expect(error).toMatchObject({ status: 0, code: 0, type: 'network', kind: 'transient', retryable: true });
    expect(error.message).toMatch(/in time/);
  });
});
