import { type ActorRefFrom, assign, emit, setup } from 'xstate';
import { appliedSearch } from './applied-search';

/** Spec §9: what is typed applies once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxInput {
  /** The search in effect when the box appears (the address's, or none). */
  search: string;
  /** Clearing the box (under 2 characters) applies at once instead of after the pause. */
  clearsAtOnce?: boolean;
}

export interface SearchBoxContext {
  /** What the box shows. */
  text: string;
  /** The search in effect: what the list shows results for ('' lists everyone). */
  applied: string;
  clearsAtOnce: boolean;
}

export type SearchBoxEvent =
  /** The person typed: the box now says `text`. */
  | { type: 'TYPE'; text: string }
  /** The search in effect changed elsewhere (Back, a link): the box shows it, a pending one is dropped. */
  | { type: 'SHOW'; search: string };

/** Told when a new search is in effect, for whoever shows its results (the address, a query). */
export type SearchBoxEmitted = { type: 'applied'; search: string };

/**
 * A search box (the customers list, the customer picker): typing applies after a pause of
 * SEARCH_DEBOUNCE_MS, from 2 characters; fewer list everyone. Typing back to the search in effect
 * drops the pending one; so does a search set from elsewhere, which the box then shows.
 */
export const searchBoxMachine = setup({
  types: {
    context: {} as SearchBoxContext,
    events: {} as SearchBoxEvent,
    input: {} as SearchBoxInput,
    emitted: {} as SearchBoxEmitted,
  },
  guards: {
    unchanged: ({ context }, { text }: { text: string }) => appliedSearch(text) === context.applied,
    /** Its own applied search coming back (the address it just set) is no news. */
    elsewhere: ({ context }, { search }: { search: string }) => appliedSearch(search) !== context.applied,
    clearedAtOnce: ({ context }, { text }: { text: string }) =>
      context.clearsAtOnce && appliedSearch(text) === '',
  },
  actions: {
    show: assign((_, { text }: { text: string }) => ({ text })),
    apply: assign(({ context }) => ({ applied: appliedSearch(context.text) })),
    announce: emit(({ context }) => ({ type: 'applied' as const, search: context.applied })),
  },
}).createMachine({
  id: 'searchBox',
  context: ({ input }) => ({
    text: input.search,
    applied: appliedSearch(input.search),
    clearsAtOnce: input.clearsAtOnce ?? false,
  }),
  initial: 'settled',
  on: {
    TYPE: [
      {
        guard: { type: 'unchanged', params: ({ event }) => event },
        target: '.settled',
        actions: { type: 'show', params: ({ event }) => event },
      },
      {
        guard: { type: 'clearedAtOnce', params: ({ event }) => event },
        target: '.settled',
        actions: [{ type: 'show', params: ({ event }) => event }, 'apply', 'announce'],
      },
      {
        target: '.waiting',
        reenter: true,
        actions: { type: 'show', params: ({ event }) => event },
      },
    ],
    SHOW: {
      guard: { type: 'elsewhere', params: ({ event }) => event },
      target: '.settled',
      actions: assign(({ context, event }) => ({
        // What the person typed stays while it means the same search.
        text: appliedSearch(event.search) === appliedSearch(context.text) ? context.text : event.search,
        applied: appliedSearch(event.search),
      })),
    },
  },
  states: {
    settled: {
      description: 'The search in effect is what the box says (or what it says is too short to differ).',
    },
    waiting: {
      description: 'The person typed a different search: it applies once typing pauses.',
      after: {
        [SEARCH_DEBOUNCE_MS]: {
          target: 'settled',
          actions: ['apply', 'announce'],
        },
      },
    },
  },
});

export type SearchBoxActor = ActorRefFrom<typeof searchBoxMachine>;
