import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  type AnalyticsCommand,
  type AnalyticsIdentity,
  type AnalyticsProvider,
  analyticsProviders,
} from '../../contracts/analytics';
import type { PathScenario } from '../../tests/support/chart-paths';
import { type AnalyticsInput, type AnalyticsInputEvent, analyticsMachine } from './analytics.machine';

/**
 * The analytics chart's path model. Each scenario configures its own providers (so a snapshot
 * tells which scenario it is in) and says how each provider's start ends. To keep the paths
 * readable, providers answer one after the other in the order of `analyticsProviders`, and a
 * provider slower than its time-out is the last one to answer (all the 10 s waits start together).
 * Before START the app queues the first page view, identifies Ana (twice: once counts), and tracks
 * "task created"; once the client is ready it navigates, tracks and identifies again; the sign-out
 * scenario signs Ana out and Bruno in, before and after readiness.
 */

export type AnalyticsSnapshot = SnapshotFrom<typeof analyticsMachine>;

/** How a provider's start ends. */
export type ProviderOutcome =
  | 'ready'
  /** Product analytics: the SDK is in but never says "loaded"; ready after 2 s anyway. */
  | 'forced ready'
  | 'fails'
  /** Product analytics: the SDK is in, then its start fails. */
  | 'fails to start'
  | 'times out';

interface AnalyticsScenario extends PathScenario<AnalyticsInput> {
  outcomes: Partial<Record<AnalyticsProvider, readonly ProviderOutcome[]>>;
  /** Sign-out and a second user (before and after readiness). */
  signsOut?: boolean;
}

export const ana: AnalyticsIdentity = {
  id: '00000000-0000-4000-8000-00000000a0a0',
  email: 'ana@docesdaana.com.br',
  name: 'Ana Souza',
  properties: { phone: '5511912345678' },
};
export const bruno: AnalyticsIdentity = {
  id: '00000000-0000-4000-8000-00000000b0b0',
  email: 'bruno@docesdaana.com.br',
  name: 'Bruno Lima',
  properties: {},
};
const people = [ana, bruno];

/** The first page, and where the app navigates next (and back). */
export const FIRST_PAGE = '/home';
export const NEXT_PAGE = '/tasks';

export const TASK_CREATED = 'task created';
export const SIGN_UP_STARTED = 'sign_up_started';

export const analyticsScenarios: AnalyticsScenario[] = [
  {
    name: 'all ready',
    summary: 'Every provider configured; the app opens',
    input: { providers: [...analyticsProviders] },
    outcomes: {
      tagManager: ['ready'],
      productAnalytics: ['ready'],
      monitoring: ['ready'],
      heatmap: ['ready'],
      chat: ['ready'],
    },
  },
  {
    name: 'some failing',
    summary: 'Tag manager, product analytics, heatmap and chat configured; the app opens',
    input: { providers: ['tagManager', 'productAnalytics', 'heatmap', 'chat'] },
    outcomes: {
      tagManager: ['times out'],
      productAnalytics: ['forced ready', 'fails to start', 'fails'],
      heatmap: ['times out'],
      chat: ['ready', 'fails'],
    },
  },
  {
    name: 'none configured',
    summary: 'No provider key set; the app opens',
    input: { providers: [] },
    outcomes: {},
  },
  {
    name: 'slower than its time-out',
    summary: 'Tag manager, product analytics, monitoring and heatmap configured; the app opens',
    input: { providers: ['tagManager', 'productAnalytics', 'monitoring', 'heatmap'] },
    outcomes: {
      tagManager: ['fails'],
      productAnalytics: ['times out'],
      monitoring: ['ready'],
      heatmap: ['fails'],
    },
  },
  {
    name: 'all failing',
    summary: 'Product analytics and monitoring configured; the app opens',
    input: { providers: ['productAnalytics', 'monitoring'] },
    outcomes: { productAnalytics: ['fails'], monitoring: ['fails', 'times out'] },
  },
  {
    name: 'sign-out and a second user',
    summary: 'Only the chat widget configured; the app opens',
    input: { providers: ['chat'] },
    outcomes: { chat: ['ready', 'times out'] },
    signsOut: true,
  },
];

