import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type RealtimeServerMessage,
  realtimeCloseCodes,
  realtimeCloseReasons,
  realtimeEvent,
} from '../../contracts/realtime';
import { closeRealtimeSockets } from '../../server/realtime/connections';
import { createEventBus, type EventBus } from '../../server/realtime/event-bus';
import { type RealtimeRoutesOptions, realtimeRoutes } from '../../server/realtime/routes';
import { openTestDb, type TestDb, waitFor } from '../support/db';

let t: TestDb;
let bus: EventBus;
let subscriptions = 0;
/** The bus, counting live subscriptions so the test can see sockets unsubscribe. */
let countingBus: EventBus;
const servers: { close(): Promise<unknown> }[] = [];

/** The routes take any authenticate function; here the company comes from a header (sign-in's own is tested in auth-realtime). */
const byHeader: RealtimeRoutesOptions['authenticate'] = async (request) => {
  const companyId = request.headers['x-test-company'];
  return typeof companyId === 'string' ? { companyId } : null;
};

async function serve(options: Omit<RealtimeRoutesOptions, 'bus'>): Promise<string> {
  const app = Fastify({ logger: false });
  await app.register(websocket, { preClose: closeRealtimeSockets });
  await app.register(realtimeRoutes, { bus: countingBus, ...options });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  return `${address.replace('http', 'ws')}/api/realtime`;
}

interface Client {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
}

function connect(url: string, companyId?: string, options: WebSocket.ClientOptions = {}): Client {
  const ws = new WebSocket(url, { ...options, headers: companyId ? { 'x-test-company': companyId } : {} });
  const messages: RealtimeServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => {});
  return { ws, messages, closed };
}

const ready = (client: Client) =>
  waitFor(() => client.messages.some((m) => m.type === 'ready'), { what: 'the ready message' });

let url: string;

beforeAll(async () => {
  t = await openTestDb({ migrated: false });
  bus = await createEventBus(t.db);
  countingBus = {
    ...bus,
    subscribe(companyId, listener) {
      subscriptions++;
      const unsubscribe = bus.subscribe(companyId, listener);
      return () => {
        subscriptions--;
        unsubscribe();
      };
    },
  };
  url = await serve({ authenticate: byHeader });
});

afterAll(async () => {
  for (const server of servers) await server.close();
  await bus?.close();
  await t?.close();
});

describe('GET /api/realtime', () => {
  it("forwards the company's events and nothing of other companies", async () => {
    const a = randomUUID();
    const b = randomUUID();
    const clientA = connect(url, a);
    const clientB = connect(url, b);
    await ready(clientA);
    await ready(clientB);

    const event = realtimeEvent('task.created', { taskId: 'tarefa-1' });
    await bus.publish(a, event);
    await waitFor(() => clientA.messages.length === 2, { what: 'the event on A' });
    expect(clientA.messages[1]).toEqual(event);

    await bus.publish(b, realtimeEvent('customer.created', { customerId: 'cliente-1' }));
    await waitFor(() => clientB.messages.length === 2, { what: 'the event on B' });
    expect(clientB.messages.map((m) => m.type)).toEqual(['ready', 'customer.created']);
    expect(clientA.messages).toHaveLength(2);

    clientA.ws.close();
    clientB.ws.close();
    await Promise.all([clientA.closed, clientB.closed]);
    await waitFor(() => subscriptions === 0, { what: 'both sockets to unsubscribe' });
  });

  it('answers ping with pong', async () => {
    const client = connect(url, randomUUID());
    await ready(client);
    client.ws.send(JSON.stringify({ type: 'ping' }));
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ type: 'ping' }));
    await waitFor(() => client.messages.filter((m) => m.type === 'pong').length === 2, { what: 'two pongs' });
    client.ws.close();
    await client.closed;
  });

  it('closes an unauthenticated socket with 4401', async () => {
    const client = connect(url);
    expect(await client.closed).toEqual({
      code: realtimeCloseCodes.unauthenticated,
      reason: realtimeCloseReasons.unauthenticated,
    });
    expect(client.messages).toEqual([]);
  });

  it('closes every socket with 4401 when given no way to authenticate', async () => {
    const noSignIn = await serve({});
    const client = connect(noSignIn, randomUUID());
    expect((await client.closed).code).toBe(4401);
  });

  it('drops a socket that stops answering heartbeats', async () => {
    const fast = await serve({ authenticate: byHeader, heartbeatMs: 50 });
    const client = connect(fast, randomUUID(), { autoPong: false });
    await ready(client);
    expect((await client.closed).code).toBe(1006);
    await waitFor(() => subscriptions === 0, { what: 'the dropped socket to unsubscribe' });
  });

  it('closes with 4401 when the credentials run out, at once when they already have', async () => {
    // When the credentials end, from the moment they are checked: how long the server and the
    // socket take to start on a busy machine does not eat into them.
    let expiresAt = 0;
    const expiring = (fromCheck: number) =>
      serve({
        authenticate: async (request) => {
          const identity = await byHeader!(request);
          expiresAt = Date.now() + fromCheck;
          return identity && { ...identity, expiresAt };
        },
      });
    const closeOf = async (client: Client) => {
      let closed: { code: number; reason: string } | undefined;
      void client.closed.then((value) => {
        closed = value;
      });
      return waitFor(() => closed, { timeoutMs: 3_000, what: 'the socket to close' });
    };
    const gone = connect(await expiring(-1), randomUUID());
    expect((await closeOf(gone)).code).toBe(realtimeCloseCodes.unauthenticated);
    expect(gone.messages).toEqual([]);

    const soon = connect(await expiring(300), randomUUID());
    await ready(soon);
    expect(await closeOf(soon)).toEqual({
      code: realtimeCloseCodes.unauthenticated,
      reason: realtimeCloseReasons.unauthenticated,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    await waitFor(() => subscriptions === 0, { what: 'the expired socket to unsubscribe' });
  });

  it('keeps a socket whose sign-in check fails, never running two checks of it at once', async () => {
    let calls = 0;
    let running = 0;
    let mostAtOnce = 0;
    const failing = await serve({
      // Checks every 20 ms; the ping stays slow, so a late pong on a busy machine is not a drop.
      heartbeatMs: 60_000,
      signInCheckMs: 20,
      authenticate: async (request) => {
        const identity = await byHeader!(request);
        return (
          identity && {
            ...identity,
            // Slower than a heartbeat, and failing as a database that is down would.
            stillValid: async () => {
              calls++;
              mostAtOnce = Math.max(mostAtOnce, ++running);
              await new Promise((resolve) => setTimeout(resolve, 50));
              running--;
              throw new Error('banco fora do ar');
            },
          }
        );
      },
    });
    const companyId = randomUUID();
    const client = connect(failing, companyId);
    await ready(client);
    await waitFor(() => calls >= 3, { what: 'three checks' });
    expect(mostAtOnce).toBe(1);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    await bus.publish(companyId, realtimeEvent('task.created', { taskId: 'ainda-aqui' }));
    await waitFor(() => client.messages.length === 2, { what: 'the event' });
    client.ws.close();
    await client.closed;
  });

  it('closing the server tells every client it is going away', async () => {
    const closing = await serve({ authenticate: byHeader });
    const client = connect(closing, randomUUID());
    await ready(client);
    await servers.pop()!.close();
    expect(await client.closed).toEqual({
      code: realtimeCloseCodes.goingAway,
      reason: realtimeCloseReasons.goingAway,
    });
  });
});
