import { ERASED_AI_TEXT } from '../../../contracts/customer-data';
import { realtimeEvent } from '../../../contracts/realtime';
import type { Queryable } from '../../db/types';
import { publishEvents } from '../../realtime/event-bus';
import { recordLinks } from '../advisor/record-links';

/**
 * What the AI wrote about a customer being erased, in the erase's transaction: the watcher's
 * suggestions for them keep their kind and outcome but lose their texts (a pending one is dismissed
 * by whoever erased, and open tabs told), and every advisor answer that cited them (their record, or
 * a record that links to their page: their conversation) loses its text and sources. The questions
 * people typed are theirs and stay.
 */
export async function eraseAiMentions(
  tx: Queryable,
  caller: { userId: string; companyId: string },
  customerId: string,
): Promise<void> {
  const { companyId, userId } = caller;
  const dismissed = await tx.query<{ id: string }>(
    `UPDATE ai_suggestions SET status = 'dismissed', decided_at = now(), decided_by_user_id = $3
      WHERE company_id = $1 AND customer_id = $2 AND status = 'pending'
      RETURNING id`,
    [companyId, customerId, userId],
  );
  await publishEvents(
    tx,
    dismissed.rows.map((row) => ({
      companyId,
      event: realtimeEvent('ai.suggestion.changed', {
        suggestionId: row.id,
        customerId,
        status: 'dismissed',
      }),
    })),
  );
  await tx.query(
    `UPDATE ai_suggestions
        SET reason = $3, task_description = CASE WHEN task_description IS NULL THEN NULL ELSE $3 END,
            deal_title = CASE WHEN deal_title IS NULL THEN NULL ELSE $3 END
      WHERE company_id = $1 AND customer_id = $2`,
    [companyId, customerId, ERASED_AI_TEXT],
  );
  await tx.query(
    `UPDATE advisor_messages SET text = $4, sources = '[]', mode = NULL
      WHERE company_id = $1 AND role = 'assistant'
        AND EXISTS (SELECT FROM jsonb_array_elements(sources) AS source
                     WHERE source->>'href' = $3 OR (source->>'kind' = 'customer' AND source->>'id' = $2))`,
    [companyId, customerId, recordLinks.customer(customerId), ERASED_AI_TEXT],
  );
}
