import type { Queryable } from '../../../db/types';
import { GraphRefusal } from './graph-errors';
import { KEY_SQL } from './store';

/**
 * Sends a tester makes fail on purpose (POST /dev/whatsapp/api/send-faults), refused with Meta's
 * error for the code, and what the simulator counts of a number's sends (send-stats).
 */

/** Meta's title and details per messaging error code, as its synchronous refusals word them. */
const GRAPH_ERRORS: Record<number, { title: string; details: string }> = {
  1: { title: 'API Unknown', details: 'Invalid request or possible server error.' },
  2: { title: 'API Service', details: 'Temporary due to downtime or due to being overloaded.' },
  4: { title: 'API Too Many Calls', details: 'The app has reached its API call rate limit.' },
  190: { title: 'Error validating access token: Session has expired', details: 'Access token has expired.' },
  130429: { title: 'Rate limit hit', details: 'Cloud API message throughput has been reached.' },
  131000: { title: 'Something went wrong', details: 'Message failed to send due to an unknown error.' },
  131026: {
    title: 'Message undeliverable',
    details: 'Unable to deliver message. The recipient may not be a WhatsApp user.',
  },
  131047: {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131048: {
    title: 'Spam rate limit hit',
    details:
      'Message failed to send because there are restrictions on how many messages can be sent from this phone number.',
  },
  131049: {
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  131056: {
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  132000: {
    title: 'Number of parameters does not match the expected number of params',
    details: 'body: number of localizable_params does not match the expected number of params',
  },
  132001: {
    title: 'Template name does not exist in the translation',
    details: 'template name does not exist in the translation',
  },
};

/** The HTTP status Meta answers a code with when the tester did not choose one. */
const defaultHttpStatus = (code: number) => (code === 190 ? 401 : code === 132001 ? 404 : 400);

/** A refusal in Meta's shape for a code (190 as an invalid token, the rest as messaging errors). */
export function graphErrorFor(code: number, httpStatus = defaultHttpStatus(code)): GraphRefusal {
  const known = GRAPH_ERRORS[code] ?? { title: 'Error', details: 'The request failed.' };
  if (code === 190) return new GraphRefusal(httpStatus, 190, known.title);
  return new GraphRefusal(
    httpStatus,
    code,
    `(#${code}) ${known.title}`,
    'OAuthException',
    undefined,
    known.details,
  );
}

export interface SendFault {
  code: number;
  httpStatus?: number;
  /** Only sends to this person (their phone key). */
  toKey?: string;
  times?: number;
}

export async function addSendFaults(q: Queryable, phoneNumberId: string, faults: SendFault[]): Promise<void> {
  await q.query(
    `INSERT INTO dev_whatsapp_send_faults (phone_number_id, code, http_status, to_key, remaining)
     SELECT $1, (f.fault->>'code')::int, (f.fault->>'http_status')::int, f.fault->>'to_key',
            (f.fault->>'remaining')::int
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS f(fault, n)
      ORDER BY n`,
    [
      phoneNumberId,
      JSON.stringify(
        faults.map((fault) => ({
          code: fault.code,
          http_status: fault.httpStatus ?? defaultHttpStatus(fault.code),
          to_key: fault.toKey ?? null,
          remaining: fault.times ?? 1,
        })),
      ),
    ],
  );
}

export async function clearSendFaults(q: Queryable, phoneNumberId: string): Promise<void> {
  await q.query('DELETE FROM dev_whatsapp_send_faults WHERE phone_number_id = $1', [phoneNumberId]);
}

/**
 * Takes one use of the oldest fault matching a send (this number, any recipient or this one) and
 * answers the refusal it stands for, or null when the send goes on.
 */
export async function takeSendFault(
  q: Queryable,
  phoneNumberId: string,
  toKey: string,
): Promise<GraphRefusal | null> {
  const { rows } = await q.query<{ code: number; http_status: number }>(
    `UPDATE dev_whatsapp_send_faults SET remaining = remaining - 1
      WHERE seq = (
        SELECT seq FROM dev_whatsapp_send_faults
         WHERE phone_number_id = $1 AND remaining > 0 AND (to_key IS NULL OR to_key = $2)
         ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING code, http_status`,
    [phoneNumberId, toKey],
  );
  const fault = rows[0];
  return fault ? graphErrorFor(fault.code, fault.http_status) : null;
}

export async function recordRefusal(q: Queryable, phoneNumberId: string, code: number): Promise<void> {
  await q.query('INSERT INTO dev_whatsapp_send_refusals (phone_number_id, code) VALUES ($1, $2)', [
    phoneNumberId,
    code,
  ]);
}

/** Every business token of the number's account stops working (401, code 190). */
export async function revokeWabaTokens(q: Queryable, wabaId: string): Promise<void> {
  await q.query(
    'UPDATE dev_whatsapp_tokens SET revoked_at = now() WHERE waba_id = $1 AND revoked_at IS NULL',
    [wabaId],
  );
}

export interface SendStats {
  accepted: number;
  refused: Record<string, number>;
  /** The most sends accepted within any one second (a sliding window, by the simulator's clock). */
  maxPerSecond: number;
  /** People who got the same message (text, or template with its parameters) more than once. */
  recipientsWithDuplicates: number;
}

/** The busiest 1-second window of ascending timestamps (ms). */
export function busiestSecond(times: number[]): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 1000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export async function sendStats(q: Queryable, phoneNumberId: string): Promise<SendStats> {
  const sends = await q.query<{ ms: number }>(
    `SELECT (EXTRACT(EPOCH FROM created_at) * 1000)::float8 AS ms FROM dev_whatsapp_messages
      WHERE phone_number_id = $1 AND direction = 'to_customer' ORDER BY created_at`,
    [phoneNumberId],
  );
  const refusals = await q.query<{ code: number; count: number }>(
    `SELECT code, count(*)::int AS count FROM dev_whatsapp_send_refusals
      WHERE phone_number_id = $1 GROUP BY code ORDER BY code`,
    [phoneNumberId],
  );
  // The message as the person sees it: its content (text body, or template name, language and
  // parameters), whatever callback data or context the business attached.
  const duplicates = await q.query<{ count: number }>(
    `SELECT count(DISTINCT key)::int AS count FROM (
       SELECT ${KEY_SQL('customer')} AS key FROM dev_whatsapp_messages
        WHERE phone_number_id = $1 AND direction = 'to_customer'
        GROUP BY 1, type, content -> type
       HAVING count(*) > 1) repeated`,
    [phoneNumberId],
  );
  return {
    accepted: sends.rows.length,
    refused: Object.fromEntries(refusals.rows.map((row) => [String(row.code), row.count])),
    maxPerSecond: busiestSecond(sends.rows.map((row) => Number(row.ms))),
    recipientsWithDuplicates: duplicates.rows[0]?.count ?? 0,
  };
}
