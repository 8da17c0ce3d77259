/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when `err` is PostgreSQL's refusal of a duplicate: of `constraint` (a unique index's name
 * works too) when one is named, of any unique constraint otherwise.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pgError = err as { code?: unknown; constraint?: unknown } | null;
  return (
    pgError?.code === UNIQUE_VIOLATION && (constraint === undefined || pgError.constraint === constraint)
  );
}

/**
 * Runs `write`, turning the unique violation of `constraint` into `conflict()`'s error: the
 * database's answer to a writer that got past the command's own check at the same moment (another
 * request, another instance), told as the same conflict the check would have given.
 */
export async function withUniqueConflict<T>(
  constraint: string,
  conflict: (err: unknown) => Error | Promise<Error>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw await conflict(err);
    throw err;
  }
}
