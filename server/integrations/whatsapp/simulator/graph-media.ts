import type { SimMedia } from './store';

/** Where the simulator serves media files (Meta's lookaside URLs), Bearer token required. */
export const MEDIA_DOWNLOAD_PATH = '/dev/whatsapp/media';

/** GET /{media-id} as Meta answers it. */
export function mediaObject(media: SimMedia, downloadBase: string) {
  return {
    messaging_product: 'whatsapp',
    url: `${downloadBase}/${encodeURIComponent(media.mediaId)}`,
    mime_type: media.mimeType,
    sha256: media.sha256,
    file_size: media.size,
    id: media.mediaId,
  };
}
