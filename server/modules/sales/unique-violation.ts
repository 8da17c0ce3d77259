/** True when `err` is PostgreSQL's unique violation (23505) of `constraint` (an index name works too). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const pgError = err as { code?: unknown; constraint?: unknown } | null;
  return pgError?.code === '23505' && pgError.constraint === constraint;
}
