import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { appliedSearch } from './applied-search';
import {
  SEARCH_DEBOUNCE_MS,
  type SearchBoxEvent,
  type SearchBoxInput,
  searchBoxMachine,
} from './search-box.machine';

/**
 * The search-box chart's path model: the customers list's search (the address holds the search)
 * and the customer picker's (clearing lists everyone at once).
 */

export type SearchBoxSnapshot = SnapshotFrom<typeof searchBoxMachine>;

export interface SearchBoxScenario {
  name: string;
  summary: string;
  input: SearchBoxInput;
}

/** A search, too short a text, an empty box, and a search set from elsewhere. */
export const SEARCHED = 'ana';
export const TOO_SHORT = 'a';
export const ELSEWHERE = 'jo';

export const searchBoxScenarios: SearchBoxScenario[] = [
  { name: 'customers', summary: 'The owner opens /customers', input: { search: '' } },
  {
    name: 'picker',
    summary: 'The owner opens the customer picker of a task',
    input: { search: '', clearsAtOnce: true },
  },
];

export const searchBoxPathModel = {
  chart: 'search-box',
  title: 'A search box: what is typed applies once typing pauses',
  machine: searchBoxMachine,
  scenarios: searchBoxScenarios,

  events(snapshot: SearchBoxSnapshot): SearchBoxEvent[] {
    const typed: SearchBoxEvent[] = [SEARCHED, TOO_SHORT, ''].map((text) => ({ type: 'TYPE', text }));
    // Only the list's search lives in the address, which Back or a link can change.
    return snapshot.context.clearsAtOnce ? typed : [...typed, { type: 'SHOW', search: ELSEWHERE }];
  },

  actors: [],

  serializeState(snapshot: SearchBoxSnapshot): string {
    const { text, applied } = snapshot.context;
    return `${String(snapshot.value)} · box "${text}" · results for "${applied}"`;
  },

  coverageKey(snapshot: SearchBoxSnapshot): string {
    return String(snapshot.value);
  },

  describeState(snapshot: SearchBoxSnapshot): string {
    const { text, applied } = snapshot.context;
    const results = applied === '' ? 'everyone' : `"${applied}"`;
    return snapshot.matches('waiting')
      ? `the box says "${text}"; the results, still for ${results}, change once typing pauses`
      : `the box says "${text}"; the results are for ${results}`;
  },

  describeEvent(event: AnyEventObject): string {
    switch (event.type) {
      case 'TYPE':
        return event.text === '' ? 'The user clears the box' : `The user types "${event.text}"`;
      case 'SHOW':
        return `The address changes to the search "${event.search}" (Back, a link)`;
      default:
        return event.type.startsWith('xstate.after.') ? 'The user stops typing for 300 ms' : event.type;
    }
  },
};

/** The customers the paths search among, by name (the lists show them in this order). */
export const SEARCH_BOX_CUSTOMERS = ['Ana Souza', 'Bia Lima', 'João Pereira'] as const;

/** The picker's option that leaves the task without a customer (offered while nothing is searched). */
export const NO_CUSTOMER_OPTION = 'Sem cliente';

/** The customers list's address for the search in effect. */
export const customersAddress = (search: string) =>
  search === '' ? '/customers' : `/customers?${new URLSearchParams({ search })}`;

/** The customers a search finds among SEARCH_BOX_CUSTOMERS (names, accents and case aside). */
function found(search: string): string[] {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  return SEARCH_BOX_CUSTOMERS.filter((name) => plain(name).includes(plain(search)));
}

/** What the drivers do in the running app, as data. */
export type SearchBoxUserAction =
  /** The scenario's screen, with SEARCH_BOX_CUSTOMERS on file (the picker opened). */
  | { do: 'open'; scenario: 'customers' | 'picker' }
  /** Replaces the box's text with `text`. */
  | { do: 'fill'; text: string }
  /** Types the box's last letter again (deletes it, types it): the box ends as it was. */
  | { do: 'retype'; text: string }
  /** Typing pauses: the app's clock moves on. */
  | { do: 'wait'; ms: number }
  /** The app's address changes to `url` without the box (Back, a link). */
  | { do: 'go'; url: string };

export interface SearchBoxScreen {
  /** What the box says. */
  text: string;
  /** The list's address (the customers list only). */
  address: string | null;
  /** The names listed: the customers list's rows, or the picker's options. */
  listed: string[];
}

export interface SearchBoxStepPlan {
  actions: SearchBoxUserAction[];
  screen: SearchBoxScreen;
}

interface PlannablePath {
  scenario: { name: string };
  steps: ReadonlyArray<{ event: AnyEventObject; state: SearchBoxSnapshot }>;
}

function actionOf(path: PlannablePath, index: number): SearchBoxUserAction {
  const { event } = path.steps[index]!;
  if (index === 0) return { do: 'open', scenario: path.scenario.name === 'picker' ? 'picker' : 'customers' };
  const e = event as SearchBoxEvent;
  switch (e.type) {
    case 'TYPE':
      // The same text again: a real keystroke still goes to the box.
      return path.steps[index - 1]!.state.context.text === e.text && e.text !== ''
        ? { do: 'retype', text: e.text }
        : { do: 'fill', text: e.text };
    case 'SHOW':
      return { do: 'go', url: customersAddress(appliedSearch(e.search)) };
    default:
      // The chart's only delay: typing pauses.
      return { do: 'wait', ms: SEARCH_DEBOUNCE_MS };
  }
}

/** What to do at step `index` of a search-box path, and what the user must then see. */
export function planSearchBoxStep(path: PlannablePath, index: number): SearchBoxStepPlan {
  const { text, applied } = path.steps[index]!.state.context;
  const picker = path.scenario.name === 'picker';
  return {
    actions: [actionOf(path, index)],
    screen: {
      text,
      address: picker ? null : customersAddress(applied),
      // The picker offers "no customer" while the box searches nothing (what it says, not yet applied).
      listed: [...(picker && appliedSearch(text) === '' ? [NO_CUSTOMER_OPTION] : []), ...found(applied)],
    },
  };
}
