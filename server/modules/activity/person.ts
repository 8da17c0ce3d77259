import type { Person } from '../../../contracts/activity';

/**
 * SQL for a member as tasks, deals and activity lines name them (users row `alias`, joined on
 * whichever column points at it): their name, or their e-mail before they told it.
 */
export function personNameSql(alias: string): string {
  return `COALESCE(NULLIF(btrim(${alias}.name), ''), ${alias}.email)`;
}

/** A person from the id and name columns a query selected (null when the column pointed nowhere). */
export function toPerson(userId: string | null, name: string | null): Person | null {
  return userId === null ? null : { userId, name: name ?? '' };
}
