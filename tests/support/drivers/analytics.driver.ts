import type { AnalyticsCommand, AnalyticsProvider } from '../../../contracts/analytics';
import type { AnalyticsDelivery, AnalyticsInputEvent } from '../../../machines/analytics/analytics.machine';
import { type AnalyticsSnapshot, analyticsPathModel } from '../../../machines/analytics/analytics.paths';
import { type ChartPath, replayPath } from '../chart-paths';
import { differs, expectScreen, type UiSurface } from '../ui/ui-surface';

/**
 * The analytics chart's driver, written once for jsdom and Chromium. The chart has no view: what a
 * caller observes is what each provider's host took (page views, identities, events, resets), which
 * hosts the app asked for a script or SDK, and the client's state. The layer plays the app's buses
 * (page views, the session, tracked events), first paint, and each provider's host: a download held
 * until its step serves or fails it (never answered: a host slower than its time-out), the product
 * analytics SDK's "loaded" signal, the monitoring SDK found running. Time is the surface's clock.
 */

/** How a provider's script or SDK download ends; product analytics may also be in but fail to start. */
export type AnalyticsDownload = 'in' | 'fails' | 'in, start fails';

/** What the app's buses hand the analytics link (the chart's events, START aside). */
export type AnalyticsBusEvent = Exclude<AnalyticsInputEvent, { type: 'START' }>;

export interface AnalyticsClientReading {
  /** `created` until the client exists (the app not painted yet). */
  state: 'created' | 'initialising' | 'ready' | 'unavailable';
  up: AnalyticsProvider[];
  down: AnalyticsProvider[];
}

export interface AnalyticsLayer {
  /** One of the app's buses hands the analytics link `event`. */
  send(event: AnalyticsBusEvent): Promise<void>;
  /** First paint: the client starts and asks each configured provider's host. */
  start(): Promise<void>;
  /** The provider's held download is served (its script runs) or fails. */
  download(provider: AnalyticsProvider, outcome: AnalyticsDownload): Promise<void>;
  /** The started product-analytics SDK says it is loaded. */
  productAnalyticsLoaded(): Promise<void>;
  /** The monitoring SDK is running from now on: the client's next look finds it. */
  monitoringRunning(): Promise<void>;
  client(): Promise<AnalyticsClientReading>;
  /** What each provider's host took so far, as `commandLine`s in order. */
  received(): Promise<Record<AnalyticsProvider, string[]>>;
  /** The providers whose script or SDK the app asked for, in the order it asked. */
  asked(): Promise<AnalyticsProvider[]>;
}

export type AnalyticsAction =
  | { do: 'send'; event: AnalyticsBusEvent }
  | { do: 'start' }
  | { do: 'download'; provider: AnalyticsProvider; outcome: AnalyticsDownload }
  | { do: 'loaded' }
  | { do: 'running' }
  | { do: 'wait'; ms: number };

export interface AnalyticsStepPlan {
  actions: AnalyticsAction[];
  /**
   * The last step happening at the same moment as this one in the app: timers due together fire
   * in one go (both 10 s time-outs, and the client's look due with them), and an SDK that throws
   * as it starts fails as it comes in. The step is checked against that step's state.
   */
  through: number;
  /** The app's clock after the step, in ms from first paint. */
  clock: number;
}

/** One line per command, the same for every host: what the replay compares. */
export function commandLine(command: AnalyticsCommand): string {
  switch (command.kind) {
    case 'page':
      return `page ${command.view.url} from ${command.view.referrer || '-'}`;
    case 'identify':
      return `identify ${command.identity.id}`;
    case 'track':
      return `track ${command.event.name}`;
    default:
      return 'reset';
  }
}

/** What each provider's adapter hands its host (spec §4: the chat widget only learns who, heatmap no pages). */
const forwarded: Record<AnalyticsProvider, ReadonlySet<AnalyticsCommand['kind']>> = {
  tagManager: new Set(['page', 'track', 'identify', 'reset']),
  productAnalytics: new Set(['page', 'track', 'identify', 'reset']),
  monitoring: new Set(['page', 'track', 'identify', 'reset']),
  heatmap: new Set(['track', 'identify']),
  chat: new Set(['identify', 'reset']),
};

