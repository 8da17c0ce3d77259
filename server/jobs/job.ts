import type { Timestamp } from '../db/timestamp';

/** A row of the `jobs` table as the code sees it. */
export interface Job<P = unknown> {
  id: string;
  /** null for system jobs that belong to no company. */
  companyId: string | null;
  kind: string;
  payload: P;
  status: JobStatus;
  /** Attempts started so far, this one included while it runs. */
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  idempotencyKey: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface JobRow extends Record<string, unknown> {
  id: string;
  company_id: string | null;
  kind: string;
  payload: unknown;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  idempotency_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

const date = (v: Timestamp) => new Date(v);
const maybeDate = (v: Timestamp | null) => (v === null ? null : date(v));

export function toJob<P = unknown>(row: JobRow): Job<P> {
  return {
    id: row.id,
    companyId: row.company_id,
    kind: row.kind,
    payload: row.payload as P,
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: date(row.run_at),
    lockedBy: row.locked_by,
    lockedUntil: maybeDate(row.locked_until),
    lastError: row.last_error,
    idempotencyKey: row.idempotency_key,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    finishedAt: maybeDate(row.finished_at),
  };
}
