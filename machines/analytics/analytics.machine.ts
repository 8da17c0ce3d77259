import { assign, enqueueActions, fromPromise, setup, stateIn } from 'xstate';
import type {
  AnalyticsCommand,
  AnalyticsEvent,
  AnalyticsIdentity,
  AnalyticsProvider,
} from '../../contracts/analytics';

/** Spec §2: until a provider is ready the first page view waits, checking every 100 ms. */
export const ANALYTICS_READINESS_POLL_MS = 100;
/** Spec §9: the monitoring script is waited for 10 s, checked every 50 ms. */
export const MONITORING_TIMEOUT_MS = 10_000;
export const MONITORING_POLL_MS = 50;
/** Spec §9: the product-analytics script is waited for 10 s; once in, it counts as ready after 2 s. */
export const PRODUCT_ANALYTICS_TIMEOUT_MS = 10_000;
export const PRODUCT_ANALYTICS_FORCED_READY_MS = 2_000;
/**
 * The other scripts (tag manager, heatmap, chat widget) get the monitoring script's 10 s: the spec
 * gives them none, and a host that hangs must not keep the queue waiting for ever.
 */
export const SCRIPT_TIMEOUT_MS = 10_000;

export interface AnalyticsInput {
  /** The providers whose keys are configured (none: the chart goes straight to `unavailable`). */
  providers: readonly AnalyticsProvider[];
}

export interface AnalyticsContext {
  configured: readonly AnalyticsProvider[];
  /** Providers started and ready, in the order they became so; they receive what is delivered. */
  up: AnalyticsProvider[];
  /** Providers that failed or timed out. */
  down: AnalyticsProvider[];
  /** What the app asked for before the client was ready, in order. */
  queue: AnalyticsCommand[];
  /**
   * What was delivered while some provider was still starting: a provider ready late gets it all,
   * in order, so it misses nothing (forgotten once every provider has answered).
   */
  history: AnalyticsCommand[];
  /** Who the providers were last told the user is (null: nobody, or signed out). */
  identity: AnalyticsIdentity | null;
  /** The page last reported: the next one's referrer. */
  currentUrl: string | null;
  /** How many times the monitoring script was checked for and not found yet. */
  monitoringPolls: number;
}

export type AnalyticsInputEvent =
  /** The app is painted: providers start downloading. */
  | { type: 'START' }
  | { type: 'TRACK'; event: AnalyticsEvent }
  /** The session confirmed a signed-in user (as often as it likes: one identify per user id). */
  | { type: 'IDENTIFY'; identity: AnalyticsIdentity }
  | { type: 'SIGNED_OUT' }
  /** The app showed an address (first load, then each navigation). */
  | { type: 'PAGE'; url: string };

/** Emitted for each command to hand on: the app's adapters send it to the providers listed. */
export interface AnalyticsDelivery {
  type: 'deliver';
  command: AnalyticsCommand;
  providers: readonly AnalyticsProvider[];
}

/** The command an input event stands for, with the context it leaves (null: nothing to send). */
function commandOf(
  context: AnalyticsContext,
  event: AnalyticsInputEvent,
): { command: AnalyticsCommand; context: Partial<AnalyticsContext> } | null {
  switch (event.type) {
    case 'TRACK':
      return { command: { kind: 'track', event: event.event }, context: {} };
    case 'IDENTIFY':
      return {
        command: { kind: 'identify', identity: event.identity },
        context: { identity: event.identity },
      };
    case 'SIGNED_OUT':
      return { command: { kind: 'reset' }, context: { identity: null } };
    case 'PAGE':
      return {
        command: { kind: 'page', view: { url: event.url, referrer: context.currentUrl } },
        context: { currentUrl: event.url },
      };
    default:
      return null;
  }
}

/**
 * The params of `configured`, `providerUp` and `providerDown`, typed `unknown` where they are
 * declared: XState's types of parameterised guards and actions beside an enqueueActions refer to
 * themselves.
 */
interface ProviderParams {
  provider: AnalyticsProvider;
}

/** Every configured provider has answered (ready, failed or timed out). */
const allSettled = (context: Pick<AnalyticsContext, 'configured' | 'up' | 'down'>) =>
  context.up.length + context.down.length === context.configured.length;

const providerLoader = fromPromise<void>(async () => {
  throw new Error('No analytics provider loader was provided');
});

