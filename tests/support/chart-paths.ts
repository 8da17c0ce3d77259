/**
 * Paths from a statechart, and their replay (ARCHITECTURE.md "Statecharts", recipe chart-paths.md).
 *
 * Shared by machine tests, view tests, `npm run paths` and Playwright; it imports no test framework.
 *
 * - `generatePaths`: traverses the REAL machine with `getShortestPaths` from `xstate/graph`, once per
 *   scenario (input). A vertex is the model's serialized state PLUS the chart transition that led to
 *   it, so the shortest paths reach every state by every transition (full transition coverage; plain
 *   `getSimplePaths` explodes on the pause/resume loops). Then a greedy cover keeps only paths that
 *   add a state or transition not yet covered, which also drops paths that are prefixes of others.
 * - `describePath`: numbered, event by event, in the model's plain words.
 * - `replayPath`: runs the real machine; invoked actors become deferred promises settled at their
 *   step, `after` delays are advanced with the caller's clock, each step's state is awaited.
 * - `checkCoverage`: every state node and every transition of the chart is on some path.
 * - `walkPath`: the step loop for drivers (jsdom, browser) with path-and-step context on failure.
 * - `recordWalksWith`: tells a listener how far each replay got (per-layer coverage is measured from
 *   what was actually walked, see path-coverage.ts).
 */
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  fromPromise,
} from 'xstate';
import { getShortestPaths, getStateNodes } from 'xstate/graph';

export interface PathScenario<I = unknown> {
  /** Short name, e.g. "loading". */
  name: string;
  /** Plain words for step 0, e.g. `The app shows a loading toast "Enviando…"`. */
  summary: string;
  input: I;
}

/** An invoked actor whose results the paths feed as `xstate.done.actor.<id>` / `xstate.error.actor.<id>`. */
export interface PathActor {
  /** The invoke's `id`. */
  id: string;
  /** The actor's name in `setup({ actors })`, replaced by a deferred promise on replay. */
  src: string;
  outputs?: readonly unknown[];
  errors?: readonly unknown[];
}

/** Everything chart-specific. Methods (not arrow properties) so concrete models fit the generic one. */
export interface PathModel<S extends AnyMachineSnapshot = AnyMachineSnapshot, I = unknown> {
  chart: string;
  title: string;
  machine: AnyStateMachine;
  scenarios: ReadonlyArray<PathScenario<I>>;
  /** Domain events worth trying in this state; `after` events and actor results are added for you. */
  events(snapshot: S): ReadonlyArray<AnyEventObject>;
  actors: ReadonlyArray<PathActor>;
  /**
   * The state value plus the context fields that matter; two snapshots the user can tell apart
   * differ. The traversal merges snapshots that serialize alike, so leave nothing visible out.
   */
  serializeState(snapshot: S): string;
  /** The kinds of states the paths must cover (coarser than `serializeState`); defaults to it. */
  coverageKey?(snapshot: S): string;
  describeState(snapshot: S): string;
  describeEvent(event: AnyEventObject, before: S): string;
  /**
   * Whether the running app can receive `event` in this state (default: whatever the chart
   * accepts). E.g. no delay longer than the client waits for a call still pending: in the app the
   * call times out first.
   */
  allows?(snapshot: S, event: AnyEventObject): boolean;
}

export interface PathStep<S extends AnyMachineSnapshot = AnyMachineSnapshot> {
  /** `{ type: 'xstate.init' }` for step 0. */
  event: AnyEventObject;
  /** The state after `event`. */
  state: S;
  /** The chart transitions `event` took (ids like `toast.shown.timed.running|PAUSE|0`). */
  transitions: string[];
}

export interface ChartPath<S extends AnyMachineSnapshot = AnyMachineSnapshot, I = unknown> {
  chart: string;
  /** 1-based and stable for a given chart: what testers type in `npm run paths -- <chart> <n>`. */
  number: number;
  scenario: PathScenario<I>;
  steps: PathStep<S>[];
}

const INIT = 'xstate.init';
const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const DONE_STATE = 'xstate.done.state.';

function transitionKey(t: { source: AnyStateNode; eventType: string }): string {
  const siblings = t.source.transitions.get(t.eventType) ?? [];
  return `${t.source.id}|${t.eventType}|${siblings.indexOf(t as never)}`;
}

