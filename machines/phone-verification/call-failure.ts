import type { Issue } from '../../contracts/envelope';

/**
 * Why a call of a chart failed, as the chart keeps it: the view picks the words (spec §8 gives
 * some of them per call). `missingUser`: the session holds no user id, so the call was not made.
 */
export type CallFailure =
  | { kind: 'missingUser' }
  | {
      kind: 'failed';
      /** The server's text (the envelope's `error`), or the client's when nothing came back. */
      message: string;
      /** The HTTP status, when the server answered. */
      status?: number;
      /** A 400's field issues (envelope `issues[].path`). */
      issues?: Issue[];
    };

/** Thrown by an actor that cannot make its call because the session names no user. */
export class MissingUserError extends Error {
  readonly kind = 'missingUser';
  constructor() {
    super('No user id in the session');
    this.name = 'MissingUserError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isIssue(value: unknown): value is Issue {
  return isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';
}

/**
 * An actor's rejection read structurally (the app's ApiError carries `message`, `status` and
 * `issues`; anything else keeps its message).
 */
export function callFailureOf(error: unknown): CallFailure {
  if (isRecord(error) && error.kind === 'missingUser') return { kind: 'missingUser' };
  const message = isRecord(error) && typeof error.message === 'string' ? error.message : String(error);
  const failure: CallFailure = { kind: 'failed', message };
  if (isRecord(error) && typeof error.status === 'number') failure.status = error.status;
  if (isRecord(error) && Array.isArray(error.issues) && error.issues.every(isIssue))
    failure.issues = error.issues;
  return failure;
}
