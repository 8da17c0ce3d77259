import type { Queryable } from '../../db/types';
import type { GraphError, OutgoingMessage, SentMessage } from '../../integrations/whatsapp/graph-client';

/** One call to POST /{phone_number_id}/messages, as recorded before it is made. */
export interface NewSendAttempt {
  companyId: string;
  connectionId: string;
  customerId: string;
  purpose: 'follow_up' | 'reply';
  followUpMessageId: string | null;
  message: OutgoingMessage;
  /** The person replying; a follow-up goes out for whoever wrote it (read from the message). */
  sentByUserId?: string | null;
}

export interface SendAttempt {
  id: string;
  companyId: string;
  connectionId: string;
  customerId: string;
  followUpMessageId: string | null;
  sentAs: 'text' | 'template';
  recipient: string;
  body: string | null;
  templateName: string | null;
  templateLanguage: string | null;
  templateParameters: string[] | null;
  sentByUserId: string | null;
}

/**
 * Records the attempt in the caller's transaction, which must commit before the call is made: an
 * attempt without an outcome is a call whose answer never came, never made again by itself.
 */
export async function insertSendAttempt(
  tx: Queryable,
  attempt: NewSendAttempt,
): Promise<{ id: string; sentByUserId: string | null }> {
  const { message } = attempt;
  const { rows } = await tx.query<{ id: string; sent_by_user_id: string | null }>(
    `INSERT INTO whatsapp_send_attempts
       (company_id, connection_id, customer_id, purpose, follow_up_message_id, sent_as, recipient, body,
        template_name, template_language, template_parameters, sent_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb,
             COALESCE($12::uuid, (SELECT created_by_user_id FROM follow_up_messages WHERE company_id = $1 AND id = $5)))
     RETURNING id, sent_by_user_id`,
    [
      attempt.companyId,
      attempt.connectionId,
      attempt.customerId,
      attempt.purpose,
      attempt.followUpMessageId,
      message.type,
      message.to,
      message.type === 'text' ? message.body : null,
      message.type === 'template' ? message.name : null,
      message.type === 'template' ? message.language : null,
      message.type === 'template' ? JSON.stringify(message.parameters) : null,
      attempt.sentByUserId ?? null,
    ],
  );
  const row = rows[0]!;
  return { id: row.id, sentByUserId: row.sent_by_user_id };
}

/** Meta took the message. False when the attempt already had an outcome (a status webhook's). */
export async function recordAccepted(tx: Queryable, attemptId: string, sent: SentMessage): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE whatsapp_send_attempts SET outcome = 'accepted', answered_at = now(), wamid = $2, wa_id = $3
      WHERE id = $1 AND outcome IS NULL`,
    [attemptId, sent.wamid, sent.waId],
  );
  return rowCount > 0;
}

/** Meta refused it (or the request never left): nothing went out. */
export async function recordRefused(tx: Queryable, attemptId: string, error: GraphError): Promise<void> {
  await tx.query(
    `UPDATE whatsapp_send_attempts SET outcome = 'refused', answered_at = now(), error_code = $2, error_title = $3
      WHERE id = $1 AND outcome IS NULL`,
    [attemptId, error.status === 0 ? 'network' : String(error.code), error.message.slice(0, 500)],
  );
}

interface AttemptRow extends Record<string, unknown> {
  id: string;
  company_id: string;
  connection_id: string;
  customer_id: string;
  follow_up_message_id: string | null;
  sent_as: 'text' | 'template';
  recipient: string;
  body: string | null;
  template_name: string | null;
  template_language: string | null;
  template_parameters: string[] | null;
  sent_by_user_id: string | null;
}

/**
 * The attempt a status webhook names in biz_opaque_callback_data, locked, while its answer is still
 * missing (the process that made the call died, or lost the answer); null otherwise.
 */
export async function unansweredAttempt(
  tx: Queryable,
  companyId: string,
  attemptId: string,
): Promise<SendAttempt | null> {
  const { rows } = await tx.query<AttemptRow>(
    `SELECT id, company_id, connection_id, customer_id, follow_up_message_id, sent_as, recipient, body,
            template_name, template_language, template_parameters, sent_by_user_id
       FROM whatsapp_send_attempts
      WHERE company_id = $1 AND id = $2 AND outcome IS NULL
        FOR UPDATE`,
    [companyId, attemptId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.company_id,
    connectionId: row.connection_id,
    customerId: row.customer_id,
    followUpMessageId: row.follow_up_message_id,
    sentAs: row.sent_as,
    recipient: row.recipient,
    body: row.body,
    templateName: row.template_name,
    templateLanguage: row.template_language,
    templateParameters: row.template_parameters,
    sentByUserId: row.sent_by_user_id,
  };
}

/** A follow-up's attempts that never got an answer: their message may have gone out. */
export async function hasUnansweredAttempt(
  tx: Queryable,
  companyId: string,
  followUpMessageId: string,
): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM whatsapp_send_attempts
      WHERE company_id = $1 AND follow_up_message_id = $2 AND outcome IS NULL LIMIT 1`,
    [companyId, followUpMessageId],
  );
  return rows.length > 0;
}