function takenTransitions(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  event: AnyEventObject,
): string[] {
  return machine.getTransitionData(before as never, event).map(transitionKey);
}

/** The model's events, plus the `after` events and actor results this state can receive. */
function eventsFor<S extends AnyMachineSnapshot>(
  model: PathModel<S, unknown>,
  snapshot: S,
): AnyEventObject[] {
  if (snapshot.status !== 'active') return [];
  const own = new Set(snapshot._nodes.flatMap((node: AnyStateNode) => node.ownEvents as string[]));
  const extra: AnyEventObject[] = [...own].filter((type) => type.startsWith(AFTER)).map((type) => ({ type }));
  for (const actor of model.actors) {
    if (own.has(`${DONE}${actor.id}`)) {
      for (const output of actor.outputs ?? []) extra.push({ type: `${DONE}${actor.id}`, output });
    }
    if (own.has(`${ERROR}${actor.id}`)) {
      for (const error of actor.errors ?? []) extra.push({ type: `${ERROR}${actor.id}`, error });
    }
  }
  return [...model.events(snapshot), ...extra].filter(
    (event) => snapshot.can(event) && (model.allows?.(snapshot, event) ?? true),
  );
}

function serializeEvent(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value) => (value instanceof Error ? `Error: ${value.message}` : value));
}

/** Everything a path covers: the states it visits and the transitions it takes. */
function coverageItems<S extends AnyMachineSnapshot>(
  model: PathModel<S, unknown>,
  steps: PathStep<S>[],
): string[] {
  const key = (s: S) => (model.coverageKey ? model.coverageKey(s) : model.serializeState(s));
  return steps.flatMap((step) => [`state ${key(step.state)}`, ...step.transitions.map((t) => `via ${t}`)]);
}

export function generatePaths<S extends AnyMachineSnapshot, I>(model: PathModel<S, I>): ChartPath<S, I>[] {
  const candidates: Array<{ scenarioIndex: number; scenario: PathScenario<I>; steps: PathStep<S>[] }> = [];
  model.scenarios.forEach((scenario, scenarioIndex) => {
    const paths = getShortestPaths(model.machine, {
      input: scenario.input,
      events: (snapshot) => eventsFor(model as PathModel<S, unknown>, snapshot as S) as never,
      serializeEvent: serializeEvent as never,
      serializeState: (snapshot, event, previous) => {
        const via =
          event && previous
            ? takenTransitions(model.machine, previous as AnyMachineSnapshot, event).join('+')
            : INIT;
        return `${model.serializeState(snapshot as S)} <- ${via}`;
      },
    });
    for (const path of paths) {
      const steps = path.steps.map((step, i): PathStep<S> => {
        const event = step.event as AnyEventObject;
        const transitions =
          i === 0
            ? []
            : takenTransitions(model.machine, path.steps[i - 1]!.state as AnyMachineSnapshot, event);
        return { event, state: step.state as S, transitions };
      });
      candidates.push({ scenarioIndex, scenario, steps });
    }
  });

  // Greedy cover: keep the path that adds the most not-yet-covered items, shorter first on ties.
  const covered = new Set<string>();
  const chosen: typeof candidates = [];
  const remaining = candidates.map((candidate) => ({
    candidate,
    items: new Set(coverageItems(model, candidate.steps)),
  }));
  for (;;) {
    let best: (typeof remaining)[number] | undefined;
    let bestGain = 0;
    for (const entry of remaining) {
      let gain = 0;
      for (const item of entry.items) if (!covered.has(item)) gain++;
      if (
        gain > bestGain ||
        (gain === bestGain && gain > 0 && best && entry.candidate.steps.length < best.candidate.steps.length)
      ) {
        best = entry;
        bestGain = gain;
      }
    }
    if (!best) break;
    for (const item of best.items) covered.add(item);
    chosen.push(best.candidate);
    remaining.splice(remaining.indexOf(best), 1);
  }

  const eventsKey = (steps: PathStep<S>[]) => steps.map((s) => serializeEvent(s.event)).join(' ');
  return chosen
    .sort(
      (a, b) =>
        a.scenarioIndex - b.scenarioIndex ||
        a.steps.length - b.steps.length ||
        eventsKey(a.steps).localeCompare(eventsKey(b.steps)),
    )
    .map((candidate, i) => ({
      chart: model.chart,
      number: i + 1,
      scenario: candidate.scenario,
      steps: candidate.steps,
    }));
}