function scenarioOf(snapshot: AnalyticsSnapshot): AnalyticsScenario {
  const key = snapshot.context.configured.join(',');
  const scenario = analyticsScenarios.find((s) => s.input.providers.join(',') === key);
  if (!scenario) throw new Error(`No analytics scenario configures "${key}"`);
  return scenario;
}

/** Each provider's events, as `done:<actor>`, `error:<actor>`, `after:<delay>`, per outcome. */
const outcomeEvents: Record<AnalyticsProvider, Partial<Record<ProviderOutcome, readonly string[]>>> = {
  tagManager: {
    ready: ['done:loadTagManager'],
    fails: ['error:loadTagManager'],
    'times out': ['after:scriptTimeout'],
  },
  productAnalytics: {
    ready: ['done:loadProductAnalytics', 'done:productAnalyticsLoaded'],
    'forced ready': ['done:loadProductAnalytics', 'after:productAnalyticsForcedReady'],
    fails: ['error:loadProductAnalytics'],
    'fails to start': ['done:loadProductAnalytics', 'error:productAnalyticsLoaded'],
    'times out': ['after:productAnalyticsTimeout'],
  },
  monitoring: {
    ready: ['done:loadMonitoring', 'after:monitoringPoll'],
    fails: ['error:loadMonitoring'],
    'times out': ['done:loadMonitoring', 'after:monitoringTimeout'],
  },
  heatmap: {
    ready: ['done:loadHeatmap'],
    fails: ['error:loadHeatmap'],
    'times out': ['after:scriptTimeout'],
  },
  chat: { ready: ['done:loadChat'], fails: ['error:loadChat'], 'times out': ['after:scriptTimeout'] },
};

const TIMEOUTS = new Set(['after:scriptTimeout', 'after:monitoringTimeout', 'after:productAnalyticsTimeout']);

/** The provider an actor result or a provider's timer belongs to (undefined: the client's poll). */
function providerOf(event: AnyEventObject): AnalyticsProvider | undefined {
  if (event.type.startsWith('xstate.after.')) {
    const region = event.type.split('.')[5];
    return analyticsProviders.find((p) => p === region);
  }
  const actor = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  if (actor === event.type) return undefined;
  return analyticsProviders.find((p) =>
    Object.values(outcomeEvents[p]).some((keys) => keys?.some((k) => k.endsWith(`:${actor}`))),
  );
}

function eventKey(event: AnyEventObject): string {
  if (event.type.startsWith('xstate.after.')) return `after:${event.type.split('.')[2]}`;
  return event.type.replace(/^xstate\.done\.actor\./, 'done:').replace(/^xstate\.error\.actor\./, 'error:');
}

/** The plan's events of `provider` the snapshot can take now (as `eventKey`s). */
function possibleKeys(snapshot: AnalyticsSnapshot, provider: AnalyticsProvider): string[] {
  const own = new Set<string>(snapshot._nodes.flatMap((node) => node.ownEvents as string[]));
  const planned = new Set(
    (analyticsScenarioOutcomes(snapshot)[provider] ?? []).flatMap((o) => outcomeEvents[provider][o] ?? []),
  );
  return [...own]
    .filter((type) => providerOf({ type }) === provider)
    .map((type) => eventKey({ type }))
    .filter((k) => planned.has(k));
}

const analyticsScenarioOutcomes = (snapshot: AnalyticsSnapshot) => scenarioOf(snapshot).outcomes;

/** Nothing but its time-out can happen to `provider` now: it lets the others answer first. */
const waitsForTimeout = (snapshot: AnalyticsSnapshot, provider: AnalyticsProvider) =>
  possibleKeys(snapshot, provider).every((key) => TIMEOUTS.has(key));

const settled = (snapshot: AnalyticsSnapshot, p: AnalyticsProvider) =>
  snapshot.context.up.includes(p) || snapshot.context.down.includes(p);

