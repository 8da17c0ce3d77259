/** The play page's form bodies: url-encoded fields, and multipart for the photo. */

export type FormFields = Record<string, string>;

export interface MultipartFile {
  field: string;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** First value of each field; names that could reach an object's prototype are dropped. */
export function decodeUrlEncoded(body: string): FormFields {
  const fields: FormFields = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    if (name === '__proto__' || name === 'constructor' || name in fields) continue;
    fields[name] = value;
  }
  return fields;
}

/**
 * multipart/form-data as browsers send it: text fields and files. Returns null when the body does
 * not follow the boundary given in the content type.
 */
export function decodeMultipart(
  body: Buffer,
  contentType: string,
): { fields: FormFields; files: MultipartFile[] } | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark || mark.length > 200) return null;
  const delimiter = Buffer.from(`--${mark}`);
  const fields: FormFields = Object.create(null);
  const files: MultipartFile[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return null;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return null;
    const headers = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const disposition = /content-disposition:[^\r\n]*?\bname="([^"]*)"(?:;\s*filename="([^"]*)")?/i.exec(
      headers,
    );
    const name = disposition?.[1];
    if (name && name !== '__proto__' && name !== 'constructor') {
      const fileName = disposition?.[2];
      if (fileName !== undefined) {
        const type = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
        files.push({ field: name, fileName, mimeType: type, bytes: Buffer.from(content) });
      } else if (!(name in fields)) {
        fields[name] = content.toString('utf8');
      }
    }
    at = next;
  }
  return { fields, files };
}