/** One line per step: what happens, then what the state is. */
function describeSteps<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  path: ChartPath<S, I>,
): string[] {
  return path.steps.map((step, i) => {
    const what = i === 0 ? path.scenario.summary : model.describeEvent(step.event, path.steps[i - 1]!.state);
    return `${String(i + 1).padStart(2)}. ${what} → ${model.describeState(step.state)}`;
  });
}

export function pathTitle<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  path: ChartPath<S, I>,
): string {
  const end = path.steps[path.steps.length - 1]!.state;
  return `Path ${path.number} (${path.scenario.name}): ${path.steps.length} steps, ends: ${model.describeState(end)}`;
}

export function describePath<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  path: ChartPath<S, I>,
): string {
  return [pathTitle(model, path), ...describeSteps(model, path).map((line) => `  ${line}`)].join('\n');
}

export interface Coverage {
  states: { total: number; missing: string[] };
  transitions: { total: number; missing: string[] };
}

/**
 * Every state node and every transition of the chart on at least one path. Eventless (`always`)
 * transitions and a state's `onDone` are not graph edges; they count as covered when their source
 * and targets are.
 */
export function checkCoverage<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  paths: ReadonlyArray<ChartPath<S, I>>,
): Coverage {
  const nodes: AnyStateNode[] = [model.machine.root, ...getStateNodes(model.machine.root)];
  const visited = new Set(
    paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n: AnyStateNode) => n.id))),
  );
  const taken = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.transitions)));
  const allTransitions: string[] = [];
  const missingTransitions: string[] = [];
  for (const node of nodes) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((t, i) => {
        const key = `${node.id}|${eventType}|${i}`;
        allTransitions.push(key);
        // A state's `onDone` is raised inside the step, like an eventless transition: judged the same way.
        if (eventType.startsWith(DONE_STATE)) {
          const targets = (t.target ?? []).map((n: AnyStateNode) => n.id);
          if (!visited.has(node.id) || !targets.every((id: string) => visited.has(id)))
            missingTransitions.push(key);
        } else if (!taken.has(key)) missingTransitions.push(key);
      });
    }
    (node.always ?? []).forEach((t, i) => {
      const key = `${node.id}|always|${i}`;
      allTransitions.push(key);
      const targets = (t.target ?? []).map((n) => n.id);
      if (!visited.has(node.id) || !targets.every((id) => visited.has(id))) missingTransitions.push(key);
    });
  }
  return {
    states: { total: nodes.length, missing: nodes.map((n) => n.id).filter((id) => !visited.has(id)) },
    transitions: { total: allTransitions.length, missing: missingTransitions },
  };
}

/** How far one replay got: its path and how many of its steps passed. */
export interface PathWalk {
  /** `machine` for `replayPath` on the real machine, `driver` for `walkPath` on a UI (jsdom or browser). */
  kind: 'machine' | 'driver';
  model: PathModel;
  path: ChartPath;
  /** Steps (from step 1) that reached their state and passed their checks. */
  passed: number;
}

let walkListener: ((walk: PathWalk) => void) | undefined;

/** Every replay reports to `listener` once it ends, passed or failed (`undefined` stops it). */
export function recordWalksWith(listener: ((walk: PathWalk) => void) | undefined): void {
  walkListener = listener;
}

function reportWalk(kind: PathWalk['kind'], model: unknown, path: unknown, passed: number): void {
  walkListener?.({ kind, model: model as PathModel, path: path as ChartPath, passed });
}

/** Milliseconds an `xstate.after.<delay>.<stateId>` event stands for, from the state before it. */
function delayOf(machine: AnyStateMachine, eventType: string, before: AnyMachineSnapshot): number {
  const delay = eventType.slice(AFTER.length).split('.')[0]!;
  if (/^\d+$/.test(delay)) return Number(delay);
  const configured = (machine.implementations.delays as Record<string, unknown>)[delay];
  const value =
    typeof configured === 'function'
      ? configured(
          { context: before.context, event: { type: eventType }, self: undefined, system: undefined },
          undefined,
        )
      : configured;
  if (typeof value !== 'number') throw new Error(`Delay "${delay}" of ${machine.id} is not a number`);
  return value;
}

