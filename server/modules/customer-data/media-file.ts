import type { ExportedMessage } from '../../../contracts/customer-data';
import type { GraphClient } from '../../integrations/whatsapp/graph-client';

export const MEDIA_NO_CONNECTION_TEXT = 'Sem conexão com o WhatsApp: o arquivo não pôde ser buscado.';
export const MEDIA_FETCH_FAILED_TEXT = 'O WhatsApp não entregou o arquivo (removido ou expirado).';

/** Where a message's file is fetched from: the Graph client and the company's live token, if any. */
export interface MediaSource {
  graph: GraphClient;
  token: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * The file of a media message as the export embeds it (base64 with its type and name), or why it is
 * missing: the file is whole in memory only while its own message is written.
 */
export async function exportedMedia(
  source: MediaSource | null,
  details: Record<string, unknown>,
): Promise<ExportedMessage['media']> {
  const mediaId = text(details.mediaId);
  if (!mediaId) return null;
  const fileName = text(details.fileName);
  const storedType = text(details.mimeType);
  if (!source) return { mimeType: storedType, fileName, unavailable: MEDIA_NO_CONNECTION_TEXT };
  try {
    const media = await source.graph.getMedia(source.token, mediaId);
    const file = await source.graph.downloadMedia(source.token, media.url);
    const bytes = Buffer.from(await file.arrayBuffer());
    return {
      mimeType:
        media.mime_type || storedType || file.headers.get('content-type') || 'application/octet-stream',
      fileName,
      sizeBytes: bytes.length,
      base64: bytes.toString('base64'),
    };
  } catch {
    return { mimeType: storedType, fileName, unavailable: MEDIA_FETCH_FAILED_TEXT };
  }
}
