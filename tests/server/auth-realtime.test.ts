import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimeCloseCodes, realtimeEvent, realtimeProtocol } from '../../contracts/realtime';
import { realtimeAuthenticate, selectRealtimeProtocol } from '../../server/auth/api/realtime-caller';
import { closeRealtimeSockets } from '../../server/realtime/connections';
import { createEventBus, type EventBus } from '../../server/realtime/event-bus';
import { type RealtimeAuthenticate, realtimeRoutes } from '../../server/realtime/routes';
import { createTestAccount, serverTokens } from '../support/auth';
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
function connect(accessToken?: string, baseUrl = server.url) {
  const url = `${baseUrl.replace('http', 'ws')}/api/realtime`;
  const ws = new WebSocket(url, accessToken ? [realtimeProtocol, accessToken] : [realtimeProtocol]);
  const messages: { type: string }[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  ws.on('error', () => {});
  /** closeCode: 0 while open, so waitFor can watch it. */
  const client = { ws, messages, closeCode: 0 };
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code) => {
      client.closeCode = code;
      resolve(code);
    }),
  );
  return Object.assign(client, { closed });
}

const ready = (client: ReturnType<typeof connect>) =>
  waitFor(() => client.messages.some((m) => m.type === 'ready'), { what: 'ready' });

/**
 * The realtime routes alone, with sign-in's authenticate on the server's database and a fast heartbeat,
 * counting each socket's sign-in checks by its access token.
 */
/**
 * A server that asks each socket's sign-in again every 50 ms. Its ping stays slow: a 50 ms heartbeat
 * would also drop a socket whose pong came late because the machine was busy, closing it with 1006
 * for a reason these tests are not about.
 */
async function fastHeartbeatServer(signInCheckMs = 50) {
  const realAuthenticate = realtimeAuthenticate(server.db, await serverTokens(server.db));
  const checks = new Map<string, number>();
  const authenticate: RealtimeAuthenticate = async (request) => {
    const identity = await realAuthenticate(request);
    const stillValid = identity?.stillValid;
    if (!identity || !stillValid) return identity;
    const token = String(request.headers['sec-websocket-protocol']);
    return {
      ...identity,
      stillValid: () => {
        checks.set(token, (checks.get(token) ?? 0) + 1);
        return stillValid();
      },
    };
  };
  const app = Fastify({ logger: false });
  await app.register(websocket, {
    options: { handleProtocols: selectRealtimeProtocol },
    preClose: closeRealtimeSockets,
  });
  await app.register(realtimeRoutes, { bus, authenticate, heartbeatMs: 60_000, signInCheckMs });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const checksOf = (accessToken: string) =>
    [...checks].find(([offered]) => offered.includes(accessToken))?.[1] ?? 0;
  return { url, app, checksOf };
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

  it('closes a socket with 4401 once its access token runs out', async () => {
    const account = await createTestAccount(server.db);
    // exp is in whole seconds: four of them leave three or more for the socket to get ready, even on
    // a busy machine (a token already ended closes the socket before it is ready, a different case).
    const tokens = await serverTokens(server.db, 4);
    const shortLived = await tokens.sign({ userId: account.userId, sessionId: account.sessionId });
    const verified = await tokens.verify(shortLived);
    if (verified.status !== 'valid') throw new Error('the short-lived token should still be valid');

    const client = connect(shortLived);
    await ready(client);
    await waitFor(() => client.closeCode, { timeoutMs: 10_000, what: 'the socket to close' });
    expect(client.closeCode).toBe(realtimeCloseCodes.unauthenticated);
    expect(Date.now()).toBeGreaterThanOrEqual(verified.expiresAt);
  });

  it('closes a socket with 4401 at the next heartbeat once its sign-in is revoked', async () => {
    const fast = await fastHeartbeatServer();
    try {
      const account = await createTestAccount(server.db);
      const client = connect(account.accessToken, fast.url);
      await ready(client);

      await server.db.query('UPDATE auth_sessions SET revoked_at = now() WHERE id = $1', [account.sessionId]);
      const checksAtRevoke = fast.checksOf(account.accessToken);
      await waitFor(() => client.closeCode, { timeoutMs: 5_000, what: 'the revoked socket to close' });
      expect(client.closeCode).toBe(realtimeCloseCodes.unauthenticated);
      // The next check, or the one after when a check was already running as the sign-in was revoked.
      expect(fast.checksOf(account.accessToken)).toBeLessThanOrEqual(checksAtRevoke + 2);
    } finally {
      await fast.app.close();
    }
  });

  it('keeps a live sign-in open across heartbeats, checked at each', async () => {
    const fast = await fastHeartbeatServer();
    try {
      const account = await createTestAccount(server.db);
      const client = connect(account.accessToken, fast.url);
      await ready(client);
      await waitFor(() => fast.checksOf(account.accessToken) >= 3, { what: 'three heartbeat checks' });
      expect(client.closeCode).toBe(0);
      await bus.publish(account.companyId!, realtimeEvent('task.created', { taskId: 'still-here' }));
      await waitFor(() => client.messages.some((m) => m.type === 'task.created'), { what: 'the event' });
      client.ws.close();
      await client.closed;
    } finally {
      await fast.app.close();
    }
  });
});
