import {
  ADVISOR_HISTORY_LIMIT,
  type AdvisorMessage,
  type AdvisorMode,
  type AdvisorSource,
} from '../../../contracts/advisor';
import type { Timestamp } from '../../db/timestamp';
import type { Db, Queryable } from '../../db/types';

/** Each member's advisor conversation in a company (advisor_messages), never another member's. */

type MessageRow = {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  sources: AdvisorSource[];
  mode: AdvisorMode | null;
  status: 'complete' | 'failed';
  created_at: Timestamp;
};

const toMessage = (r: MessageRow): AdvisorMessage => ({
  id: r.id,
  role: r.role,
  text: r.text,
  sources: r.sources,
  mode: r.mode,
  status: r.status,
  createdAt: r.created_at,
});

/** The newest `limit` messages, in the order they were written. */
export async function loadConversation(
  q: Queryable,
  companyId: string,
  userId: string,
  limit = ADVISOR_HISTORY_LIMIT,
): Promise<AdvisorMessage[]> {
  const { rows } = await q.query<MessageRow>(
    `SELECT id, role, text, sources, mode, status, created_at FROM advisor_messages
      WHERE company_id = $1 AND user_id = $2
      ORDER BY seq DESC LIMIT $3`,
    [companyId, userId, limit],
  );
  return rows.reverse().map(toMessage);
}

export async function clearConversation(q: Queryable, companyId: string, userId: string): Promise<number> {
  const { rowCount } = await q.query('DELETE FROM advisor_messages WHERE company_id = $1 AND user_id = $2', [
    companyId,
    userId,
  ]);
  return rowCount;
}

/** A question and its answer, kept together (one transaction) once the answer is finished or failed. */
export async function keepExchange(
  db: Db,
  companyId: string,
  userId: string,
  question: AdvisorMessage,
  answer: AdvisorMessage,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const m of [question, answer]) {
      await tx.query(
        `INSERT INTO advisor_messages (id, company_id, user_id, role, text, sources, mode, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
        [m.id, companyId, userId, m.role, m.text, JSON.stringify(m.sources), m.mode, m.status, m.createdAt],
      );
    }
  });
}
