import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { PathScenario } from '../../tests/support/chart-paths';
import { type RootEntryEvent, type RootEntryInput, rootEntryMachine } from './root-entry.machine';

/**
 * The "/" chart's path model: a visit without referral data, and one whose address carries it
 * (captured, or the capture failing) with the session known before or after the capture ends.
 * Who visits follows from when the session is known: a visitor without a session is known at once
 * (nothing to check: /login); the onboarded owner's session check answers later (/home).
 * Per step, what happens in the app and what the person must see (`planRootEntryStep`).
 */

export type RootEntrySnapshot = SnapshotFrom<typeof rootEntryMachine>;

/** A landing address with referral data (a link shared on WhatsApp). */
export const REFERRAL_SEARCH = 'utm_source=whatsapp&utm_campaign=indicacao';
/** What "/" shows while it decides (RouteLoading's status, read by screen readers). */
export const ROOT_LOADING_TEXT = 'Carregando...';
/** Where the session sends a visitor without one, and the onboarded owner. */
export const VISITOR_DESTINATION = '/login';
export const OWNER_DESTINATION = '/home';

export const rootEntryScenarios: PathScenario<RootEntryInput>[] = [
  { name: 'no referral', summary: 'Someone opens "/" with nothing in the address', input: { search: '' } },
  {
    name: 'referral',
    summary: `Someone opens "/?${REFERRAL_SEARCH}" (a shared link)`,
    input: { search: REFERRAL_SEARCH },
  },
];

/** The capture's failure, as a capture rejects (logged by captureReferral). */
export const captureBroken = new Error('referral capture failed');

const urlOf = (input: RootEntryInput) => (input.search ? `/?${input.search}` : '/');

export const rootEntryPathModel = {
  chart: 'root-entry',
  title: '"/": referral data captured first, then where the session decides',
  machine: rootEntryMachine,
  scenarios: rootEntryScenarios,

  events(snapshot: RootEntrySnapshot): RootEntryEvent[] {
    // While capturing, a session known that early is a visitor's (nothing to check); once the
    // capture is over, the owner's check answers.
    if (snapshot.matches('capturing') && snapshot.context.destination === null)
      return [{ type: 'SESSION', destination: VISITOR_DESTINATION }];
    if (snapshot.matches('waiting')) return [{ type: 'SESSION', destination: OWNER_DESTINATION }];
    return [];
  },

  actors: [{ id: 'captureReferral', src: 'captureReferral', outputs: [undefined], errors: [captureBroken] }],

  serializeState(snapshot: RootEntrySnapshot): string {
    const { search, destination } = snapshot.context;
    return [
      search ? 'referral' : 'no referral',
      String(snapshot.value),
      ...(destination ? [`session → ${destination}`] : []),
    ].join(' · ');
  },

  describeState(snapshot: RootEntrySnapshot): string {
    const { destination } = snapshot.context;
    if (snapshot.matches('leaving')) return `off to ${destination}`;
    return `"${ROOT_LOADING_TEXT}" on "/"`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'SESSION':
        return event.destination === VISITOR_DESTINATION
          ? 'The session is known at once: a visitor without one'
          : "The owner's session check answers";
      case 'xstate.done.actor.captureReferral':
        return 'The referral data is captured';
      default:
        return 'The referral capture fails';
    }
  },
};

/** What happens in the app, as data. */
export type RootEntryAction =
  /** Opens the address, signed in as the onboarded owner or as a visitor without a session. */
  | { do: 'open'; url: string; signedIn: boolean }
  /** The visitor's session: known at once, nothing to do. */
  | { do: 'session known' }
  /** The owner's session check: the real server answers. */
  | { do: 'answer session' }
  /** The held referral capture ends: done, or failing. */
  | { do: 'capture'; outcome: 'captured' | 'failed' };

/** What the person must see after a step. */
export interface RootEntryScreen {
  /** The address (path and search). */
  location: string;
  /** The loading status while "/" decides; null once it left. */
  loading: string | null;
}

export interface RootEntryStepPlan {
  actions: RootEntryAction[];
  screen: RootEntryScreen;
}

type RootEntryPath = {
  scenario: PathScenario<RootEntryInput>;
  steps: { event: AnyEventObject; state: RootEntrySnapshot }[];
};

/** Whether the path's person is the signed-in owner (the visitor's session is known at once). */
const signedInOf = (path: RootEntryPath) =>
  !path.steps.some((s) => s.event.type === 'SESSION' && s.event.destination === VISITOR_DESTINATION);

/** Step `index` of `path`: what happens in the app, and the screen after it. */
export function planRootEntryStep(path: RootEntryPath, index: number): RootEntryStepPlan {
  const step = path.steps[index]!;
  const url = urlOf(path.scenario.input);
  const actions: RootEntryAction[] = [];
  switch (step.event.type) {
    case 'xstate.init':
      actions.push({ do: 'open', url, signedIn: signedInOf(path) });
      break;
    case 'SESSION':
      actions.push(
        step.event.destination === VISITOR_DESTINATION ? { do: 'session known' } : { do: 'answer session' },
      );
      break;
    case 'xstate.done.actor.captureReferral':
      actions.push({ do: 'capture', outcome: 'captured' });
      break;
    default:
      actions.push({ do: 'capture', outcome: 'failed' });
  }
  const left = step.state.matches('leaving');
  return {
    actions,
    screen: {
      location: left ? (step.state.context.destination ?? '/') : url,
      loading: left ? null : ROOT_LOADING_TEXT,
    },
  };
}
