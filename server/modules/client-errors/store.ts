import type { ClientErrorReport } from '../../../contracts/client-errors';
import type { Queryable } from '../../db/types';

export interface ClientErrorRow extends ClientErrorReport {
  userAgent: string | undefined;
  requestId: string;
}

export async function insertClientError(db: Queryable, row: ClientErrorRow): Promise<void> {
  await db.query(
    `INSERT INTO client_errors (message, stack, component_stack, url, release, user_agent, request_id, tag)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      row.message,
      row.stack ?? null,
      row.componentStack ?? null,
      row.url,
      row.release ?? null,
      row.userAgent ?? null,
      row.requestId,
      row.tag ?? null,
    ],
  );
}
