import { type RealtimeEvent, realtimeEventSchema } from '../../contracts/realtime';
import type { Db, Queryable } from '../db/types';

/**
 * Company-scoped events between server instances. Every event travels through Postgres
 * NOTIFY/LISTEN on one channel, even inside one process, so what works on one machine with PGlite
 * (notifications delivered in-process) works with several instances on one PostgreSQL unchanged.
 * Delivery is at most once and only to listeners connected at that moment: realtime is a hint to
 * refetch, never the record itself.
 */
export interface EventBus {
  /**
   * Sends `event` to the company's subscribers on every instance. Pass the caller's transaction as
   * `via` to send it only if, and when, that transaction commits.
   */
  publish(companyId: string, event: RealtimeEvent, via?: Queryable): Promise<void>;
  /** Calls `listener` with each event of that company; returns the function that stops it. */
  subscribe(companyId: string, listener: (event: RealtimeEvent) => void): () => void;
  /** Stops listening on the database; subscribers get nothing more. */
  close(): Promise<void>;
}

export interface EventBusOptions {
  /** The NOTIFY channel. Every instance of one deployment must use the same one. */
  channel?: string;
  logger?: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

export const REALTIME_CHANNEL = 'fechai_realtime';

/** Postgres refuses NOTIFY payloads of 8000 bytes or more; stay clear of it. */
export const MAX_EVENT_BYTES = 7 * 1024;

export class EventTooLargeError extends Error {
  constructor(
    readonly type: string,
    readonly bytes: number,
  ) {
    super(
      `realtime event "${type}" is ${bytes} bytes, over the ${MAX_EVENT_BYTES}-byte limit: ` +
        'send ids and let the client refetch instead of whole records',
    );
    this.name = 'EventTooLargeError';
  }
}

interface Envelope {
  companyId: string;
  event: RealtimeEvent;
}

const silent = { warn() {}, error() {} };

/** The notification of one event, checked against the contract and the size limit. */
function eventPayload(companyId: string, event: RealtimeEvent): string {
  const parsed = realtimeEventSchema.parse(event);
  const payload = JSON.stringify({ companyId, event: parsed } satisfies Envelope);
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(parsed.type, bytes);
  return payload;
}

/**
 * Publishes through `via` (a transaction: sent if, and when, it commits) without a bus of one's own:
 * for background jobs, which run beside the app rather than inside it. Every instance's bus delivers it.
 */
export async function publishEvent(
  via: Queryable,
  companyId: string,
  event: RealtimeEvent,
  channel: string = REALTIME_CHANNEL,
): Promise<void> {
  await via.query('SELECT pg_notify($1, $2)', [channel, eventPayload(companyId, event)]);
}

/** Several events through `via` in one statement, in order (a batch's notices, sent at its commit). */
export async function publishEvents(
  via: Queryable,
  events: { companyId: string; event: RealtimeEvent }[],
  channel: string = REALTIME_CHANNEL,
): Promise<void> {
  if (events.length === 0) return;
  await via.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS e(payload)', [
    channel,
    events.map(({ companyId, event }) => eventPayload(companyId, event)),
  ]);
}

/** Starts listening right away, so a subscriber added once this resolves misses nothing. */
export async function createEventBus(db: Db, options: EventBusOptions = {}): Promise<EventBus> {
  const channel = options.channel ?? REALTIME_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const logger = options.logger ?? silent;
  const listeners = new Map<string, Set<(event: RealtimeEvent) => void>>();

  function deliver(raw: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      logger.warn({ channel }, 'realtime: ignored a notification that is not JSON');
      return;
    }
    const set = typeof envelope?.companyId === 'string' ? listeners.get(envelope.companyId) : undefined;
    if (!set?.size) return;
    const parsed = realtimeEventSchema.safeParse(envelope.event);
    if (!parsed.success) {
      // An instance running a newer release may send a type this one does not know yet.
      logger.warn({ channel, type: (envelope.event as { type?: unknown })?.type }, 'realtime: unknown event');
      return;
    }
    for (const listener of [...set]) {
      try {
        listener(parsed.data);
      } catch (err) {
        logger.error({ err, type: parsed.data.type }, 'realtime: a subscriber threw');
      }
    }
  }

  const stopListening = await db.listen(channel, deliver);
  let closed = false;

  return {
    async publish(companyId, event, via) {
      if (closed) throw new Error('event bus is closed');
      if (via) await publishEvent(via, companyId, event, channel);
      else await db.notify(channel, eventPayload(companyId, event));
    },

    subscribe(companyId, listener) {
      let set = listeners.get(companyId);
      if (!set) {
        set = new Set();
        listeners.set(companyId, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(companyId) === set) listeners.delete(companyId);
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await stopListening();
    },
  };
}
