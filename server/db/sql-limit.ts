/**
 * A LIMIT written into a statement's text: `LIMIT <rows>`. A prepared statement's LIMIT must be one
 * the planner sees: bound as a parameter it is planned as a tenth of the rows, so PostgreSQL judges
 * the generic plan dearer than planning each call and never reuses it. Page sizes are a few
 * integers, so the texts stay few; anything but a positive integer is a programming error.
 */
export function sqlLimit(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`invalid row count: ${rows}`);
  return `LIMIT ${rows}`;
}