const actorProvider: Record<string, AnalyticsProvider> = {
  loadTagManager: 'tagManager',
  loadProductAnalytics: 'productAnalytics',
  productAnalyticsLoaded: 'productAnalytics',
  loadMonitoring: 'monitoring',
  loadHeatmap: 'heatmap',
  loadChat: 'chat',
};

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const TIME_OUTS = new Set(['scriptTimeout', 'monitoringTimeout', 'productAnalyticsTimeout']);
const READINESS_POLL_MS = 100;
const MONITORING_POLL_MS = 50;
const FORCED_READY_MS = 2_000;
const TIME_OUT_MS = 10_000;

/**
 * Each step in the app: the buses' events and hosts' answers at once; a timer by moving the clock
 * (from first paint) to when the app's timer is due. The client looks every 100 ms from first
 * paint; a look due with a time-out or product analytics' 2 s runs after it (set earlier), a look
 * due with a monitoring look before it.
 */
export function planAnalyticsPath(path: ChartPath): AnalyticsStepPlan[] {
  const steps = path.steps;
  const plans: AnalyticsStepPlan[] = [];
  const joins: boolean[] = [];
  let now = 0;
  let productAnalyticsIn = 0;
  let monitoringIn = 0;
  let previousTimer: { delay: string; at: number } | undefined;
  for (const [index, step] of steps.entries()) {
    const { type } = step.event;
    const actions: AnalyticsAction[] = [];
    let join = false;
    let timer: { delay: string; at: number } | undefined;
    if (index === 0) {
      // Nothing: the app before anything happened.
    } else if (type === 'START') actions.push({ do: 'start' });
    else if (type.startsWith(DONE) || type.startsWith(ERROR)) {
      const actor = type.startsWith(DONE) ? type.slice(DONE.length) : type.slice(ERROR.length);
      const provider = actorProvider[actor]!;
      const done = type.startsWith(DONE);
      if (actor === 'productAnalyticsLoaded') {
        // A start that fails is the SDK throwing as it starts, the moment it is in.
        if (done) actions.push({ do: 'loaded' });
        else join = true;
      } else if (!done) actions.push({ do: 'download', provider, outcome: 'fails' });
      else {
        const startFails =
          actor === 'loadProductAnalytics' &&
          steps[index + 1]?.event.type === `${ERROR}productAnalyticsLoaded`;
        actions.push({ do: 'download', provider, outcome: startFails ? 'in, start fails' : 'in' });
        if (actor === 'loadProductAnalytics') productAnalyticsIn = now;
        if (actor === 'loadMonitoring') monitoringIn = now;
      }
    } else if (type.startsWith(AFTER)) {
      const delay = type.slice(AFTER.length).split('.')[0]!;
      let at: number;
      if (delay === 'readinessPoll') {
        const lookRunsAfter =
          previousTimer?.at === now &&
          now % READINESS_POLL_MS === 0 &&
          (TIME_OUTS.has(previousTimer.delay) || previousTimer.delay === 'productAnalyticsForcedReady');
        at = lookRunsAfter ? now : (Math.floor(now / READINESS_POLL_MS) + 1) * READINESS_POLL_MS;
      } else if (delay === 'monitoringPoll') {
        at = monitoringIn + (Math.floor((now - monitoringIn) / MONITORING_POLL_MS) + 1) * MONITORING_POLL_MS;
        const monitoring = (step.state as AnalyticsSnapshot).value as { providers: Record<string, unknown> };
        if (monitoring.providers.monitoring === 'ready') actions.push({ do: 'running' });
      } else if (delay === 'productAnalyticsForcedReady') at = productAnalyticsIn + FORCED_READY_MS;
      else if (TIME_OUTS.has(delay)) at = TIME_OUT_MS;
      else throw new Error(`Path ${path.number}: no plan for the timer "${delay}"`);
      if (at < now)
        throw new Error(`Path ${path.number}: ${delay} due at ${at} ms, the clock is at ${now} ms`);
      if (at === now && previousTimer?.at === now) join = true;
      else actions.push({ do: 'wait', ms: at - now });
      now = at;
      timer = { delay, at };
    } else actions.push({ do: 'send', event: step.event as AnalyticsBusEvent });
    previousTimer = timer;
    joins.push(join);
    plans.push({ actions: join ? [] : actions, through: index, clock: now });
  }
  for (let index = plans.length - 1; index >= 0; index--)
    if (joins[index + 1]) plans[index]!.through = plans[index + 1]!.through;
  return plans;
}

export interface AnalyticsExpected {
  client: AnalyticsClientReading;
  received: Record<AnalyticsProvider, string[]>;
  asked: AnalyticsProvider[];
}

