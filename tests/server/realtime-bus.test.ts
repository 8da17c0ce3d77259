import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealtimeEvent, realtimeEvent } from '../../contracts/realtime';
import type { Db } from '../../server/db/types';
import { createEventBus, type EventBus, EventTooLargeError } from '../../server/realtime/event-bus';
import { openTestDb, type TestDb, waitFor } from '../support/db';

let t: TestDb;
let db: Db;
let bus: EventBus;

beforeAll(async () => {
  t = await openTestDb({ migrated: false });
  db = t.db;
  bus = await createEventBus(db);
});
afterAll(async () => {
  await bus?.close();
  await t?.close();
});

/** Collects what a company's subscriber receives. */
function collect(on: EventBus, companyId: string) {
  const events: RealtimeEvent[] = [];
  const unsubscribe = on.subscribe(companyId, (event) => events.push(event));
  return { events, unsubscribe };
}

describe('event bus', () => {
  it("delivers an event to that company's subscribers only", async () => {
    const a = randomUUID();
    const b = randomUUID();
    const fromA1 = collect(bus, a);
    const fromA2 = collect(bus, a);
    const fromB = collect(bus, b);

    const created = realtimeEvent('task.created', { taskId: 't1' });
    await bus.publish(a, created);
    await waitFor(() => fromA1.events.length === 1 && fromA2.events.length === 1, { what: 'A to receive' });
    expect(fromA1.events[0]).toEqual(created);

    // Notifications arrive in order: once B has its own event, A's would have reached B before it.
    await bus.publish(b, realtimeEvent('customer.created', { customerId: 'c1' }));
    await waitFor(() => fromB.events.length === 1, { what: 'B to receive' });
    expect(fromB.events.map((e) => e.type)).toEqual(['customer.created']);
    expect(fromA1.events).toHaveLength(1);
    for (const s of [fromA1, fromA2, fromB]) s.unsubscribe();
  });

  it('stops delivering after unsubscribe', async () => {
    const a = randomUUID();
    const gone = collect(bus, a);
    const stays = collect(bus, a);
    gone.unsubscribe();
    await bus.publish(a, realtimeEvent('deal.updated', { dealId: 'd1', status: 'won' }));
    await bus.publish(a, realtimeEvent('deal.updated', { dealId: 'd2' }));
    await waitFor(() => stays.events.length === 2, { what: 'the remaining subscriber' });
    expect(gone.events).toEqual([]);
    stays.unsubscribe();
  });

  it('sends an event published in a transaction only when it commits', async () => {
    const a = randomUUID();
    const seen = collect(bus, a);
    await expect(
      db.transaction(async (tx) => {
        await bus.publish(a, realtimeEvent('task.created', { taskId: 'rolled-back' }), tx);
        throw new Error('command failed');
      }),
    ).rejects.toThrow('command failed');
    await db.transaction(async (tx) => {
      await bus.publish(a, realtimeEvent('task.created', { taskId: 'committed' }), tx);
    });
    await waitFor(() => seen.events.length > 0, { what: 'the committed event' });
    expect(seen.events).toEqual([expect.objectContaining({ payload: { taskId: 'committed' } })]);
    seen.unsubscribe();
  });

  it('keeps delivering when a subscriber throws', async () => {
    const a = randomUUID();
    bus.subscribe(a, () => {
      throw new Error('broken subscriber');
    });
    const ok = collect(bus, a);
    await bus.publish(a, realtimeEvent('customer.created', { customerId: 'c9' }));
    await waitFor(() => ok.events.length === 1, { what: 'the healthy subscriber' });
  });

  it('rejects events too large for NOTIFY, and malformed ones', async () => {
    const big = realtimeEvent('message.received', {
      messageId: 'm1',
      customerId: null,
      preview: 'á'.repeat(4_000),
    });
    await expect(bus.publish(randomUUID(), big)).rejects.toBeInstanceOf(EventTooLargeError);
    await expect(bus.publish(randomUUID(), big)).rejects.toThrow(/over the 7168-byte limit/);
    const wrong = { type: 'task.created', payload: {}, at: 'ontem' } as unknown as RealtimeEvent;
    await expect(bus.publish(randomUUID(), wrong)).rejects.toThrow();
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'carries events between two connections (instances)',
    async () => {
      const other = await t.openAnother();
      const otherBus = await createEventBus(other);
      try {
        const a = randomUUID();
        const there = collect(otherBus, a);
        await bus.publish(a, realtimeEvent('whatsapp.connection.changed', { status: 'connected' }));
        await waitFor(() => there.events.length === 1, { what: 'the other instance to receive' });
        expect(there.events[0]).toMatchObject({
          type: 'whatsapp.connection.changed',
          payload: { status: 'connected' },
        });
      } finally {
        await otherBus.close();
      }
    },
  );
});
