import { assign, fromPromise, setup } from 'xstate';
import type { RemoteConfigKey, RemoteConfigText } from '../../contracts/remote-config';
import { type CustomSignals, mergeCustomSignals, type StoredSignals } from './custom-signals';
import { type RemoteConfigValues, readRemoteConfig } from './remote-config-values';

/** Spec §9: a fetch within an hour of the last one answers the values already there. */
export const MINIMUM_FETCH_INTERVAL_MS = 60 * 60 * 1000;
/** Spec §9: a fetch not answered in 60 s failed. */
export const FETCH_TIMEOUT_MS = 60 * 1000;

/** Spec §4: Firebase's lastFetchStatus. */
export type RemoteConfigFetchStatus = 'no-fetch-yet' | 'success' | 'failure' | 'throttle';

/** A source refusing to answer for now (Firebase's fetch-throttle, a 429): try again after the interval. */
export class RemoteConfigThrottled extends Error {
  override name = 'RemoteConfigThrottled';
}

export type RemoteConfigEvent =
  /** The app wants the parameters (after first paint, and whenever it opens again). */
  | { type: 'FETCH' }
  /** The source pushed new values, already activated (Firebase's realtime updates). */
  | { type: 'UPDATED'; text: RemoteConfigText }
  | { type: 'SET_CUSTOM_SIGNALS'; signals: CustomSignals };

export interface RemoteConfigInput {
  /** The in-code defaults (built by the app, which knows its links). */
  defaults: RemoteConfigValues;
}

export interface RemoteConfigContext {
  defaults: RemoteConfigValues;
  /** What the app shows: the defaults until a fetch brings usable values. */
  values: RemoteConfigValues;
  signals: StoredSignals;
  /** The last SET_CUSTOM_SIGNALS refused for passing the limit, said plainly; null once one is accepted. */
  signalsRefused: string | null;
  /** The last fetch's outcome (kept while the next one is under way). */
  status: RemoteConfigFetchStatus;
}

export interface FetchConfigInput {
  signals: StoredSignals;
}

/**
 * Remote configuration (issue 16): fetched when the app asks, at most once an hour, each fetch
 * given 60 s; a failure, a throttle or an unusable value keeps what the app had (the defaults at
 * first). The source (Firebase, or this app's server) is the `fetchConfig` actor the app provides.
 */
export const remoteConfigMachine = setup({
  types: {
    context: {} as RemoteConfigContext,
    events: {} as RemoteConfigEvent,
    input: {} as RemoteConfigInput,
  },
  actors: {
    fetchConfig: fromPromise<RemoteConfigText, FetchConfigInput>(() =>
      Promise.reject(new Error('fetchConfig not provided')),
    ),
  },
  delays: {
    fetchTimeout: FETCH_TIMEOUT_MS,
    minimumFetchInterval: MINIMUM_FETCH_INTERVAL_MS,
  },
  guards: {
    throttled: ({ event }) => (event as { error?: unknown }).error instanceof RemoteConfigThrottled,
    withinSignalLimit: ({ context, event }) =>
      event.type === 'SET_CUSTOM_SIGNALS' && mergeCustomSignals(context.signals, event.signals).ok,
  },
  actions: {
    /** Spec §8: failures are only logged. */
    logFailure: (_, params: { reason: string }) => {
      console.warn(`Remote config: ${params.reason}; the app keeps the values it had.`);
    },
    logRefused: (_, params: { refused: RemoteConfigKey[] }) => {
      if (params.refused.length > 0) {
        console.warn(`Remote config: unusable ${params.refused.join(', ')}; their defaults stay.`);
      }
    },
  },
}).createMachine({
  id: 'remoteConfig',
  context: ({ input }) => ({
    defaults: input.defaults,
    values: input.defaults,
    signals: {},
    signalsRefused: null,
    status: 'no-fetch-yet',
  }),
  initial: 'noFetchYet',
  on: {
    UPDATED: {
      target: '.success',
      actions: [
        assign({ values: ({ context, event }) => readRemoteConfig(event.text, context.defaults).values }),
        {
          type: 'logRefused',
          params: ({ context, event }) => ({
            refused: readRemoteConfig(event.text, context.defaults).refused,
          }),
        },
      ],
    },
    SET_CUSTOM_SIGNALS: [
      {
        guard: 'withinSignalLimit',
        actions: assign({
          signals: ({ context, event }) => mergeCustomSignals(context.signals, event.signals).signals,
          signalsRefused: null,
        }),
      },
      {
        actions: [
          assign({
            signalsRefused: ({ context, event }) => {
              const merged = mergeCustomSignals(context.signals, event.signals);
              return merged.ok ? null : merged.message;
            },
          }),
          ({ context }) => console.error(context.signalsRefused),
        ],
      },
    ],
  },
  states: {
    noFetchYet: {
      description: 'Nothing fetched yet: the defaults.',
      on: { FETCH: 'fetching' },
    },
    fetching: {
      description: 'Asking the source; the values shown stay as they were.',
      invoke: {
        id: 'fetchConfig',
        src: 'fetchConfig',
        input: ({ context }) => ({ signals: context.signals }),
        onDone: {
          target: 'success',
          actions: [
            assign({
              values: ({ context, event }) => readRemoteConfig(event.output, context.defaults).values,
            }),
            {
              type: 'logRefused',
              params: ({ context, event }) => ({
                refused: readRemoteConfig(event.output, context.defaults).refused,
              }),
            },
          ],
        },
        onError: [
          {
            guard: 'throttled',
            target: 'throttle',
            actions: { type: 'logFailure', params: { reason: 'the source asks to wait (throttled)' } },
          },
          {
            target: 'failure',
            actions: {
              type: 'logFailure',
              params: ({ event }) => ({
                reason: `the fetch failed (${event.error instanceof Error ? event.error.message : String(event.error)})`,
              }),
            },
          },
        ],
      },
      after: {
        fetchTimeout: {
          target: 'failure',
          actions: { type: 'logFailure', params: { reason: 'no answer in 60 s' } },
        },
      },
    },
    success: {
      description: 'Fetched and activated; another fetch only once the minimum interval has passed.',
      entry: assign({ status: 'success' }),
      initial: 'fresh',
      states: {
        fresh: { after: { minimumFetchInterval: 'stale' } },
        stale: { on: { FETCH: '#remoteConfig.fetching' } },
      },
    },
    failure: {
      description: 'The last fetch failed or timed out: the values stay; the next FETCH tries again.',
      entry: assign({ status: 'failure' }),
      on: { FETCH: 'fetching' },
    },
    throttle: {
      description: 'The source asked to wait: no fetch before the minimum interval.',
      entry: assign({ status: 'throttle' }),
      initial: 'waiting',
      states: {
        waiting: { after: { minimumFetchInterval: 'ready' } },
        ready: { on: { FETCH: '#remoteConfig.fetching' } },
      },
    },
  },
});