function clientOf(snapshot: AnalyticsSnapshot): AnalyticsClientReading {
  const client = (snapshot.value as { client: string | { pending: string } }).client;
  return {
    state: (typeof client === 'string' ? client : client.pending) as AnalyticsClientReading['state'],
    up: [...snapshot.context.up].sort(),
    down: [...snapshot.context.down].sort(),
  };
}

/**
 * What each step must leave, from the chart itself: the path replayed on the real machine
 * (`replayPath`, its timers fired as the events they are), its deliveries kept per step.
 */
export async function expectedAnalytics(path: ChartPath): Promise<AnalyticsExpected[]> {
  const snapshot = (index: number) => path.steps[index]!.state as AnalyticsSnapshot;
  const deliveries: AnalyticsDelivery[] = [];
  const upTo: number[] = [];
  let next = 1;
  let running: { send: (event: unknown) => void } | undefined;
  const actor = await replayPath(analyticsPathModel, path as never, {
    advance: () => running?.send(path.steps[next]!.event),
    onStep: ({ index, actor }) => {
      next = index + 1;
      if (index === 0) {
        running = actor;
        actor.on('deliver', (d: AnalyticsDelivery) => deliveries.push(d));
      }
      upTo[index] = deliveries.length;
    },
  });
  actor.stop();
  let started = false;
  return path.steps.map((step, index) => {
    if (step.event.type === 'START') started = true;
    const received = Object.fromEntries(
      snapshot(index).context.configured.map((provider) => [
        provider,
        deliveries
          .slice(0, upTo[index])
          .filter((d) => d.providers.includes(provider) && forwarded[provider].has(d.command.kind))
          .map((d) => commandLine(d.command)),
      ]),
    ) as Record<AnalyticsProvider, string[]>;
    return {
      client: clientOf(snapshot(index)),
      received,
      asked: started ? [...snapshot(index).context.configured] : [],
    };
  });
}

/**
 * At 10 s every provider still starting times out at once (their waits started together), where a
 * path lists one time-out per step and may end before the others: from then on they are all down,
 * and the client's look due with them finds it so.
 */
function timedOut(want: AnalyticsExpected, clock: number): AnalyticsExpected {
  if (clock < TIME_OUT_MS) return want;
  const { state, up } = want.client;
  const configured = Object.keys(want.received) as AnalyticsProvider[];
  const allDown = configured.filter((p) => !up.includes(p)).sort();
  const decided = state === 'initialising' && up.length === 0 ? 'unavailable' : state;
  return { ...want, client: { state: decided, up, down: allDown } };
}

export function analyticsDriver(ui: UiSurface, layer: AnalyticsLayer, path: ChartPath) {
  const plans = planAnalyticsPath(path);
  let expected: AnalyticsExpected[] | undefined;
  const perform = (action: AnalyticsAction) => {
    switch (action.do) {
      case 'send':
        return layer.send(action.event);
      case 'start':
        return layer.start();
      case 'download':
        return layer.download(action.provider, action.outcome);
      case 'loaded':
        return layer.productAnalyticsLoaded();
      case 'running':
        return layer.monitoringRunning();
      case 'wait':
        return ui.advance(action.ms);
    }
  };
  return {
    async act(index: number) {
      expected ??= await expectedAnalytics(path);
      for (const action of plans[index]!.actions) await perform(action);
      await ui.settle();
    },
    async check(index: number) {
      const moment = plans[plans[index]!.through]!;
      const want = timedOut(expected![moment.through]!, moment.clock);
      const configured = (path.steps[index]!.state as AnalyticsSnapshot).context.configured;
      await expectScreen(
        ui,
        async () => ({
          client: await layer.client(),
          received: await layer.received(),
          asked: await layer.asked(),
        }),
        (seen) => [
          ...differs("the analytics client's state", seen.client, want.client),
          ...differs('the hosts the app asked', seen.asked, want.asked),
          ...configured.flatMap((provider) =>
            differs(`what ${provider} took`, seen.received[provider], want.received[provider]),
          ),
        ],
      );
    },
  };
}

/** What must be true after step `index`, in words (for the replay report). */
export function analyticsExpectation(path: ChartPath, index: number): string {
  const plans = planAnalyticsPath(path);
  const snapshot = path.steps[plans[index]!.through]!.state as AnalyticsSnapshot;
  const { state, up, down } = clientOf(snapshot);
  return [
    `o cliente em "${state}"`,
    up.length ? `prontos: ${up.join(', ')}` : '',
    down.length ? `falharam: ${down.join(', ')}` : '',
    'cada provedor pronto recebeu o que a fila e o app mandaram, em ordem',
  ]
    .filter(Boolean)
    .join('; ');
}
