import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realtimeCloseCodes, realtimeEvent } from '../../contracts/realtime';
import { createEventBus, type EventBus } from '../../server/realtime/event-bus';
import { type RealtimeSession, startRealtime } from '../../src/lib/realtime/start-realtime';
import { createTestAccount, type TestAccount } from '../support/auth';
import { waitFor } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { tamperSignature } from '../support/tamper-token';

/**
 * The app's realtime client (src/lib/realtime) against the real server's GET /api/realtime: the
 * chart, the socket actor and the invalidation table, with `ws` standing in for the browser's
 * WebSocket.
 */

let server: TestServer;
let bus: EventBus;
const stops: Array<() => void> = [];

beforeAll(async () => {
  server = await startTestServer();
  bus = await createEventBus(server.db);
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});
afterAll(async () => {
  await bus?.close();
  await server?.close();
});

/** A session whose token the test changes, counting the refreshes the client asks for. */
function testSession(token: string | null) {
  const listeners = new Set<() => void>();
  const state = { token, refreshes: 0 };
  const session: RealtimeSession = {
    token: () => state.token,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh: () => {
      state.refreshes++;
    },
  };
  return {
    session,
    state,
    setToken(next: string | null) {
      state.token = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The queries the app might have on screen, each with data, so invalidation can be observed. */
const keys = {
  status: ['whatsapp-connections', 'status'],
  customers: ['customers', 'list', { search: '', limit: 50, page: 1 }],
  customer: ['customers', 'detail', 'cu-1'],
  conversation: ['customers', 'conversation', 'cu-1'],
  otherConversation: ['customers', 'conversation', 'cu-2'],
  tasks: ['tasks', 'list', 'today'],
  dashboard: ['dashboard'],
  board: ['sales', 'board'],
  services: ['settings', 'services'],
} satisfies Record<string, QueryKey>;

function seededClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { queryClient, stale };
}

const wsFactory = (url: string, protocols: string[]) => new WebSocket(url, protocols) as never;

function start(session: RealtimeSession, queryClient: QueryClient) {
  const stop = startRealtime({
    session,
    queryClient,
    createSocket: wsFactory,
    url: `${server.url.replace('http', 'ws')}/api/realtime`,
    random: () => 0,
  });
  stops.push(stop);
  return stop;
}

/** Sockets the server holds now. */
const serverSockets = () => [...server.app.websocketServer.clients];

async function connected(account: TestAccount) {
  const { queryClient, stale } = seededClient();
  const session = testSession(account.accessToken);
  start(session.session, queryClient);
  // Ready: an event published now arrives (the first ones may race the subscription, so again).
  await waitFor(
    async () => {
      await bus.publish(
        account.companyId!,
        realtimeEvent('whatsapp.connection.changed', { status: 'connected' }),
      );
      return stale().includes('status');
    },
    { what: 'the first event through the socket' },
  );
  // Events arrive in order: once this one is in, none of the tries above is still on its way.
  await bus.publish(account.companyId!, realtimeEvent('deal.updated', { dealId: 'd-drain' }));
  await waitFor(() => stale().includes('board'), { what: 'the events before it' });
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { seeded: true });
  return { queryClient, stale, session };
}

describe('the realtime client against the real socket', () => {
  it("marks stale what each of the company's events touches, and nothing of another company's", async () => {
    const mine = await createTestAccount(server.db, { subscription: 'active' });
    const other = await createTestAccount(server.db, { subscription: 'active' });
    const app = await connected(mine);

    await bus.publish(other.companyId!, realtimeEvent('task.created', { taskId: 't-x' }));
    await bus.publish(
      mine.companyId!,
      realtimeEvent('message.received', { messageId: 'm-1', customerId: 'cu-1', preview: 'Oi' }),
    );
    await waitFor(() => app.stale().length > 0, { what: 'the message' });
    expect(app.stale()).toEqual(['conversation', 'customer', 'customers']);

    const cases: Array<[Parameters<typeof realtimeEvent>, string[]]> = [
      [
        ['message.status.changed', { messageId: 'm-1', customerId: 'cu-1', status: 'read' }],
        ['conversation', 'customer', 'customers'],
      ],
      [
        ['customer.created', { customerId: 'cu-9' }],
        ['customers', 'dashboard'],
      ],
      [
        ['task.created', { taskId: 't-1' }],
        ['dashboard', 'tasks'],
      ],
      [
        ['task.created', { taskId: 't-1', customerId: 'cu-1' }],
        ['customer', 'dashboard', 'tasks'],
      ],
      [
        ['task.changed', { taskId: 't-1', customerId: 'cu-1', change: 'completed' }],
        ['customer', 'dashboard', 'tasks'],
      ],
      [
        ['task.changed', { taskId: 't-2', customerId: null, change: 'deleted' }],
        ['dashboard', 'tasks'],
      ],
      [
        ['customer.changed', { customerId: 'cu-1', change: 'updated' }],
        ['board', 'customer', 'customers', 'dashboard', 'tasks'],
      ],
      [
        ['customer.changed', { customerId: null, change: 'imported' }],
        ['board', 'customers', 'dashboard', 'tasks'],
      ],
      [
        ['deal.updated', { dealId: 'd-1', stageId: 's-2' }],
        ['board', 'dashboard'],
      ],
      [
        ['deal.updated', { dealId: 'd-1', customerIds: ['cu-1'] }],
        ['board', 'customer', 'dashboard'],
      ],
      [['whatsapp.connection.changed', { status: 'disconnected' }], ['status']],
    ];
    for (const [[type, payload], expected] of cases) {
      for (const key of Object.values(keys)) app.queryClient.setQueryData(key, { seeded: true });
      await bus.publish(mine.companyId!, realtimeEvent(type, payload as never));
      await waitFor(() => app.stale().length > 0, { what: type });
      expect(app.stale(), type).toEqual(expected);
    }
  });

  it('a refused token (4401) asks the session to refresh, then connects with the new one', async () => {
    const account = await createTestAccount(server.db, { subscription: 'active' });
    const { queryClient, stale } = seededClient();
    const session = testSession(tamperSignature(account.accessToken));
    start(session.session, queryClient);
    await waitFor(() => session.state.refreshes === 1, { what: 'the refresh asked for' });
    session.setToken(account.accessToken);
    await waitFor(
      async () => {
        await bus.publish(account.companyId!, realtimeEvent('task.created', { taskId: 't-1' }));
        return stale().includes('tasks');
      },
      { what: 'events with the fresh token' },
    );
    expect(session.state.refreshes).toBe(1);
  });

  it('after the server drops it, reconnects and marks stale everything it covers', async () => {
    const account = await createTestAccount(server.db, { subscription: 'active' });
    const app = await connected(account);
    const before = new Set(serverSockets());
    for (const socket of before) socket.close(realtimeCloseCodes.goingAway, 'restarting');
    await waitFor(() => app.stale().length > 0, { what: 'the reconnect' });
    expect(app.stale()).toEqual([
      'board',
      'conversation',
      'customer',
      'customers',
      'dashboard',
      'otherConversation',
      'status',
      'tasks',
    ]);
    expect(serverSockets().some((socket) => !before.has(socket))).toBe(true);

    // A dropped link (no close frame) backs off, then reconnects the same way.
    for (const key of Object.values(keys)) app.queryClient.setQueryData(key, { seeded: true });
    for (const socket of serverSockets()) socket.terminate();
    await waitFor(() => app.stale().includes('status'), { what: 'the reconnect after a drop' });
  });

  it('a new token reconnects with it; signing out closes the socket', async () => {
    const account = await createTestAccount(server.db, { subscription: 'active' });
    const app = await connected(account);
    const first = serverSockets();
    const again = await createTestAccount(server.db, { subscription: 'active' });
    app.session.setToken(again.accessToken);
    await waitFor(
      async () => {
        await bus.publish(again.companyId!, realtimeEvent('task.created', { taskId: 't-2' }));
        return app.stale().includes('tasks');
      },
      { what: "the new token's company events" },
    );
    await waitFor(() => first.every((socket) => socket.readyState === socket.CLOSED), {
      what: 'the old socket closed',
    });

    app.session.setToken(null);
    await waitFor(
      () => serverSockets().length === 0 || serverSockets().every((s) => s.readyState === s.CLOSED),
      {
        what: 'no socket after sign-out',
      },
    );
  });
});
