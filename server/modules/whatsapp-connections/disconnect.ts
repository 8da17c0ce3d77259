import type { DisconnectReason } from '../../../contracts/whatsapp-connection';
import { disconnectedWhatsapp, type WhatsappConnectionState } from '../../../contracts/whatsapp-status';
import { HttpError } from '../../http/errors';
import { GraphError } from '../../integrations/whatsapp/graph-client';
import { companyWhatsappConnection, liveConnectionRow } from '../whatsapp-status/company-connection';
import { retire } from './connect';
import { publishConnectionChanged } from './connection-changes';
import type { ConnectionContext } from './connection-context';

export const DISCONNECT_UNAVAILABLE_TEXT =
  'Não foi possível falar com a Meta para desconectar agora. Aguarde um instante e tente de novo.';

/**
 * Revokes the app's subscription to the number's WABA (unless another company's live connection
 * still uses that WABA), forgets the token, and ends the connection: it stays as history with
 * status disconnected, and every send stops (sends read the live connection). Disconnecting when
 * there is nothing to disconnect answers the disconnected state.
 */
export async function disconnectWhatsapp(
  ctx: ConnectionContext,
  companyId: string,
): Promise<WhatsappConnectionState> {
  const live = await liveConnectionRow(ctx.db, companyId);
  if (!live) return disconnectedWhatsapp;

  if (live.access_token_encrypted && live.waba_id) {
    const { rows: sharing } = await ctx.db.query(
      `SELECT 1 FROM whatsapp_connections WHERE waba_id = $1 AND status <> 'disconnected' AND id <> $2`,
      [live.waba_id, live.id],
    );
    if (sharing.length === 0) {
      try {
        const token = await ctx.tokens.open(live.access_token_encrypted, companyId);
        await ctx.settings.graph.unsubscribeApp(token, live.waba_id);
      } catch (err) {
        // Meta out of reach: keep the connection, so the owner can try again. Any other refusal
        // (a revoked token, a WABA already gone) leaves nothing this token could revoke.
        if (err instanceof GraphError && err.retryable) {
          throw new HttpError(503, 'SERVICE_UNAVAILABLE', DISCONNECT_UNAVAILABLE_TEXT, undefined, {
            cause: err,
          });
        }
        ctx.log.warn({ err }, 'whatsapp: the subscription could not be revoked; disconnecting anyway');
      }
    }
  }

  const retired = await ctx.db.transaction(async (tx) => {
    if (!(await retire(tx, live.id))) return false;
    await publishConnectionChanged(ctx.bus, tx, companyId, live.id, 'disconnected');
    return true;
  });
  // Another request replaced or disconnected it meanwhile: what the company has now.
  return retired ? disconnectedWhatsapp : companyWhatsappConnection(ctx.db, companyId);
}

/** Why the owner disconnected, tied to the connection they last disconnected (when there is one). */
export async function recordDisconnectFeedback(
  ctx: Pick<ConnectionContext, 'db'>,
  companyId: string,
  feedback: { reason: DisconnectReason; comment: string | null },
): Promise<void> {
  const comment = feedback.comment?.trim() || null;
  await ctx.db.query(
    `INSERT INTO whatsapp_disconnect_feedback (company_id, connection_id, reason, comment)
     VALUES ($1, (SELECT id FROM whatsapp_connections
                   WHERE company_id = $1 AND status = 'disconnected'
                   ORDER BY disconnected_at DESC NULLS LAST LIMIT 1), $2, $3)`,
    [companyId, feedback.reason, comment],
  );
}
