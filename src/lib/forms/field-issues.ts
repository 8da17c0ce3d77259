import type { Issue } from '../../../contracts/envelope';

/** A contract check's issues as the API writes them: the path dotted ("services.2.quantity"). */
export function issuesOfCheck(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): Issue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Issues (the contract's own check before sending, or a 400's) beside the form's fields they name:
 * "tags.2" goes to the tags; the first per field wins. `others`: the issues no field of the form
 * takes, for a message above the buttons.
 */
export function fieldIssues<F extends string>(
  issues: readonly Issue[],
  fields: readonly F[],
): { byField: Partial<Record<F, string>>; others: Issue[] } {
  const byField: Partial<Record<F, string>> = {};
  const others: Issue[] = [];
  for (const issue of issues) {
    const head = issue.path.split('.')[0] ?? '';
    if ((fields as readonly string[]).includes(head)) byField[head as F] ??= issue.message;
    else others.push(issue);
  }
  return { byField, others };
}
