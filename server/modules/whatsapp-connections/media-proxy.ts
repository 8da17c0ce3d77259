import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/types';
import { isUuid } from '../../db/uuid';
import { HttpError } from '../../http/errors';
import { GraphError } from '../../integrations/whatsapp/graph-client';
import type { ConnectionContext } from './connection-context';

export const MEDIA_NOT_FOUND_TEXT = 'Mídia não encontrada ou não está mais disponível.';
export const MEDIA_UNAVAILABLE_TEXT =
  'Não foi possível buscar a mídia na Meta agora. Tente de novo em instantes.';

/** Types a browser may show inline; anything else downloads, so no file runs as a page of the app. */
const INLINE = /^(image\/(jpeg|png|webp|gif)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf)$/;

const notFound = () => new HttpError(404, 'NOT_FOUND', MEDIA_NOT_FOUND_TEXT);

interface MediaMessage {
  media_id: string | null;
  file_name: string | null;
  mime_type: string | null;
  token: string | null;
}

/** The message's media id and the company's token, when the message is the company's. */
async function mediaMessage(
  q: Queryable,
  companyId: string,
  messageId: string,
): Promise<MediaMessage | null> {
  const { rows } = await q.query<MediaMessage & Record<string, unknown>>(
    `SELECT m.details->>'mediaId' AS media_id, m.details->>'fileName' AS file_name,
            m.details->>'mimeType' AS mime_type, c.access_token_encrypted AS token
       FROM conversation_messages m
       LEFT JOIN whatsapp_connections c
         ON c.company_id = m.company_id AND c.status <> 'disconnected' AND c.access_token_encrypted IS NOT NULL
      WHERE m.company_id = $1 AND m.id = $2`,
    [companyId, messageId],
  );
  return rows[0] ?? null;
}

function contentDisposition(kind: 'inline' | 'attachment', fileName: string | null): string {
  if (!fileName) return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * GET /api/conversation-media/:messageId: the file of one of the company's media messages, fetched
 * from the Graph media endpoint with the live connection's token and streamed as Meta typed it.
 */
export async function sendConversationMedia(
  ctx: ConnectionContext,
  companyId: string,
  messageId: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (!isUuid(messageId)) throw notFound();
  const message = await mediaMessage(ctx.db, companyId, messageId);
  if (!message?.media_id || !message.token) throw notFound();
  const token = await ctx.tokens.open(message.token, companyId);

  let file: Response;
  let mimeType: string;
  try {
    const media = await ctx.settings.graph.getMedia(token, message.media_id);
    file = await ctx.settings.graph.downloadMedia(token, media.url);
    mimeType =
      media.mime_type || message.mime_type || file.headers.get('content-type') || 'application/octet-stream';
  } catch (err) {
    if (err instanceof GraphError && !err.retryable && err.kind !== 'token') {
      throw new HttpError(404, 'NOT_FOUND', MEDIA_NOT_FOUND_TEXT, undefined, { cause: err });
    }
    throw new HttpError(503, 'SERVICE_UNAVAILABLE', MEDIA_UNAVAILABLE_TEXT, undefined, { cause: err });
  }

  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  const length = file.headers.get('content-length');
  reply
    .code(200)
    .type(mimeType)
    .header('cache-control', 'private, max-age=86400')
    .header(
      'content-disposition',
      contentDisposition(INLINE.test(type) ? 'inline' : 'attachment', message.file_name),
    )
    // Whatever the file is, it never runs as a page of the app.
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (length) reply.header('content-length', length);
  if (!file.body) return reply.send(Buffer.alloc(0));
  return reply.send(Readable.fromWeb(file.body as import('node:stream/web').ReadableStream));
}
