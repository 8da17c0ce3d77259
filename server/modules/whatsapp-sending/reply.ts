import type { ConversationMessage } from '../../../contracts/conversation';
import type { ReplyInput } from '../../../contracts/whatsapp-sending';
import type { Timestamp } from '../../db/timestamp';
import type { Queryable } from '../../db/types';
import { HttpError } from '../../http/errors';
import type { GraphError } from '../../integrations/whatsapp/graph-client';
import { personNameSql, toPerson } from '../activity/person';
import { customerNotFound } from '../customers/customer-id';
import { type Claim, canSend, type Dispatcher, sendingConnection } from './dispatcher';
import { type FollowUpProblemCode, followUpProblemCodes, followUpProblemText } from './follow-up-problems';
import { flagUndeliverable } from './follow-up-state';
import { sleep } from './send-pacing';

export const REPLY_NOT_CONNECTED_TEXT =
  'O WhatsApp da empresa não está conectado. Conecte o número para responder pelo Fechaí.';
export const REPLY_WITHOUT_WHATSAPP_TEXT = 'Este cliente não tem WhatsApp cadastrado. Informe o número dele.';
export const REPLY_WINDOW_CLOSED_TEXT =
  'Passaram mais de 24 horas desde a última mensagem do cliente: fora dessa janela o WhatsApp só aceita modelos aprovados. Responda com um modelo.';
export const REPLY_REFUSED_TEXT = 'O WhatsApp recusou a mensagem. Tente de novo em instantes.';
/** A reply waits at most this long in all for the number's send slot or the pair rate. */
const MAX_REPLY_WAIT_MS = 15_000;

interface CustomerRow extends Record<string, unknown> {
  phone: string | null;
  window_open: boolean;
}

/** The customer, locked, as a reply needs them; 404 when not the company's. */
async function lockCustomer(q: Queryable, companyId: string, customerId: string): Promise<CustomerRow> {
  const { rows } = await q.query<CustomerRow>(
    `SELECT phone, coalesce(last_inbound_at > now() - interval '24 hours', false) AS window_open
       FROM customers WHERE company_id = $1 AND id = $2 FOR UPDATE`,
    [companyId, customerId],
  );
  if (!rows[0]) throw customerNotFound();
  return rows[0];
}

const windowClosed = () =>
  new HttpError(422, 'WHATSAPP_WINDOW_CLOSED', REPLY_WINDOW_CLOSED_TEXT, [
    { path: 'text', message: REPLY_WINDOW_CLOSED_TEXT },
  ]);

/**
 * The owner's reply from the customer page (POST /api/customers/:id/messages), sent at once through
 * the dispatcher like a follow-up: the number's slots and the pair rate are waited for (briefly),
 * the attempt is recorded before the call, and Meta's answer becomes the stored message (201) or an
 * error in pt-BR: 409 not connected (also after a refused token, 190), 422 outside the window, with
 * an unusable template or to a number without WhatsApp, 502 for Meta's other refusals.
 */
