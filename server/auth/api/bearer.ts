/** The token of an `authorization` header: `Bearer <token>`, or the bare token as some clients send it. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const match = /^\s*(?:Bearer\s+)?(\S+)\s*$/i.exec(value);
  return match?.[1];
}
