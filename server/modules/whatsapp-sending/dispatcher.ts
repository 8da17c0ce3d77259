import type { Db, Queryable } from '../../db/types';
import { type GraphClient, GraphError, type SentMessage } from '../../integrations/whatsapp/graph-client';
import {
  markConnectionNeedsReconnect,
  publishThroughTransaction,
} from '../whatsapp-connections/connection-changes';
import type { TokenSeal } from '../whatsapp-connections/connection-context';
import { lockWamid } from '../whatsapp-webhooks/conversation-store';
import {
  insertSendAttempt,
  type NewSendAttempt,
  recordAccepted,
  recordRefused,
  type SendAttempt,
} from './send-attempts';
import {
  DEFAULT_SEND_PACING,
  pairFreeAt,
  reserveSendSlot,
  type SendPacing,
  sleep,
  slotSpacingMs,
} from './send-pacing';
import { storeSentMessage } from './sent-messages';

/** The company's live connection, as sending needs it. */
export interface SendingConnection {
  id: string;
  companyId: string;
  status: string;
  mode: 'cloud_api' | 'coexistence';
  phoneNumberId: string | null;
  tokenSealed: string | null;
  template: { name: string; language: string } | null;
}

/** The company's live connection (any status but disconnected), or null: never another company's. */
export async function sendingConnection(q: Queryable, companyId: string): Promise<SendingConnection | null> {
  const { rows } = await q.query<{
    id: string;
    company_id: string;
    status: string;
    mode: 'cloud_api' | 'coexistence';
    phone_number_id: string | null;
    access_token_encrypted: string | null;
    follow_up_template_name: string | null;
    follow_up_template_language: string | null;
  }>(
    `SELECT id, company_id, status, mode, phone_number_id, access_token_encrypted,
            follow_up_template_name, follow_up_template_language
       FROM whatsapp_connections WHERE company_id = $1 AND status <> 'disconnected'`,
    [companyId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.company_id,
    status: row.status,
    mode: row.mode,
    phoneNumberId: row.phone_number_id,
    tokenSealed: row.access_token_encrypted,
    template:
      row.follow_up_template_name && row.follow_up_template_language
        ? { name: row.follow_up_template_name, language: row.follow_up_template_language }
        : null,
  };
}

/** Whether the connection can send now. */
export const canSend = (connection: SendingConnection): boolean =>
  connection.status === 'connected' && !!connection.phoneNumberId && !!connection.tokenSealed;

/**
 * What the caller decides inside the claim transaction (with its rows locked): send this attempt
 * (`recorded` runs in the same transaction once the attempt row is written), or stop with a value.
 */
export type Claim<T> =
  | { kind: 'send'; attempt: NewSendAttempt; recorded?: (tx: Queryable, attemptId: string) => Promise<void> }
  | { kind: 'stop'; value: T };

export type DispatchResult<T> =
  | { kind: 'stopped'; value: T }
  /** The connection stopped being able to send. */
  | { kind: 'not_connected' }
  /** Not now: the number's next free slot, or the pair rate, is at `at`. */
  | { kind: 'later'; at: Date; reason: 'throughput' | 'pair_rate' }
  | { kind: 'accepted'; attempt: SendAttempt; sent: SentMessage; conversationMessageId: string | null }
  /** Meta refused it, or it never left: nothing went out. */
  | { kind: 'refused'; attempt: SendAttempt; error: GraphError }
  /** The answer was lost after the request went out: it may have gone out. */
  | { kind: 'unknown'; attempt: SendAttempt; error: GraphError };

export interface DispatcherOptions {
  db: Db;
  graph: GraphClient;
  tokens: TokenSeal;
  pacing?: Partial<SendPacing>;
}

export interface Dispatcher {
  readonly db: Db;
  readonly pacing: SendPacing;
  /**
   * The one path every WhatsApp send takes (follow-ups and the owner's replies): a send slot of the
   * number (throughput), then in one transaction the caller's claim, the pair rate and the attempt
   * row, committed before the Graph call; then the call, and its outcome recorded (Meta's message in
   * the conversation, or the refusal; a refused token marks the connection for reconnecting).
   */
  dispatch<T>(
    connection: SendingConnection,
    claim: (tx: Queryable) => Promise<Claim<T>>,
    signal?: AbortSignal,
  ): Promise<DispatchResult<T>>;
}

const asAttempt = (
  { id, sentByUserId }: { id: string; sentByUserId: string | null },
  attempt: NewSendAttempt,
): SendAttempt => {
  const { message } = attempt;
  return {
    id,
    sentByUserId,
    companyId: attempt.companyId,
    connectionId: attempt.connectionId,
    customerId: attempt.customerId,
    followUpMessageId: attempt.followUpMessageId,
    sentAs: message.type,
    recipient: message.to,
    body: message.type === 'text' ? message.body : null,
    templateName: message.type === 'template' ? message.name : null,
    templateLanguage: message.type === 'template' ? message.language : null,
    templateParameters: message.type === 'template' ? message.parameters : null,
  };
};

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, graph, tokens } = options;
  const pacing: SendPacing = { ...DEFAULT_SEND_PACING, ...options.pacing };

  async function dispatch<T>(
    connection: SendingConnection,
    claim: (tx: Queryable) => Promise<Claim<T>>,
    signal?: AbortSignal,
  ): Promise<DispatchResult<T>> {
    const slot = await reserveSendSlot(
      db,
      connection.id,
      slotSpacingMs(pacing, connection.mode),
      pacing.maxSlotWaitMs,
    );
    if (slot.kind === 'not_connected') return { kind: 'not_connected' };
    if (slot.kind === 'later') return { kind: 'later', at: slot.at, reason: 'throughput' };
    if (slot.waitMs > 0) await sleep(slot.waitMs);

    const claimed = await db.transaction(async (tx): Promise<DispatchResult<T> | SendAttempt> => {
      const decided = await claim(tx);
      if (decided.kind === 'stop') return { kind: 'stopped', value: decided.value };
      const freeAt = await pairFreeAt(tx, connection.id, decided.attempt.message.to, pacing.pairIntervalMs);
      if (freeAt) return { kind: 'later', at: freeAt, reason: 'pair_rate' };
      const inserted = await insertSendAttempt(tx, decided.attempt);
      await decided.recorded?.(tx, inserted.id);
      return asAttempt(inserted, decided.attempt);
    });
    if ('kind' in claimed) return claimed;
    const attempt = claimed;

    let sent: SentMessage;
    try {
      const token = await tokens.open(connection.tokenSealed!, connection.companyId);
      sent = await graph.sendMessage(
        token,
        connection.phoneNumberId!,
        attempt.sentAs === 'text'
          ? { to: attempt.recipient, type: 'text', body: attempt.body! }
          : {
              to: attempt.recipient,
              type: 'template',
              name: attempt.templateName!,
              language: attempt.templateLanguage!,
              parameters: attempt.templateParameters!,
            },
        { callbackData: attempt.id, ...(signal && { signal }) },
      );
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      if (err.outcomeUnknown) return { kind: 'unknown', attempt, error: err };
      await db.transaction(async (tx) => {
        await recordRefused(tx, attempt.id, err);
        if (err.kind === 'token' && connection.phoneNumberId) {
          await markConnectionNeedsReconnect(tx, publishThroughTransaction, connection.phoneNumberId);
        }
      });
      return { kind: 'refused', attempt, error: err };
    }
    const conversationMessageId = await db.transaction(async (tx) => {
      await lockWamid(tx, connection.companyId, sent.wamid);
      // A status webhook carrying this attempt's id may have completed it first.
      if (!(await recordAccepted(tx, attempt.id, sent))) return null;
      return storeSentMessage(tx, attempt, sent.wamid);
    });
    return { kind: 'accepted', attempt, sent, conversationMessageId };
  }

  return { db, pacing, dispatch };
}