/** One provider loaded from its own script: loading → ready | failed (error or `SCRIPT_TIMEOUT_MS`). */
function scriptProvider(
  provider: 'tagManager' | 'heatmap' | 'chat',
  src: 'loadTagManager' | 'loadHeatmap' | 'loadChat',
) {
  return {
    initial: 'idle' as const,
    states: {
      idle: {
        on: {
          START: [
            { guard: { type: 'configured' as const, params: { provider } }, target: 'loading' },
            { target: 'off' },
          ],
        },
      },
      loading: {
        invoke: { id: src, src, onDone: 'ready', onError: 'failed' },
        after: { scriptTimeout: 'failed' },
      },
      ready: { entry: { type: 'providerUp' as const, params: { provider } } },
      failed: { entry: { type: 'providerDown' as const, params: { provider } } },
      off: {},
    },
  };
}

const handled = (queueOrDeliver: 'queueCommand' | 'deliverCommand') => ({
  TRACK: { actions: queueOrDeliver },
  IDENTIFY: [{ guard: 'newUser' as const, actions: queueOrDeliver }, { actions: 'sameUser' as const }],
  SIGNED_OUT: { guard: 'identified' as const, actions: queueOrDeliver },
  PAGE: { guard: 'newPage' as const, actions: queueOrDeliver },
});

/**
 * The analytics client (spec §1, §2, §4, §8, §9). Two regions:
 * - `client`: `pending` (queueing) with `created` (the app not painted yet) → `initialising`
 *   (providers starting; every 100 ms it looks whether one is ready) → `ready` (at least one provider ready: the queue is
 *   delivered in order, then each command as it comes) | `unavailable` (none configured, or all
 *   failed: commands are dropped, silently).
 * - `providers`: one region per provider; each configured one starts on START, in parallel, and
 *   fails or times out on its own. A provider ready after the client is gets what the others got.
 * Each command goes to the providers ready at that moment: the chart emits `deliver { command,
 * providers }` and the app's adapters send it (never throwing; failures only logged). Identify
 * once per user id, forgotten on sign-out; one page view per address, the previous one as referrer.
 */
