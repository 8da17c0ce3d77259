import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimeCloseCodes, realtimeEvent, realtimeProtocol } from '../../contracts/realtime';
import { createEventBus, type EventBus } from '../../server/realtime/event-bus';
import { createTestAccount } from '../support/auth';
import { waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { tamperSignature } from '../support/tamper-token';

let server: TestServer;
let bus: EventBus;

beforeAll(async () => {
  server = await startTestServer();
  bus = await createEventBus(server.db);
});

afterAll(async () => {
  await bus?.close();
  await server?.close();
});

/** As the browser connects: our subprotocol, and the access token offered beside it. */
function connect(accessToken?: string) {
  const url = `${server.url.replace('http', 'ws')}/api/realtime`;
  const ws = new WebSocket(url, accessToken ? [realtimeProtocol, accessToken] : [realtimeProtocol]);
  const messages: { type: string }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  ws.on('error', () => {});
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return { ws, messages, closed };
}

describe('realtime sign-in', () => {
  it("subscribes a signed-in socket to its own company's events only, never echoing the token", async () => {
    const mine = await createTestAccount(server.db);
    const other = await createTestAccount(server.db);
    const client = connect(mine.accessToken);
    await waitFor(() => client.messages.some((m) => m.type === 'ready'), { what: 'ready' });
    expect(client.ws.protocol).toBe(realtimeProtocol);

    await bus.publish(other.companyId!, realtimeEvent('task.created', { taskId: 'of-the-other-company' }));
    await bus.publish(mine.companyId!, realtimeEvent('task.created', { taskId: 'mine' }));
    await waitFor(() => client.messages.some((m) => m.type === 'task.created'), { what: 'my event' });
    expect(client.messages.filter((m) => m.type === 'task.created')).toEqual([
      expect.objectContaining({ payload: { taskId: 'mine' } }),
    ]);
    client.ws.close();
  });

  it('closes with 4401 without a token, with a tampered one, or for a user without a company', async () => {
    const account = await createTestAccount(server.db);
    const noCompany = await createTestAccount(server.db, { company: false, signupComplete: false });
    const tampered = tamperSignature(account.accessToken);
    for (const token of [undefined, tampered, noCompany.accessToken]) {
      expect(await connect(token).closed).toBe(realtimeCloseCodes.unauthenticated);
    }
  });
});
