/** An object you can read fields from (arrays included; callers exclude them where it matters). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
