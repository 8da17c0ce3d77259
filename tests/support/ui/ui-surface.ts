/**
 * One way for a chart's driver to act and look, whatever runs the app: the views in jsdom (Testing
 * Library) or the built app in Chromium (Playwright). A driver written against `UiSurface` is
 * written once per chart and shared by both layers; only what a layer cannot do alike (how the
 * server is made to answer) stays in a layer's own adapter.
 *
 * Reading the screen is a plain DOM function: jsdom calls it on its `document`, Chromium runs it in
 * the page (`page.evaluate`), so it must use only its argument and the DOM (no closures, no imports).
 */

/** How a person finds something on screen, in Testing Library's and Playwright's shared terms. */
export type UiQuery =
  | { role: string; name?: string | RegExp; exact?: boolean }
  | { label: string | RegExp; exact?: boolean }
  | { text: string | RegExp; exact?: boolean }
  | { testId: string };

export type UiLayer = 'jsdom' | 'browser';

export interface UiSurface {
  readonly layer: UiLayer;
  /** Clicks the one element `target` finds (inside `within` when given). */
  click(target: UiQuery, within?: UiQuery): Promise<void>;
  /** Replaces a field's text with `text`, as typing would (empty clears it). */
  fill(target: UiQuery, text: string, within?: UiQuery): Promise<void>;
  /** Types `text` key by key into the focused field or `target` (masks see every key). */
  type(target: UiQuery, text: string, within?: UiQuery): Promise<void>;
  /** Moves the pointer onto `target`, or off everything when there is none. */
  hover(target?: UiQuery, within?: UiQuery): Promise<void>;
  /** Presses a key on what has focus, in Playwright's names ("Enter", "Escape", "ArrowRight"). */
  press(key: string): Promise<void>;
  /** Picks `option` in the native select `target`, by its label. */
  select(target: UiQuery, option: string, within?: UiQuery): Promise<void>;
  /** Whether `target` is on screen now (present and not hidden). */
  shown(target: UiQuery, within?: UiQuery): Promise<boolean>;
  /** Runs a DOM reading in the page: `read(document, arg)`. */
  read<A, T>(read: (document: Document, arg: A) => T, arg: A): Promise<T>;
  /** The address the app shows: path and search, e.g. "/customers?q=bia". */
  location(): Promise<string>;
  /** Opens `path` in the app, as typing it in the address bar would. */
  open(path: string): Promise<void>;
  /** Moves the app's clock by `ms` (fake timers in jsdom, page.clock in Chromium). */
  advance(ms: number): Promise<void>;
  /** Lets what the last action started settle (renders, answered calls) before looking again. */
  settle(): Promise<void>;
  /** How many times `expectScreen` looks before it gives up. */
  readonly attempts: number;
}

/**
 * Looks until `mismatches(seen)` is empty; throws with what still differs. `look` reads the screen
 * (use `ui.read`); `mismatches` compares it with what the step says the user must see.
 */
export async function expectScreen<T>(
  ui: UiSurface,
  look: () => Promise<T>,
  mismatches: (seen: T) => string[],
): Promise<void> {
  let problems: string[] = [];
  for (let attempt = 0; attempt < ui.attempts; attempt++) {
    problems = mismatches(await look());
    if (problems.length === 0) return;
    await ui.settle();
  }
  throw new Error(`the screen does not match: ${problems.join('; ')}`);
}

/** "x is "a", not "b"" when they differ (JSON on both sides), for `mismatches` functions. */
export function differs(what: string, actual: unknown, expected: unknown): string[] {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  return a === e ? [] : [`${what} is ${a}, not ${e}`];
}