/** The client would see, at its next 100 ms look, that a provider is ready or that all failed. */
const clientCanDecide = (snapshot: AnalyticsSnapshot) =>
  snapshot.matches({ client: { pending: 'initialising' } }) &&
  (snapshot.context.up.length > 0 || snapshot.context.down.length === snapshot.context.configured.length);

const queued = (snapshot: AnalyticsSnapshot, kind: AnalyticsCommand['kind']) =>
  snapshot.context.queue.some((c) => c.kind === kind);

const identify = (identity: AnalyticsIdentity): AnalyticsInputEvent => ({ type: 'IDENTIFY', identity });
const track = (name: string): AnalyticsInputEvent => ({
  type: 'TRACK',
  event: { name, properties: {}, userId: ana.id, userProperties: {} },
});

function describeCommand(command: AnalyticsCommand): string {
  switch (command.kind) {
    case 'track':
      return `track "${command.event.name}"`;
    case 'identify':
      return `identify ${command.identity.name}`;
    case 'reset':
      return 'reset';
    default:
      return `page ${command.view.url}${command.view.referrer ? ` from ${command.view.referrer}` : ''}`;
  }
}

function clientState(snapshot: AnalyticsSnapshot): string {
  const client = (snapshot.value as { client: string | { pending: string } }).client;
  return typeof client === 'string' ? client : client.pending;
}

function providerStates(snapshot: AnalyticsSnapshot): string[] {
  const providers = (snapshot.value as { providers: Record<string, unknown> }).providers;
  return snapshot.context.configured.map((p) => {
    const value = providers[p];
    const state = typeof value === 'string' ? value : Object.values(value as object)[0];
    return `${p} ${state}${p === 'monitoring' && state === 'polling' ? ` (${snapshot.context.monitoringPolls} missed)` : ''}`;
  });
}

