import { createHash } from 'node:crypto';

/**
 * How many distinct statement texts a pool prepares at most. Each pooled connection keeps a
 * statement (and its plan) for every text it was asked to prepare until it closes: past this many,
 * a text runs unnamed as any other query, so no caller can grow the server's memory without bound.
 */
export const PREPARED_TEXTS_MAX = 200;

/**
 * The names of a pool's prepared statements, each derived from its text (the same text has the same
 * name on every connection), or undefined once PREPARED_TEXTS_MAX texts have names.
 */
export function preparedStatementNames(max = PREPARED_TEXTS_MAX): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
      names.set(text, name);
    }
    return name;
  };
}

/**
 * PostgreSQL's answer when a prepared statement's result columns changed type since it was
 * prepared (a migration altered a column it reads); the same text unnamed works.
 */
export function isStalePreparedStatement(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: unknown }).code === '0A000' &&
    (err as { message?: unknown }).message === 'cached plan must not change result type'
  );
}
