import {
  type ActivityAction,
  type ActivityDetails,
  type ActivityEvent,
  activityActions,
} from '../../../contracts/activity';
import type { PageInfo } from '../../../contracts/pagination';
import { isoMicrosecondsSql, type Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { keysetPage } from '../../http/keyset-cursor';
import { decodeActivityCursor, encodeActivityCursor } from './activity-cursor';
import { personNameSql, toPerson } from './person';

const COLUMNS = `e.id, e.action, e.actor_user_id, ${personNameSql('u')} AS actor_name, e.at,
  e.task_id, e.deal_id, e.customer_id, e.details`;
const FROM = 'activity_events e LEFT JOIN users u ON u.id = e.actor_user_id';

interface ActivityRow extends Record<string, unknown> {
  id: string;
  action: string;
  actor_user_id: string | null;
  actor_name: string | null;
  at: Timestamp;
  task_id: string | null;
  deal_id: string | null;
  customer_id: string | null;
  details: ActivityDetails | string;
}

const known = new Set<string>(activityActions);

function toActivityEvent(row: ActivityRow): ActivityEvent {
  const details =
    typeof row.details === 'string' ? (JSON.parse(row.details) as ActivityDetails) : row.details;
  return {
    id: row.id,
    action: row.action as ActivityAction,
    actor: toPerson(row.actor_user_id, row.actor_name),
    at: row.at,
    taskId: row.task_id,
    dealId: row.deal_id,
    customerId: row.customer_id,
    details,
  };
}

/**
 * Every line about one task or deal (the detail page's history) or one customer (their data export),
 * oldest first.
 */
export async function activityOf(
  q: Queryable,
  companyId: string,
  about: { taskId: string } | { dealId: string } | { customerId: string },
): Promise<ActivityEvent[]> {
  const [column, id] =
    'taskId' in about
      ? ['task_id', about.taskId]
      : 'dealId' in about
        ? ['deal_id', about.dealId]
        : ['customer_id', about.customerId];
  if (!isUuid(id)) return [];
  const { rows } = await q.query<ActivityRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE e.company_id = $1 AND e.${column} = $2
      ORDER BY e.at, e.id`,
    [companyId, id],
  );
  return rows.filter((row) => known.has(row.action)).map(toActivityEvent);
}

/** A page of a customer's timeline lines, newest first; a bad cursor is the pagination 400. */
export async function customerActivityPage(
  q: Queryable,
  companyId: string,
  customerId: string,
  options: { limit: number; cursor?: string },
): Promise<{ events: ActivityEvent[]; pageInfo: PageInfo }> {
  const cursor = options.cursor === undefined ? undefined : decodeActivityCursor(options.cursor);
  const params: unknown[] = [companyId, customerId, options.limit + 1];
  let after = '';
  if (cursor) {
    params.push(cursor.at, cursor.id);
    after = 'AND (e.at, e.id) < ($4::timestamptz, $5::uuid)';
  }
  const { rows } = await q.query<ActivityRow & { sort_time: string }>(
    `SELECT ${COLUMNS}, ${isoMicrosecondsSql('e.at')} AS sort_time FROM ${FROM}
      WHERE e.company_id = $1 AND e.customer_id = $2 ${after}
      ORDER BY e.at DESC, e.id DESC
      LIMIT $3`,
    params,
  );
  const page = keysetPage(rows, options.limit, (last) =>
    encodeActivityCursor({ at: last.sort_time, id: last.id }),
  );
  return {
    events: page.rows.filter((row) => known.has(row.action)).map(toActivityEvent),
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
  };
}
