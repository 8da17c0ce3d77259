import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { type SearchBoxEvent, type SearchBoxInput, searchBoxMachine } from './search-box.machine';

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
        return `The user goes Back to the search "${event.search}"`;
      default:
        return event.type.startsWith('xstate.after.') ? 'The user stops typing for 300 ms' : event.type;
    }
  },
};
