import type { Queryable } from '../../../db/types';

/** Where the simulator serves media files (Meta's lookaside URLs), Bearer token required. */
export const MEDIA_DOWNLOAD_PATH = '/dev/whatsapp/media';

export interface SimMedia {
  media_id: string;
  waba_id: string;
  mime_type: string;
  sha256: string;
  file_name: string | null;
  size: number;
  bytes?: Uint8Array;
  [column: string]: unknown;
}

/** A media object of dev_whatsapp_media with the account of the number it belongs to. */
export async function findMedia(q: Queryable, mediaId: string, withBytes = false): Promise<SimMedia | null> {
  const { rows } = await q.query<SimMedia>(
    `SELECT m.media_id, n.waba_id, m.mime_type, m.sha256, m.file_name, octet_length(m.bytes) AS size
            ${withBytes ? ', m.bytes' : ''}
       FROM dev_whatsapp_media m JOIN dev_whatsapp_numbers n ON n.phone_number_id = m.phone_number_id
      WHERE m.media_id = $1`,
    [mediaId],
  );
  return rows[0] ?? null;
}

/** GET /{media-id} as Meta answers it. */
export function mediaObject(media: SimMedia, downloadBase: string) {
  return {
    messaging_product: 'whatsapp',
    url: `${downloadBase}/${encodeURIComponent(media.media_id)}`,
    mime_type: media.mime_type,
    sha256: media.sha256,
    file_size: Number(media.size),
    id: media.media_id,
  };
}