export interface ReplayOptions {
  /** Moves the clock: `vi.advanceTimersByTimeAsync` in vitest, `page.clock.runFor` in Playwright. */
  advance: (ms: number) => Promise<unknown> | unknown;
  /** Extra implementations for the machine (spies); the deferred actors are provided already. */
  provide?: Parameters<AnyStateMachine['provide']>[0];
  onStep?: (info: {
    index: number;
    step: PathStep;
    snapshot: AnyMachineSnapshot;
    actor: AnyActorRef;
  }) => Promise<void> | void;
}

/** Lets promise callbacks and actor mailboxes run, without touching (possibly fake) timers. */
async function untilMatches(check: () => boolean, tries = 200): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (check()) return true;
    await Promise.resolve();
  }
  return check();
}

/** Runs `path` on the real machine, step by step; resolves with the (still running) actor. */
export async function replayPath<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  path: ChartPath<S, I>,
  options: ReplayOptions,
): Promise<AnyActorRef> {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const deferred = Object.fromEntries(
    model.actors.map((a) => [
      a.src,
      fromPromise(() => new Promise((resolve, reject) => pending.set(a.id, { resolve, reject }))),
    ]),
  );
  let machine = model.machine.provide({ actors: deferred });
  if (options.provide) machine = machine.provide(options.provide);
  const actor = createActor(machine, { input: path.scenario.input });
  actor.start();

  let passed = 0;
  try {
    await replaySteps();
  } finally {
    reportWalk('machine', model, path, passed);
  }
  return actor;

  async function replaySteps(): Promise<void> {
    for (const [index, step] of path.steps.entries()) {
      const label = `Path ${path.number} (${path.scenario.name}), step ${index + 1}`;
      if (index > 0) {
        const before = path.steps[index - 1]!.state;
        const { type } = step.event;
        // Results of the model's invoked actors settle their deferred promise; other done events
        // (a spawned child that ended) are sent as they are.
        const invoked = (id: string) => (model.actors.some((a) => a.id === id) ? id : undefined);
        const actorId = type.startsWith(DONE)
          ? invoked(type.slice(DONE.length))
          : type.startsWith(ERROR)
            ? invoked(type.slice(ERROR.length))
            : undefined;
        if (actorId !== undefined) {
          const settle = pending.get(actorId);
          if (!settle) throw new Error(`${label}: no invocation of "${actorId}" is waiting to settle`);
          pending.delete(actorId);
          if (type.startsWith(DONE)) settle.resolve((step.event as { output?: unknown }).output);
          else settle.reject((step.event as { error?: unknown }).error);
        } else if (type.startsWith(AFTER)) {
          await options.advance(delayOf(model.machine, type, before));
        } else {
          actor.send(step.event);
        }
      }
      const expected = model.serializeState(step.state);
      const matched = await untilMatches(() => model.serializeState(actor.getSnapshot() as S) === expected);
      if (!matched) {
        const actual = model.serializeState(actor.getSnapshot() as S);
        throw new Error(
          `${label}: expected state "${expected}", got "${actual}"\n${describePath(model, path)}`,
        );
      }
      await options.onStep?.({ index, step, snapshot: actor.getSnapshot(), actor });
      passed = index + 1;
    }
  }
}

/** Runs a driver over a path: act out each step, then check what the user sees. */
export async function walkPath<S extends AnyMachineSnapshot, I>(
  model: PathModel<S, I>,
  path: ChartPath<S, I>,
  hooks: {
    act: (index: number) => Promise<void> | void;
    check: (index: number) => Promise<void> | void;
    onStep?: (index: number, line: string) => Promise<void> | void;
  },
): Promise<void> {
  const lines = describeSteps(model, path);
  let passed = 0;
  try {
    for (const index of path.steps.keys()) {
      try {
        await hooks.act(index);
        await hooks.check(index);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new Error(
          `Path ${path.number}, step ${lines[index]!.trim()}\n  failed: ${why}\n\n${describePath(model, path)}`,
          { cause: error },
        );
      }
      passed = index + 1;
      await hooks.onStep?.(index, lines[index]!);
    }
  } finally {
    reportWalk('driver', model, path, passed);
  }
}