export const analyticsPathModel = {
  chart: 'analytics',
  title:
    'Analytics: providers start in parallel; commands queued until one is ready, then delivered in order',
  // The paths' monitoring script runs from the second look (the app asks the real one).
  machine: analyticsMachine.provide({
    guards: { monitoringUp: ({ context }) => context.monitoringPolls >= 1 },
  }),
  scenarios: analyticsScenarios,

  events(snapshot: AnalyticsSnapshot): AnalyticsInputEvent[] {
    const scenario = scenarioOf(snapshot);
    const { identity, currentUrl } = snapshot.context;
    if (snapshot.matches({ client: { pending: 'created' } })) {
      // Before first paint, in this order: the first page view, Ana identified (twice), an event;
      // in the sign-out scenario Ana signs out and Bruno in; then the app paints.
      if (currentUrl === null) return [{ type: 'PAGE', url: FIRST_PAGE }];
      if (!queued(snapshot, 'identify')) return [identify(ana)];
      if (!queued(snapshot, 'track')) return [identify(ana), track(TASK_CREATED)];
      if (scenario.signsOut && !queued(snapshot, 'reset')) return [{ type: 'SIGNED_OUT' }];
      if (scenario.signsOut && identity === null) return [identify(bruno)];
      return [{ type: 'START' }];
    }
    if (snapshot.matches({ client: 'ready' })) {
      const next: AnalyticsInputEvent[] = [
        { type: 'PAGE', url: currentUrl === NEXT_PAGE ? FIRST_PAGE : NEXT_PAGE },
        track(SIGN_UP_STARTED),
      ];
      if (identity) next.push(identify(identity));
      if (scenario.signsOut) {
        if (identity) next.push({ type: 'SIGNED_OUT' });
        else next.push(...people.map(identify));
      }
      return next;
    }
    if (snapshot.matches({ client: 'unavailable' }))
      return [{ type: 'PAGE', url: NEXT_PAGE }, track(TASK_CREATED), identify(bruno), { type: 'SIGNED_OUT' }];
    return [];
  },

  actors: [
    {
      id: 'loadTagManager',
      src: 'loadTagManager',
      outputs: [undefined],
      errors: [new Error('tag manager blocked')],
    },
    {
      id: 'loadProductAnalytics',
      src: 'loadProductAnalytics',
      outputs: [undefined],
      errors: [new Error('product analytics script failed to load')],
    },
    {
      id: 'productAnalyticsLoaded',
      src: 'productAnalyticsLoaded',
      outputs: [undefined],
      errors: [new Error('product analytics could not start')],
    },
    {
      id: 'loadMonitoring',
      src: 'loadMonitoring',
      outputs: [undefined],
      errors: [new Error('monitoring script failed to load')],
    },
    {
      id: 'loadHeatmap',
      src: 'loadHeatmap',
      outputs: [undefined],
      errors: [new Error('heatmap script blocked')],
    },
    {
      id: 'loadChat',
      src: 'loadChat',
      outputs: [undefined],
      errors: [new Error('chat widget failed to load')],
    },
  ],

  allows(snapshot: AnalyticsSnapshot, event: AnyEventObject): boolean {
    const key = eventKey(event);
    if (key === 'after:readinessPoll') return true;
    // The client looks every 100 ms: once it can decide, its next look comes before anything else.
    if (clientCanDecide(snapshot)) return false;
    const provider = providerOf(event);
    if (!provider) return true;
    const { configured } = snapshot.context;
    const unsettled = configured.filter((p) => !settled(snapshot, p));
    // One provider answers at a time, in order; time-outs (the 10 s waits started together) come
    // last, once every other provider answered or is waiting for its own.
    if (TIMEOUTS.has(key)) {
      if (unsettled.some((p) => p !== provider && !waitsForTimeout(snapshot, p))) return false;
    } else if (provider !== unsettled.find((p) => !waitsForTimeout(snapshot, p))) return false;
    const outcomes = scenarioOf(snapshot).outcomes[provider] ?? [];
    return outcomes.some((o) => outcomeEvents[provider][o]?.includes(key));
  },

  serializeState(snapshot: AnalyticsSnapshot): string {
    const { queue, identity, currentUrl } = snapshot.context;
    return [
      scenarioOf(snapshot).name,
      `client ${clientState(snapshot)}`,
      ...providerStates(snapshot),
      `queue [${queue.map(describeCommand).join(', ')}]`,
      `user ${identity?.name ?? 'none'}`,
      `page ${currentUrl ?? 'none'}`,
    ].join(' · ');
  },

  describeState(snapshot: AnalyticsSnapshot): string {
    const client = clientState(snapshot);
    const providers = providerStates(snapshot).join(', ');
    const queue = snapshot.context.queue.length
      ? `, queued: ${snapshot.context.queue.map(describeCommand).join(', ')}`
      : '';
    return `client ${client}${providers ? ` (${providers})` : ''}${queue}`;
  },

  describeEvent(event: AnyEventObject, before: AnalyticsSnapshot): string {
    const e = event as AnalyticsInputEvent;
    switch (e.type) {
      case 'START':
        return 'The app is painted: configured providers start';
      case 'PAGE':
        return `The app shows ${e.url}`;
      case 'TRACK':
        return `The app tracks "${e.event.name}"`;
      case 'IDENTIFY':
        return e.identity.id === before.context.identity?.id
          ? `The session confirms ${e.identity.name} again (already identified)`
          : `The session confirms ${e.identity.name}`;
      case 'SIGNED_OUT':
        return 'The user signs out';
    }
    const key = eventKey(event);
    const provider = providerOf(event);
    if (key === 'after:readinessPoll') return 'The client looks whether a provider is ready (100 ms)';
    if (key === 'after:monitoringPoll') return 'The client looks for the monitoring script (50 ms)';
    if (key === 'after:productAnalyticsForcedReady') return 'Product analytics is in but silent for 2 s';
    if (TIMEOUTS.has(key)) return `${provider} is slower than its 10 s`;
    if (key === 'done:productAnalyticsLoaded') return 'Product analytics says it is loaded';
    if (key.startsWith('done:')) return `${provider}'s script is in`;
    return `${provider} fails: ${(event as { error?: Error }).error?.message ?? 'error'}`;
  },
};