export async function sendReply(
  dispatcher: Dispatcher | null,
  sender: { companyId: string; userId: string },
  customerId: string,
  input: ReplyInput,
): Promise<ConversationMessage> {
  const { companyId } = sender;
  const customer = await lockCustomer(dispatcher?.db ?? failNotConnected(), companyId, customerId);
  const connection = await sendingConnection(dispatcher!.db, companyId);
  if (!connection || !canSend(connection)) throw notConnected();
  const to = customer.phone?.replace(/[^0-9]/g, '');
  if (!to) throw new HttpError(422, 'CUSTOMER_WITHOUT_WHATSAPP', REPLY_WITHOUT_WHATSAPP_TEXT);
  if ('text' in input && !customer.window_open) throw windowClosed();

  const claim = async (tx: Queryable): Promise<Claim<never>> => {
    const locked = await lockCustomer(tx, companyId, customerId);
    if ('text' in input && !locked.window_open) throw windowClosed();
    return {
      kind: 'send',
      attempt: {
        companyId,
        connectionId: connection.id,
        customerId,
        purpose: 'reply',
        followUpMessageId: null,
        sentByUserId: sender.userId,
        message:
          'text' in input
            ? { to, type: 'text', body: input.text }
            : {
                to,
                type: 'template',
                name: input.template.name,
                language: input.template.language,
                parameters: input.parameters,
              },
      },
    };
  };

  const deadline = Date.now() + MAX_REPLY_WAIT_MS;
  for (;;) {
    const result = await dispatcher!.dispatch(connection, claim);
    switch (result.kind) {
      case 'stopped':
      case 'not_connected':
        throw notConnected();
      case 'later': {
        const waitMs = result.at.getTime() - Date.now();
        if (Date.now() + waitMs > deadline) throw refusedError(REPLY_REFUSED_TEXT);
        await sleep(Math.max(0, waitMs));
        continue;
      }
      case 'unknown':
        throw new HttpError(502, 'WHATSAPP_GRAPH_REFUSED', followUpProblemText('UNCERTAIN'), undefined, {
          cause: result.error,
        });
      case 'refused':
        if (result.error.kind === 'undeliverable') {
          await dispatcher!.db.transaction((tx) => flagUndeliverable(tx, companyId, customerId));
        }
        throw replyRefusal(result.error);
      case 'accepted':
        return storedMessage(dispatcher!.db, companyId, result.sent.wamid);
    }
  }
}

function failNotConnected(): never {
  throw notConnected();
}

const notConnected = () => new HttpError(409, 'WHATSAPP_NOT_CONNECTED', REPLY_NOT_CONNECTED_TEXT);
const refusedError = (text: string, error?: GraphError) =>
  new HttpError(502, 'WHATSAPP_GRAPH_REFUSED', text, undefined, error && { cause: error });

/** Meta's refusal of a reply, as the owner reads it. */
function replyRefusal(error: GraphError): HttpError {
  if (error.kind === 'token') {
    return new HttpError(409, 'WHATSAPP_NOT_CONNECTED', followUpProblemText('190'), undefined, {
      cause: error,
    });
  }
  if (error.kind === 'outside_window') return windowClosed();
  const code = String(error.code);
  const known = (followUpProblemCodes as readonly string[]).includes(code)
    ? followUpProblemText(code as FollowUpProblemCode)
    : null;
  if (error.kind === 'template') {
    const text = known ?? REPLY_REFUSED_TEXT;
    return new HttpError(
      422,
      'WHATSAPP_TEMPLATE_UNUSABLE',
      text,
      [{ path: 'template.name', message: text }],
      {
        cause: error,
      },
    );
  }
  if (error.kind === 'undeliverable') {
    return new HttpError(422, 'CUSTOMER_WITHOUT_WHATSAPP', known ?? REPLY_WITHOUT_WHATSAPP_TEXT, undefined, {
      cause: error,
    });
  }
  return refusedError(known ?? REPLY_REFUSED_TEXT, error);
}

/** The reply as the conversation shows it. */
async function storedMessage(q: Queryable, companyId: string, wamid: string): Promise<ConversationMessage> {
  const { rows } = await q.query<{
    id: string;
    wamid: string;
    type: string;
    body: string | null;
    status: ConversationMessage['status'];
    error_code: string | null;
    error_title: string | null;
    sent_at: Timestamp;
    sent_by_user_id: string | null;
    sent_by_name: string | null;
  }>(
    `SELECT m.id, m.wamid, m.type, m.body, m.status, m.error_code, m.error_title, m.sent_at,
            m.sent_by_user_id, ${personNameSql('u')} AS sent_by_name
       FROM conversation_messages m LEFT JOIN users u ON u.id = m.sent_by_user_id
      WHERE m.company_id = $1 AND m.wamid = $2`,
    [companyId, wamid],
  );
  const row = rows[0];
  if (!row) throw new Error(`the reply ${wamid} was not stored`);
  return {
    id: row.id,
    wamid: row.wamid,
    direction: 'outbound',
    origin: 'app',
    type: row.type,
    body: row.body,
    media: null,
    location: null,
    replyTo: null,
    reactions: [],
    status: row.status,
    error: row.error_code ? { code: row.error_code, title: row.error_title } : null,
    sentAt: row.sent_at,
    sentBy: toPerson(row.sent_by_user_id, row.sent_by_name),
  };
}