export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsInputEvent,
    input: {} as AnalyticsInput,
    emitted: {} as AnalyticsDelivery,
  },
  actors: {
    loadTagManager: providerLoader,
    /** Downloads the product-analytics SDK. */
    loadProductAnalytics: providerLoader,
    /** Starts the downloaded SDK; resolves when it says it is loaded, rejects when it cannot start. */
    productAnalyticsLoaded: providerLoader,
    /** Downloads the monitoring SDK and starts it; `monitoringUp` then tells when it is running. */
    loadMonitoring: providerLoader,
    loadHeatmap: providerLoader,
    loadChat: providerLoader,
  },
  delays: {
    readinessPoll: ANALYTICS_READINESS_POLL_MS,
    scriptTimeout: SCRIPT_TIMEOUT_MS,
    monitoringPoll: MONITORING_POLL_MS,
    monitoringTimeout: MONITORING_TIMEOUT_MS,
    productAnalyticsTimeout: PRODUCT_ANALYTICS_TIMEOUT_MS,
    productAnalyticsForcedReady: PRODUCT_ANALYTICS_FORCED_READY_MS,
  },
  guards: {
    noneConfigured: ({ context }) => context.configured.length === 0,
    configured: ({ context }, params: unknown) =>
      context.configured.includes((params as ProviderParams).provider),
    anyUp: ({ context }) => context.up.length > 0,
    allDown: ({ context }) => context.down.length === context.configured.length,
    /** The monitoring SDK is running (the app asks it; by default: at once). */
    monitoringUp: () => true,
    newUser: ({ context, event }) => event.type === 'IDENTIFY' && event.identity.id !== context.identity?.id,
    identified: ({ context }) => context.identity !== null,
    newPage: ({ context, event }) => event.type === 'PAGE' && event.url !== context.currentUrl,
  },
  actions: {
    queueCommand: assign(({ context, event }) => {
      const next = commandOf(context, event);
      return next ? { ...next.context, queue: [...context.queue, next.command] } : {};
    }),
    deliverCommand: enqueueActions(({ context, event, enqueue }) => {
      const next = commandOf(context, event);
      if (!next) return;
      enqueue.assign({
        ...next.context,
        history: allSettled(context) ? [] : [...context.history, next.command],
      });
      enqueue.emit({ type: 'deliver', command: next.command, providers: [...context.up] });
    }),
    /** The same user confirmed again: the providers already know. */
    sameUser: () => {},
    flush: enqueueActions(({ context, enqueue }) => {
      for (const command of context.queue)
        enqueue.emit({ type: 'deliver', command, providers: [...context.up] });
      enqueue.assign({ queue: [], history: allSettled(context) ? [] : [...context.queue] });
    }),
    /** Dropped: no provider can take it (spec §8: skipped, never an error for the user). */
    drop: assign({ queue: [] }),
    providerUp: enqueueActions(({ context, enqueue, check }, params: unknown) => {
      const { provider } = params as ProviderParams;
      const up = [...context.up, provider];
      // Late for the client's start: it gets what the others got, in order.
      if (check(stateIn({ client: 'ready' })))
        for (const command of context.history)
          enqueue.emit({ type: 'deliver', command, providers: [provider] });
      enqueue.assign({ up, history: allSettled({ ...context, up }) ? [] : context.history });
    }),
    providerDown: assign(({ context }, params: unknown) => {
      const down = [...context.down, (params as ProviderParams).provider];
      return { down, history: allSettled({ ...context, down }) ? [] : context.history };
    }),
    countMonitoringPoll: assign(({ context }) => ({ monitoringPolls: context.monitoringPolls + 1 })),
  },
}).createMachine({
  id: 'analytics',
  type: 'parallel',
  context: ({ input }) => ({
    configured: [...input.providers],
    up: [],
    down: [],
    queue: [],
    history: [],
    identity: null,
    currentUrl: null,
    monitoringPolls: 0,
  }),
  states: {
    client: {
      initial: 'pending',
      states: {
        pending: {
          description: 'Not ready yet: what the app asks for is queued, in order.',
          initial: 'created',
          on: handled('queueCommand'),
          states: {
            created: {
              description: 'Before first paint.',
              on: {
                START: [
                  { guard: 'noneConfigured', target: '#analytics.client.unavailable' },
                  { target: 'initialising' },
                ],
              },
            },
            initialising: {
              description: 'Providers starting. Every 100 ms: is one ready, or have all failed?',
              after: {
                readinessPoll: [
                  { guard: 'anyUp', target: '#analytics.client.ready' },
                  { guard: 'allDown', target: '#analytics.client.unavailable' },
                  { target: 'initialising', reenter: true },
                ],
              },
            },
          },
        },
        ready: {
          description:
            'At least one provider ready: the queue delivered in order, then each command at once.',
          entry: 'flush',
          on: handled('deliverCommand'),
        },
        unavailable: {
          description: 'No provider configured, or all failed: everything dropped, silently.',
          entry: 'drop',
          on: {
            TRACK: { actions: 'drop' },
            IDENTIFY: { actions: 'drop' },
            SIGNED_OUT: { actions: 'drop' },
            PAGE: { actions: 'drop' },
          },
        },
      },
    },
    providers: {
      type: 'parallel',
      states: {
        tagManager: scriptProvider('tagManager', 'loadTagManager'),
        productAnalytics: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                START: [
                  {
                    guard: { type: 'configured', params: { provider: 'productAnalytics' } },
                    target: 'downloading',
                  },
                  { target: 'off' },
                ],
              },
            },
            downloading: {
              invoke: {
                id: 'loadProductAnalytics',
                src: 'loadProductAnalytics',
                onDone: 'starting',
                onError: 'failed',
              },
              after: { productAnalyticsTimeout: 'failed' },
            },
            starting: {
              description:
                'The SDK is in; its "loaded" signal is waited for 2 s, then it counts as ready anyway.',
              invoke: {
                id: 'productAnalyticsLoaded',
                src: 'productAnalyticsLoaded',
                onDone: 'ready',
                onError: 'failed',
              },
              after: { productAnalyticsForcedReady: 'ready' },
            },
            ready: { entry: { type: 'providerUp', params: { provider: 'productAnalytics' } } },
            failed: { entry: { type: 'providerDown', params: { provider: 'productAnalytics' } } },
            off: {},
          },
        },
        monitoring: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                START: [
                  { guard: { type: 'configured', params: { provider: 'monitoring' } }, target: 'waiting' },
                  { target: 'off' },
                ],
              },
            },
            waiting: {
              description: 'The monitoring script has 10 s to download and be running.',
              initial: 'loading',
              after: { monitoringTimeout: 'failed' },
              states: {
                loading: {
                  invoke: {
                    id: 'loadMonitoring',
                    src: 'loadMonitoring',
                    onDone: 'polling',
                    onError: '#analytics.providers.monitoring.failed',
                  },
                },
                polling: {
                  after: {
                    monitoringPoll: [
                      { guard: 'monitoringUp', target: '#analytics.providers.monitoring.ready' },
                      { target: 'polling', reenter: true, actions: 'countMonitoringPoll' },
                    ],
                  },
                },
              },
            },
            ready: { entry: { type: 'providerUp', params: { provider: 'monitoring' } } },
            failed: { entry: { type: 'providerDown', params: { provider: 'monitoring' } } },
            off: {},
          },
        },
        heatmap: scriptProvider('heatmap', 'loadHeatmap'),
        chat: scriptProvider('chat', 'loadChat'),
      },
    },
  },
});
