/** A value a `beforeAll` sets, read by a test: a clear error when read before it ran. */
export function startedInBeforeAll(helper: string) {
  return <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`${helper}: read before its beforeAll ran`);
    return value;
  };
}
